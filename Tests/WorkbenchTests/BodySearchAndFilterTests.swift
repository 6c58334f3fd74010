import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

@Suite("Body search and JSON path filter")
struct BodySearchAndFilterTests {
    static let orders = #"{"orders":[{"id":"A-1","total":12.5,"items":["tea","Cup"]},{"id":"B-2","total":3,"items":[]}],"#
        + #""owner":{"name":"Ann","note":"東京の店"},"count":2}"#

    @Test("Search finds matches within lines, indentation excluded, as byte ranges")
    func search() {
        let body = formatBody(Self.orders)
        // "id": "A-1", is line 3, indented six columns.
        #expect(body.plainText(3) == #"      "id": "A-1","#)
        expectEqual(body.matches(of: "A-1", caseInsensitive: false, limit: 10), [BodyMatch(line: 3, range: 7..<10)])
        expectEqual(body.matches(of: "\"id\"", caseInsensitive: false, limit: 10).map(\.line), [3, 11])
        #expect(body.matches(of: "nothing", caseInsensitive: true, limit: 10).isEmpty)
        #expect(body.matches(of: "", caseInsensitive: true, limit: 10).isEmpty)
    }

    @Test("Case-insensitive search folds ASCII letters")
    func caseInsensitive() {
        let body = formatBody(Self.orders)
        #expect(body.matches(of: "cup", caseInsensitive: false, limit: 10).isEmpty)
        expectEqual(body.matches(of: "cup", caseInsensitive: true, limit: 10).map(\.line), [7])
        expectEqual(body.matches(of: "ORDERS", caseInsensitive: true, limit: 10), [BodyMatch(line: 1, range: 1..<7)])
    }

    @Test("CJK queries match by their bytes")
    func cjk() {
        let body = formatBody(Self.orders)
        let line = body.lineCount - 4
        #expect(body.plainText(line) == #"    "note": "東京の店""#)
        // `"note": "` is 9 bytes; 東京 is 6.
        expectEqual(body.matches(of: "東京", caseInsensitive: true, limit: 10), [BodyMatch(line: line, range: 9..<15)])
    }

    @Test("A search stops at its limit; matches do not overlap or span lines")
    func limitAndOverlap() {
        let body = formatBody("aaaa\naa\na", "text/plain")
        #expect(body.matches(of: "aa", caseInsensitive: false, limit: 10) == [
            BodyMatch(line: 0, range: 0..<2), BodyMatch(line: 0, range: 2..<4), BodyMatch(line: 1, range: 0..<2),
        ])
        expectEqual(body.matches(of: "aa", caseInsensitive: false, limit: 2).count, 2)
        // The lines' bytes are back to back in one buffer: "aaaa" + "aa" must not match across.
        #expect(formatBody("xa\nax", "text/plain").matches(of: "aa", caseInsensitive: false, limit: 10).isEmpty)
    }

    @Test("A JSON path filter formats the value it leads to")
    func filter() throws {
        let body = formatBody(Self.orders)
        let order = try body.filtered(by: JSONPath(parsing: "$.orders[0]")).get()
        #expect(bodyLines(order) == [
            "{", #"  "id": "A-1","#, #"  "total": 12.5,"#, #"  "items": ["#, #"    "tea","#, #"    "Cup""#, "  ]", "}",
        ])
        expectEqual(order.kind, .json)
        expectEqual(order.foldEnd(of: 3), 6)
        expectEqual(bodyLines(try body.filtered(by: JSONPath(parsing: "$.orders[1].items")).get()), ["[]"])
        #expect(bodyLines(try body.filtered(by: JSONPath(parsing: "$.owner['note']")).get()) == [#""東京の店""#])
        expectEqual(bodyLines(try body.filtered(by: JSONPath(parsing: "$.count")).get()), ["2"])
        expectEqual(bodyLines(try body.filtered(by: JSONPath(parsing: "$")).get()), bodyLines(body))
    }

    @Test("A key written with escapes matches its decoded name; the first of repeated keys wins")
    func escapedKeys() throws {
        let body = formatBody(#"{"caf\u00e9":1,"a":2,"a":3}"#)
        expectEqual(bodyLines(try body.filtered(by: JSONPath(parsing: "$.café")).get()), ["1"])
        expectEqual(bodyLines(try body.filtered(by: JSONPath(parsing: "$.a")).get()), ["2"])
    }

    @Test("Filter errors name the step that failed", arguments: [
        ("$.orders[0].nope", #"no member "nope" in the object at $.orders[0]"#),
        ("$.orders[5]", "index 5 is out of range (the array at $.orders has 2 elements)"),
        ("$.orders[1].items[0]", "index 0 is out of range (the array at $.orders[1].items has 0 elements)"),
        ("$.orders[-1]", "index -1 is out of range (the array at $.orders has 2 elements)"),
        ("$.owner.name.first", "$.owner.name is a string, not an object"),
        ("$.count[0]", "$.count is a number, not an array"),
        ("$[0]", "$ is an object, not an array"),
    ])
    func filterErrors(path: String, message: String) throws {
        expectEqual(formatBody(Self.orders).filtered(by: try JSONPath(parsing: path)).failure?.description, message)
    }

    @Test("Only complete JSON bodies filter")
    func filterNeedsJSON() throws {
        let path = try JSONPath(parsing: "$.a")
        expectEqual(formatBody("a: 1", "text/plain").filtered(by: path).failure, .notJSON)
        #expect(formatBody(#"{"a": 1"#).filtered(by: path).failure == .notJSON)
        #expect(formatBody(#"{"a":1,"b":2}"#, lineLimit: 2).filtered(by: path).failure == .incomplete)
        expectEqual(BodyFilterError.notJSON.description, "the body is not JSON")
    }
}

extension Result {
    /// The error, or nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
