import CLibXML2
import Courier
@testable import CourierChecks
@testable import CourierFormatCore
import Foundation
import HTTPTypes
import Testing

/// `xpath` checks on bodies too big for a document (#41 11b: XPath on a 100 MB page took
/// 3.15 GiB): a streamed path must answer exactly what the document would.
@Suite("Markup streaming")
struct MarkupStreamTests {
    /// Pages with what HTML parsers recover from: a void `<br>`, unclosed `<li>`, `<meta>`,
    /// blanks where the parser drops them (in `<ul>`, `<table>`), script text, entities,
    /// attributes without values, nested selected elements, a bare fragment.
    static let pages = [
        """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>Home &amp; away</title>
        <script>if (a < b) { x = "</p>" }</script><style>p > b { color: red }</style></head>
        <body><p class=intro>Hello<br>world <img src=a.png></p><p>Second <b>bold</b> end</p>
        <ul>
          <li>a<li>b
        </ul>
        <table> <tr> <td>1</td> <td>2</td> </tr> </table>
        <div id=outer>one<div id=inner>two<div>three</div></div>four</div>
        <input checked name=q value="a &gt; b"><a href="/x?a=1&amp;b=2">link</a><!-- a comment -->
        </body></html>
        """,
        "just text <b>and bold</b> and <p>a paragraph",
        "<html><body>\n\n<p>  spaced  </p>\n<p></p>\n</body></html>",
    ]

    /// XML with namespaces, attributes, CDATA, an internal entity and a comment.
    static let documents = [
        """
        <?xml version="1.0"?><!DOCTYPE feed [<!ENTITY who "Ada">]>
        <feed n="2"><entry id="1"><title>One &who;</title><![CDATA[<raw>]]></entry>
        <entry id="2"><title>Two</title><!-- c --></entry><x:entry xmlns:x="urn:x">ns</x:entry></feed>
        """,
        "<a xmlns=\"urn:default\"><b>in a namespace</b></a>",
    ]

    static let paths = [
        "//p", "//title", "/html/head/title", "/html/body/p", "//div", "//li", "//td", "//tr", "//ul", "//b",
        "//img/@src", "//input/@checked", "//input/@value", "//a/@href", "//@id", "//*", "/html", "//p|//li",
        "//script", "//style", "/*", "//entry", "//entry/@id", "//title|//entry", "/feed/entry/title", "//b|//a",
    ]

    static func value(_ expression: String, in body: String, html: Bool) throws -> (document: MarkupDocument.Value, stream: MarkupDocument.Value)? {
        guard let query = MarkupStream.Query(expression) else { return nil }
        let data = Data(body.utf8)
        return (try MarkupDocument(body: data, html: html).evaluate(expression), try MarkupStream.evaluate(query, body: data, html: html))
    }

    @Test func aStreamedPathAnswersWhatTheDocumentAnswers() throws {
        var compared = 0
        for (bodies, html) in [(Self.pages, true), (Self.documents, false)] {
            for body in bodies {
                for path in Self.paths {
                    for expression in [path, "count(\(path))"] {
                        guard let (document, stream) = try Self.value(expression, in: body, html: html) else {
                            Issue.record("\(expression) should stream")
                            continue
                        }
                        #expect(stream == document, "\(expression) over \(body.prefix(40))…")
                        compared += 1
                    }
                }
            }
        }
        expectEqual(compared, Self.paths.count * 2 * (Self.pages.count + Self.documents.count))
        // Not vacuous: the comparisons include texts that recovery, blanks and nesting decide.
        expectEqual(try Self.value("//div", in: Self.pages[0], html: true)?.stream, .nodes(["onetwothreefour", "twothree", "three"]))
        expectEqual(try Self.value("//title", in: Self.documents[0], html: false)?.stream, .nodes(["One Ada", "Two"]))
    }

    @Test func onlyAbsolutePathsAndTheirCountsStream() {
        for expression in ["//p", "count(//p)", " count( /html/body ) ", "//a/@href", "//p | //li"] {
            #expect(MarkupStream.Query(expression) != nil, "\(expression)")
        }
        for expression in ["p", "body/p", "//p[1]", "//p/text()", "string(//p)", "count(//p) > 1", "//p|li", "//p/..", "/"] {
            #expect(MarkupStream.Query(expression) == nil, "\(expression)")
        }
    }

    /// A page of `rows` rows whose tags and attribute values (`>` inside quotes) fall across the
    /// parser's 64 KiB chunks.
    static func bigPage(rows: Int) -> String {
        var page = "<!DOCTYPE html><html><head><title>Big</title></head><body>\n"
        for row in 0..<rows {
            page += "<div class=\"row\" data-x=\"a>b\"><p>item \(row) &lt;text&gt;</p><span>\(row)</span> 3 > 2 <a href=\"/x/\(row)\">l</a></div>\n"
        }
        return page + "</body></html>"
    }

    @Test func aBigPageIsParsedAsItComesAndItsTreeFreedAsItGoes() async throws {
        let page = Self.bigPage(rows: 20_000)  // about 2.3 MiB, 36 chunks
        let data = Data(page.utf8)
        let paths = [("//p", true), ("//a/@href", false), ("//div", false)]
        let read = try await offThePool { () throws -> [(matches: Int, mostUnparsed: Int, freedNodes: Int)?] in
            try paths.map { path, counting in
                guard let pattern = MarkupStream.Query.compile(path), let stream = xmlPatternGetStreamCtxt(pattern) else { return nil }
                defer {
                    xmlFreeStreamCtxt(stream)
                    xmlFreePattern(pattern)
                }
                let reading = MarkupStreamReading(stream: stream, counting: counting)
                try reading.parse(data, html: true)
                return (reading.matches, reading.mostUnparsed, reading.freedNodes)
            }
        }
        for ((path, _), reading) in zip(paths, read) {
            guard let reading else {
                Issue.record("\(path) does not compile")
                continue
            }
            #expect(reading.matches == 20_000, "\(path)")
            #expect(reading.mostUnparsed < 1 << 17, "the parser kept up with the chunks (\(reading.mostUnparsed) bytes waited)")
            #expect(reading.freedNodes >= 20_000, "finished rows were freed (\(reading.freedNodes))")
        }
        let expressions = ["//div", "//a/@href", "count(//span)", "/html/body/div/p"]
        let answers = try await offThePool { () throws -> [Bool] in
            let document = try MarkupDocument(body: data, html: true)
            return try expressions.map { expression in
                guard let query = MarkupStream.Query(expression) else { return false }
                return try MarkupStream.evaluate(query, body: data, html: true) == document.evaluate(expression)
            }
        }
        #expect(answers == expressions.map { _ in true }, "\(zip(expressions, answers).filter { !$0.1 }.map(\.0)) answered differently")
    }

    static func bigFacts(_ body: Data, type: String = "text/html") -> ResponseFacts {
        ResponseFacts(status: 200, headers: [.contentType: type], body: body)
    }

    @Test func checksOnABodyOverTheDocumentLimitStreamOrSayWhyNot() async throws {
        let rows = MarkupDocument.largestParsed / 110 + 1_000
        let facts = Self.bigFacts(Data(Self.bigPage(rows: rows).utf8))
        #expect(facts.body.count > MarkupDocument.largestParsed)
        let checks = try ["xpath \"count(//p)\" == \(rows)", "xpath //title == Big", "xpath \"//p[1]\" exists"].map {
            try Check(parsing: $0, location: SourceLocation(file: "t.yaml", line: 1, column: 1))
        }
        let results = try await offThePool {
            let render: (String) throws(TemplateError) -> String = { $0 }
            return Check.evaluate(checks, on: facts, render: render).map { (passed: $0.passed, summary: $0.summary, note: $0.note) }
        }
        #expect(results[0].passed, "\(results[0].summary)")
        #expect(results[1].passed, "\(results[1].summary)")
        #expect(!results[2].passed)
        #expect(results[2].note?.contains("over 16 MiB only a path (//tr, /html/head/title, //a/@href) or its count(…) is evaluated") == true,
                "\(results[2].summary)")
    }

    @Test func selectingMoreTextThanTheLimitFailsInsteadOfHoldingIt() async throws {
        let text = String(repeating: "x", count: 1 << 20)
        let paragraphs = MarkupStream.largestSelection >> 20 + 2
        let body = Data(("<html><body>" + String(repeating: "<p>\(text)</p>", count: paragraphs) + "</body></html>").utf8)
        let (selectionFailed, counted) = try await offThePool { () throws -> (Bool, MarkupDocument.Value?) in
            guard let select = MarkupStream.Query("//p"), let count = MarkupStream.Query("count(//p)") else { return (false, nil) }
            let failed: Bool
            do {
                _ = try MarkupStream.evaluate(select, body: body, html: true)
                failed = false
            } catch is MarkupDocument.Failure {
                failed = true
            }
            return (failed, try MarkupStream.evaluate(count, body: body, html: true))
        }
        #expect(selectionFailed, "selecting the text of every paragraph fails")
        #expect(counted == .number(Double(paragraphs)), "counting holds no text")
    }

    @Test func malformedXMLAndExternalEntitiesAreHandledAsInADocument() throws {
        let query = try #require(MarkupStream.Query("//a"))
        #expect(throws: MarkupDocument.Failure.self) { try MarkupStream.evaluate(query, body: Data("<a><b></a>".utf8), html: false) }
        let secret = temporaryDirectory() + "/secret.txt"
        try "TOP-SECRET".write(toFile: secret, atomically: true, encoding: .utf8)
        let xml = Data("<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY x SYSTEM \"file://\(secret)\">]><a>&x;</a>".utf8)
        expectEqual(try MarkupStream.evaluate(try #require(MarkupStream.Query("/a")), body: xml, html: false), .nodes([""]))
    }
}
