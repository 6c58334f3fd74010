import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// A formatted body from text.
func formatBody(_ text: String, _ mimeType: String? = "application/json", lineLimit: Int? = nil) -> FormattedBody {
    FormattedBody.format(Data(text.utf8), mimeType: mimeType, lineLimit: lineLimit)
}

/// Every line of a body as plain text.
func bodyLines(_ body: FormattedBody) -> [String] {
    (0..<body.lineCount).map(body.plainText)
}

@Suite("Body formatting: JSON, text, binary")
struct BodyFormattingTests {
    @Test("JSON is pretty-printed with keys in source order, empty containers inline, strings and numbers as written")
    func prettyJSON() {
        let source = #"{"zeta":"Zoë \"Z\"\n","alpha":[],"meta":{},"n":-1.5E+10,"ok":true,"none":null,"#
            + #""list":[1,{"a":"\u00e9","b":0.25e-3}],"日本":"語"}"#
        let body = formatBody(source)
        expectEqual(body.kind, .json)
        expectEqual(body.notice, nil)
        #expect(body.isComplete)
        #expect(bodyLines(body) == [
            "{",
            #"  "zeta": "Zoë \"Z\"\n","#,
            #"  "alpha": [],"#,
            #"  "meta": {},"#,
            #"  "n": -1.5E+10,"#,
            #"  "ok": true,"#,
            #"  "none": null,"#,
            #"  "list": ["#,
            "    1,",
            "    {",
            #"      "a": "\u00e9","#,
            #"      "b": 0.25e-3"#,
            "    }",
            "  ],",
            #"  "日本": "語""#,
            "}",
        ])
        expectEqual(body.byteCount, source.utf8.count)
    }

    @Test("Whitespace in the source goes; a top-level scalar or empty container is one line")
    func reformatting() {
        expectEqual(bodyLines(formatBody("  [ 1 ,\n\t2 ]\r\n")), ["[", "  1,", "  2", "]"])
        #expect(bodyLines(formatBody(#""just a string""#)) == [#""just a string""#])
        #expect(bodyLines(formatBody(" {  } ")) == ["{}"])
        expectEqual(bodyLines(formatBody("[[[]]]")), ["[", "  [", "    []", "  ]", "]"])
    }

    @Test("Tokens are styled: keys, strings, numbers, literals, punctuation")
    func tokenStyles() {
        let body = formatBody(#"{"k":"v","n":12,"t":false,"o":{"x":null}}"#)
        #expect(body.line(0).spans == [Span("{", .syntaxPunctuation)])
        #expect(body.line(1).spans == [
            Span("  "), Span(#""k""#, .syntaxKey), Span(": ", .syntaxPunctuation), Span(#""v""#, .syntaxString),
            Span(",", .syntaxPunctuation),
        ])
        expectEqual(body.line(2).spans.map(\.style), [.plain, .syntaxKey, .syntaxPunctuation, .syntaxNumber, .syntaxPunctuation])
        expectEqual(body.line(3).spans.map(\.style), [.plain, .syntaxKey, .syntaxPunctuation, .syntaxLiteral, .syntaxPunctuation])
        #expect(body.line(5).spans == [Span("    "), Span(#""x""#, .syntaxKey), Span(": ", .syntaxPunctuation), Span("null", .syntaxLiteral)])
        expectEqual(body.line(6).spans, [Span("  "), Span("}", .syntaxPunctuation)])
    }

    @Test("A string holding a colon or brackets stays one string")
    func stringsWithPunctuation() {
        let body = formatBody(#"{"a: [b]":"c\": {d}"}"#)
        #expect(body.line(1).spans == [
            Span("  "), Span(#""a: [b]""#, .syntaxKey), Span(": ", .syntaxPunctuation), Span(#""c\": {d}""#, .syntaxString),
        ])
    }

    @Test("Folds: lines opening multi-line containers know their closing line")
    func jsonFolds() {
        let body = formatBody(#"{"a":[1,2],"b":{},"c":{"d":[]}}"#)
        // {, "a": [, 1, 2, ], "b": {}, "c": {, "d": [], }, }
        expectEqual(body.foldEnd(of: 0), 9)
        expectEqual(body.foldEnd(of: 1), 4)
        expectEqual(body.foldEnd(of: 5), nil)
        expectEqual(body.foldEnd(of: 6), 8)
        expectEqual(body.foldEnd(of: 7), nil)
        expectEqual(body.depth(of: 2), 2)
    }

    @Test("Invalid JSON is shown as text with a notice saying where and why", arguments: [
        (#"{"a": 1 "b": 2}"#, "not valid JSON at byte 8 (line 1): expected ',' or '}'; shown as text"),
        ("{\n  \"a\": [1, 2,\n  ]\n}", "not valid JSON at byte 18 (line 3): expected a value; shown as text"),
        (#"{"a": tru}"#, "not valid JSON at byte 6 (line 1): expected a value; shown as text"),
        (#"{"a": 01}"#, "not valid JSON at byte 7 (line 1): expected ',' or '}'; shown as text"),
        (#"[1, 2"#, "not valid JSON at byte 5 (line 1): expected ',' or ']', but the body ends; shown as text"),
        (#"{"a": "x"#, "not valid JSON at byte 6 (line 1): the string starting here never ends; shown as text"),
        (#"["\q"]"#, "not valid JSON at byte 2 (line 1): invalid escape sequence; shown as text"),
        (#"{} x"#, "not valid JSON at byte 3 (line 1): unexpected data after the JSON value; shown as text"),
        (#"{1: 2}"#, "not valid JSON at byte 1 (line 1): expected a member name in quotes; shown as text"),
    ])
    func invalidJSON(source: String, notice: String) {
        let body = formatBody(source)
        expectEqual(body.kind, .text)
        expectEqual(body.notice, notice)
        expectEqual(bodyLines(body), source.components(separatedBy: "\n"))
    }

    @Test("Nesting deeper than 512 levels is refused rather than overflowing anything")
    func deepNesting() {
        let body = formatBody(String(repeating: "[", count: 600) + String(repeating: "]", count: 600))
        expectEqual(body.kind, .text)
        expectEqual(body.notice?.contains("nest deeper than 512 levels"), true)
        expectEqual(formatBody(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).kind, .json)
    }

    @Test("JSON is sniffed without a type or under a text type; sniffed JSON that fails is plain text")
    func sniffing() {
        #expect(formatBody(#"{"a":1}"#, nil).kind == .json)
        expectEqual(formatBody(" [1]", "text/plain; charset=utf-8").kind, .json)
        #expect(formatBody(#"{"a":1}"#, "application/problem+json").kind == .json)
        let log = formatBody("[INFO] started\n[WARN] slow", "text/plain")
        expectEqual(log.kind, .text)
        expectEqual(log.notice, nil)
        expectEqual(bodyLines(log), ["[INFO] started", "[WARN] slow"])
        #expect(formatBody(#"{"a":1}"#, "application/javascript").kind == .text)
    }

    @Test("Text splits on LF and CRLF; a final line break adds no empty line; a byte order mark goes")
    func text() {
        let body = formatBody("one\r\ntwo\n\nthree\r\n", "text/plain")
        expectEqual(body.kind, .text)
        expectEqual(bodyLines(body), ["one", "two", "", "three"])
        expectEqual(body.line(0).spans, [Span("one")])
        #expect(bodyLines(formatBody("\u{FEFF}bom", "text/plain")) == ["bom"])
        #expect(bodyLines(formatBody("\u{FEFF}{\"a\":1}", nil)) == ["{", #"  "a": 1"#, "}"])
    }

    @Test("Latin-1 text is read by its charset; invalid UTF-8 without one is binary")
    func charsets() {
        let latin1 = Data([0x63, 0x61, 0x66, 0xE9, 0x0A, 0x6E, 0x61, 0xEF, 0x76, 0x65])
        let body = FormattedBody.format(latin1, mimeType: "text/plain; charset=ISO-8859-1")
        expectEqual(body.kind, .text)
        expectEqual(bodyLines(body), ["café", "naïve"])
        expectEqual(body.byteCount, 10)
        expectEqual(FormattedBody.format(latin1, mimeType: "text/plain").kind, .binary)
        expectEqual(FormattedBody.format(latin1, mimeType: nil).kind, .binary)
        let utf16 = Data(#"{"k":"é"}"#.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let json = FormattedBody.format(utf16, mimeType: "application/json; charset=utf-16le")
        #expect(bodyLines(json) == ["{", #"  "k": "é""#, "}"])
    }

    @Test("Binary bodies get a size line and a hexdump -C preview")
    func binary() {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x41])
        let body = FormattedBody.format(png, mimeType: "image/png")
        expectEqual(body.kind, .binary)
        #expect(bodyLines(body) == [
            "binary body · image/png · 18 B",
            "00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  |.PNG........IHDR|",
            "00000010  00 41                                             |.A|",
        ])
        expectEqual(body.line(0).spans, [Span("binary body · image/png · 18 B", .dim)])
        expectEqual(body.line(1).spans.map(\.style), [.dim, .plain, .syntaxString])
        expectEqual(FormattedBody.format(Data("a\0b".utf8), mimeType: "text/plain").kind, .binary)
        expectEqual(FormattedBody.format(Data("plain".utf8), mimeType: "application/octet-stream").kind, .binary)
    }

    @Test("A large binary body previews its first 64 KiB")
    func largeBinary() {
        let body = FormattedBody.format(Data(repeating: 0xAB, count: 100_000), mimeType: nil)
        expectEqual(body.kind, .binary)
        expectEqual(body.plainText(0), "binary body · 97.7 KiB (100,000 bytes) · the first 64 KiB shown")
        expectEqual(body.lineCount, 1 + 65_536 / 16)
        #expect(body.plainText(body.lineCount - 1).hasPrefix("0000fff0  ab ab"))
    }

    @Test("Declared JSON that is binary says so")
    func jsonThatIsBinary() {
        let body = FormattedBody.format(Data([0x89, 0x50, 0x4E, 0x47, 0xFF]), mimeType: "application/json")
        expectEqual(body.kind, .binary)
        expectEqual(body.notice, "not valid JSON at byte 0 (line 1): expected a value; shown as binary")
    }

    @Test("An empty body is one dim line")
    func empty() {
        let body = FormattedBody.format(Data(), mimeType: "application/json")
        expectEqual(body.kind, .empty)
        expectEqual(body.lineCount, 1)
        expectEqual(body.line(0).spans, [Span("(empty body)", .dim)])
    }
}
