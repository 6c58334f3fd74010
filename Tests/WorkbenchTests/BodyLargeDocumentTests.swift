import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// About 2 MB of minified JSON: an array of `count` customers, each twelve lines once
/// formatted, customer k's `{` at line 1 + 12k.
func customersJSON(_ count: Int) -> Data {
    var text = "["
    for k in 0..<count {
        if k > 0 { text += "," }
        text += #"{"id":\#(k),"name":"customer \#(k)","tags":["a","b"],"address":{"city":"Springfield","zip":"\#(10_000 + k)"}}"#
    }
    return Data((text + "]").utf8)
}

@Suite("Body formatting: a large document, partly then wholly")
struct BodyLargeDocumentTests {
    static let count = 21_000
    static let data = customersJSON(count)

    @Test("A line limit formats the first lines only, exactly as the whole document has them")
    func partialThenComplete() {
        #expect(Self.data.count > 2_000_000)
        let partial = FormattedBody.format(Self.data, mimeType: "application/json", lineLimit: 100)
        expectEqual(partial.isComplete, false)
        expectEqual(partial.kind, .json)
        expectEqual(partial.lineCount, 100)
        #expect(partial.plainText(50) == #"    "id": 4,"#)
        expectEqual(partial.foldEnd(of: 49), 60)
        expectEqual(partial.foldEnd(of: 0), nil)

        let whole = FormattedBody.format(Self.data, mimeType: "application/json")
        #expect(whole.isComplete)
        expectEqual(whole.lineCount, 2 + 12 * Self.count)
        #expect((0..<100).allSatisfy { whole.plainText($0) == partial.plainText($0) })
        let middle = 1 + 12 * (Self.count / 2)
        #expect(whole.plainText(middle + 2) == #"    "name": "customer 10500","#)
        #expect(whole.plainText(middle + 9) == #"      "zip": "20500""#)
        expectEqual(whole.foldEnd(of: middle), middle + 11)
        expectEqual(whole.foldEnd(of: 0), whole.lineCount - 1)
        expectEqual(whole.plainText(whole.lineCount - 1), "]")
    }

    @Test("Search, filter and folding work across the whole document")
    func searchFilterFold() throws {
        let body = FormattedBody.format(Self.data, mimeType: "application/json")
        let middle = 1 + 12 * (Self.count / 2)
        expectEqual(body.matches(of: "\"customer 10500\"", caseInsensitive: false, limit: 10), [BodyMatch(line: middle + 2, range: 8..<24)])
        expectEqual(body.matches(of: "springfield", caseInsensitive: true, limit: 100_000).count, Self.count)
        #expect(bodyLines(try body.filtered(by: JSONPath(parsing: "$[20999].address.zip")).get()) == [#""30999""#])

        var viewer = BodyViewer(body: body)
        viewer.resize(height: 40, width: 100)
        viewer.search("customer 20999\"")
        expectEqual(viewer.cursor, body.lineCount - 11)
        viewer.toggleFold()
        expectEqual(viewer.cursor, body.lineCount - 13)
        viewer.moveToBottom()
        expectEqual(viewer.cursor, body.lineCount - 1)
        viewer.toggleFold()
        expectEqual(viewer.rowCount, 1)
        expectEqual(viewer.visibleLines(height: 40, width: 100, focused: true).map(\.text), ["     1 ▸ [ … 252,001 lines"])
    }
}
