@testable import Courier
import Foundation
import Testing

/// `JSONValue.value(at:in:)`: a path read from the bytes selects what parsing the whole
/// document and following the path selects, and rejects what parsing rejects, in the same words.
@Suite("Reading a JSON path from the bytes")
struct JSONPathReadingTests {
    static let document = """
        \u{FEFF}{"items": [{"id": 1, "name": "a"}, {"id": 2, "name": "b\\u00e9", "tags": ["x", {"deep": [true, null]}]}],
         "count": 2, "owner": {"name": "Ann"}, "owner": {"id": 7}, "empty": {}, "none": [], "n": -0.5e3}
        """

    /// Follows `path` in the tree of the whole document, as a check did before.
    static func followed(_ path: [JSONPathStep], in value: JSONValue) -> JSONValue? {
        path.reduce(Optional(value)) { current, step in
            switch step {
            case .member(let name): current?[name]
            case .element(let position): position < 0 ? nil : current?[position]
            }
        }
    }

    @Test("every path selects what the whole tree selects")
    func pathsAgreeWithTheWholeTree() throws {
        let data = Data(Self.document.utf8)
        let tree = try JSONValue(parsing: data)
        let paths: [[JSONPathStep]] = [
            [], [.member("items")], [.member("items"), .element(1), .member("name")],
            [.member("items"), .element(1), .member("tags"), .element(1), .member("deep"), .element(1)],
            [.member("items"), .element(2)], [.member("items"), .element(-1)], [.member("count")], [.member("count"), .member("x")],
            [.member("owner")], [.member("owner"), .member("name")], [.member("owner"), .member("id")], [.member("empty"), .member("a")],
            [.member("none"), .element(0)], [.member("n")], [.member("missing")], [.element(0)],
        ]
        for path in paths {
            #expect(try JSONValue.value(at: path, in: data) == Self.followed(path, in: tree), "\(path)")
        }
        // A member named twice is read from its last occurrence, as the tree keeps it.
        expectEqual(try JSONValue.value(at: [.member("owner"), .member("name")], in: data), nil)
        expectEqual(try JSONValue.value(at: [.member("items"), .element(1), .member("name")], in: data), .string("bé"))
    }

    @Test("a document that is not JSON is refused past the value found, with the parser's offset and reason")
    func invalidDocumentsFailAsParsingDoes() throws {
        let bad = [#"{"a": 1, "b": [1, 2,]}"#, #"{"a": 1} x"#, #"{"a": "\ud800"}"#, #"{"a": 01}"#, "", #"{"a": 1"#, "[1, {\"a\" 2}]",
                   String(repeating: "[", count: 600) + String(repeating: "]", count: 600)]
        for text in bad {
            let data = Data(text.utf8)
            var expected: JSONParseError?
            do { _ = try JSONValue(parsing: data) } catch let error as JSONParseError { expected = error }
            let failure = try #require(expected, "\(text) parsed")
            #expect(throws: failure) { _ = try JSONValue.value(at: [.member("a")], in: data) }
        }
    }

    @Test("a path reads past ten thousand elements to the last one, and to a member after them")
    func pathsReadPastLongArrays() throws {
        // An element of ten thousand objects, and the path's value at the end.
        let filler = (0..<10_000).map { #"{"id": \#($0), "text": "row \#($0)"}"# }.joined(separator: ",")
        let data = Data(#"{"rows": [\#(filler)], "last": {"ok": true}}"#.utf8)
        expectEqual(try JSONValue.value(at: [.member("last"), .member("ok")], in: data), .bool(true))
        expectEqual(try JSONValue.value(at: [.member("rows"), .element(9_999), .member("text")], in: data), .string("row 9999"))
    }
}
