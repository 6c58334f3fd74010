import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// Random JSON written three ways: minified, pretty-printed as the body view lays it out, and
/// with random whitespace between every token (inside empty containers too).
struct RandomJSON {
    enum Style: CaseIterable { case minified, pretty, scattered }

    var generator: SplitMix64
    let style: Style

    mutating func document(depth: Int = 0) -> String {
        value(depth: depth, indent: 0)
    }

    private mutating func space() -> String {
        guard style == .scattered else { return "" }
        return String((0..<Int.random(in: 0...3, using: &generator)).map { _ in [" ", "\n", "\t", "\r\n"].randomElement(using: &generator)! }.joined())
    }

    private mutating func value(depth: Int, indent: Int) -> String {
        let roll = Int.random(in: 0..<10, using: &generator)
        if depth < 5, roll < 4 {
            let isObject = roll < 2
            let count = Int.random(in: 0...(depth == 0 ? 40 : 6), using: &generator)
            let (open, close) = isObject ? ("{", "}") : ("[", "]")
            if count == 0 { return open + space() + close }
            var parts: [String] = []
            for index in 0..<count {
                var part = ""
                if isObject { part += scalarString(key: index) + space() + ":" + (style == .pretty ? " " : "") + space() }
                part += value(depth: depth + 1, indent: indent + 1)
                parts.append(part)
            }
            if style == .pretty {
                let inner = String(repeating: "  ", count: indent + 1)
                return open + "\n" + parts.map { inner + $0 }.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: indent) + close
            }
            return open + space() + parts.map { $0 + space() }.joined(separator: "," + space()) + close
        }
        switch roll {
        case 4, 5: return scalarString(key: nil)
        case 6: return ["true", "false", "null"].randomElement(using: &generator)!
        default: return ["0", "-1.5", "12e3", "3.25E-2", "42", "-0"].randomElement(using: &generator)!
        }
    }

    private mutating func scalarString(key: Int?) -> String {
        let pieces = ["a", "b", "name", " ", "é", "日本", "\\\"", "\\\\", "\\n", "\\u00e9", ",", ":", "{", "]", "x\\\\"]
        var text = key.map { "k\($0)" } ?? ""
        for _ in 0..<Int.random(in: 0...4, using: &generator) { text += pieces.randomElement(using: &generator)! }
        return "\"" + text + "\""
    }
}

@Suite("Bodies laid out from their bytes (indexed lines)")
struct IndexedLinesTests {
    /// The body laid out both ways.
    static func bothWays(_ text: String, mimeType: String = "application/json") throws -> (stored: FormattedBody, indexed: FormattedBody) {
        let data = Data(text.utf8)
        let indexed = try #require(FormattedBody.indexed(data, mimeType: mimeType))
        return (FormattedBody.format(data, mimeType: mimeType), indexed)
    }

    @Test("Every line, depth, fold and enclosing fold is the same as the kept layout's", arguments: RandomJSON.Style.allCases)
    func sameLinesAsStored(style: RandomJSON.Style) throws {
        var random = RandomJSON(generator: SplitMix64(seed: 46), style: style)
        var totalLines = 0
        for _ in 0..<60 {
            let (stored, indexed) = try Self.bothWays(random.document())
            #expect(indexed.kind == stored.kind && indexed.kind == .json)
            try #require(indexed.lineCount == stored.lineCount)
            totalLines += stored.lineCount
            for line in 0..<stored.lineCount {
                #expect(indexed.plainText(line) == stored.plainText(line), "line \(line)")
                #expect(indexed.foldEnd(of: line) == stored.foldEnd(of: line), "fold end of \(line)")
                #expect(indexed.opensFold(line) == (stored.foldEnd(of: line) != nil), "opens \(line)")
                #expect(indexed.enclosingFold(of: line) == stored.enclosingFold(of: line), "enclosing \(line)")
                #expect(indexed.content(of: line, byteLimit: 5) == stored.content(of: line, byteLimit: 5))
            }
        }
        // Enough lines that folds and enclosing folds cross checkpoints.
        #expect(totalLines > 20 * CheckpointRecorder.linesPerCheckpoint)
    }

    @Test("Searches find what the kept layout finds, for a body minified or pretty-printed", arguments: RandomJSON.Style.allCases)
    func searchAgreesWithStored(style: RandomJSON.Style) throws {
        var random = RandomJSON(generator: SplitMix64(seed: 4_646), style: style)
        for _ in 0..<30 {
            let (stored, indexed) = try Self.bothWays(random.document())
            for query in ["name", "NAME", "日本", "\\\"", "k1", "e3,", "\": ", "\"k0\": [", "true", "{}", "]", " 1"] {
                let ignoresCase = BodyViewer.ignoresCase(query)
                let expected = stored.matches(of: query, caseInsensitive: ignoresCase, limit: 1_000)
                let found = indexed.matches(of: query, caseInsensitive: ignoresCase, limit: 1_000)
                // Whitespace inside a query's first word hides matches of a body written with it.
                if style != .scattered {
                    #expect(found == expected, "\(query)")
                } else {
                    #expect(Set(found).isSubset(of: Set(expected)), "\(query)")
                }
            }
        }
    }

    @Test("Text: lines, a carriage return before a line feed dropped, a final line feed ending the last line")
    func textLines() throws {
        var generator = SplitMix64(seed: 7)
        var lines: [String] = []
        for index in 0..<1_000 {
            lines.append(String(repeating: "x", count: Int.random(in: 0...30, using: &generator)) + " line \(index)")
        }
        for text in [lines.joined(separator: "\n"), lines.joined(separator: "\r\n") + "\r\n", "one", "\n\n", "a\n\nb\n"] {
            let (stored, indexed) = try Self.bothWays(text, mimeType: "text/plain")
            #expect(indexed.kind == .text)
            try #require(indexed.lineCount == stored.lineCount)
            #expect((0..<stored.lineCount).allSatisfy { indexed.plainText($0) == stored.plainText($0) })
            #expect(indexed.matches(of: "line 99", caseInsensitive: false, limit: 100) == stored.matches(of: "line 99", caseInsensitive: false, limit: 100))
        }
    }

    @Test("JSON that does not parse is shown as text with where it broke; binary as a hex preview")
    func notJSON() throws {
        let broken = try #require(FormattedBody.indexed(Data(#"{"a": [1, 2,, 3]}"#.utf8), mimeType: "application/json"))
        #expect(broken.kind == .text)
        #expect(broken.notice == "not valid JSON at byte 12; shown as text")
        let binary = try #require(FormattedBody.indexed(Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2]), mimeType: nil))
        #expect(binary.kind == .binary)
        // A large one says its whole size, and that only its start is shown.
        var large = Data([0x89, 0x50, 0x4E, 0x47, 0])
        large.append(Data(repeating: 7, count: 10_000_000))
        let preview = try #require(FormattedBody.indexed(large, mimeType: "text/plain"))
        #expect(preview.kind == .binary)
        #expect(preview.plainText(0).contains("text/plain") && preview.plainText(0).contains("10,000,005 bytes")
            && preview.plainText(0).contains("the first 64 KiB shown"), "\(preview.plainText(0))")
        #expect(preview.lineCount == 1 + HexPreview.previewBytes / 16)
    }

    @Test("While it is indexed, each partial layout's lines are the first lines of the whole")
    func progressIsAPrefix() throws {
        let data = customersJSON(40_000)
        var partials: [FormattedBody] = []
        let whole = try #require(FormattedBody.indexed(data, mimeType: "application/json") { partial in
            partials.append(partial)
            return true
        })
        try #require(!partials.isEmpty)
        #expect(partials[0].lineCount <= 1_000, "the first screen goes at once")
        for partial in partials {
            #expect(!partial.isComplete)
            #expect(partial.lineCount <= whole.lineCount)
            for line in [0, partial.lineCount / 2, partial.lineCount - 1] {
                #expect(partial.plainText(line) == whole.plainText(line))
            }
        }
        #expect(whole.isComplete && whole.lineCount == 2 + 12 * 40_000)
        var stopped = 0
        let givenUp = FormattedBody.indexed(data, mimeType: "application/json") { _ in
            stopped += 1
            return false
        }
        #expect(givenUp == nil && stopped == 1)
    }

    @Test("The viewer folds, searches, filters and goes to the end of a body laid out from its bytes")
    func viewerOverIndexedBody() throws {
        let count = 21_000
        let body = try #require(FormattedBody.indexed(customersJSON(count), mimeType: "application/json"))
        #expect(body.indexed != nil)
        let middle = 1 + 12 * (count / 2)
        #expect(body.matches(of: "\"customer 10500\"", caseInsensitive: false, limit: 10) == [BodyMatch(line: middle + 2, range: 8..<24)])
        #expect(body.matches(of: "\"id\": 10500,", caseInsensitive: false, limit: 10) == [BodyMatch(line: middle + 1, range: 0..<12)], "as shown, though the body has no space")
        #expect(body.matches(of: "springfield", caseInsensitive: true, limit: 100_000).count == count)
        #expect(bodyLines(try body.filtered(by: JSONPath(parsing: "$[20999].address.zip")).get()) == [#""30999""#])
        #expect(body.match(at: try JSONPath(parsing: "$[10500].name")) == BodyMatch(line: middle + 2, range: 8..<24))

        var viewer = BodyViewer(body: body)
        viewer.resize(height: 40, width: 100)
        viewer.search("customer 20999\"")
        #expect(viewer.cursor == body.lineCount - 11)
        viewer.toggleFold()
        #expect(viewer.cursor == body.lineCount - 13)
        viewer.moveToBottom()
        #expect(viewer.cursor == body.lineCount - 1)
        viewer.foldAll()
        #expect(viewer.rowCount == 1)
        viewer.toggleFold()
        #expect(viewer.rowCount == count + 2, "each customer folded under the open array")
        let rows = viewer.visibleLines(height: 3, width: 60, focused: true).map(\.text)
        #expect(rows == ["     1 ▾ [", "     2 ▸   { … 11 lines", "    14 ▸   { … 11 lines"])
    }
}
