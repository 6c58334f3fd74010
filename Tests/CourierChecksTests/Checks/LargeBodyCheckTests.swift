import Courier
@testable import CourierChecks
@testable import CourierFormatCore
import Foundation
import Synchronization
import Testing

/// `$.` checks on a body over a mebibyte read each path from the bytes, building only what it
/// selects, unless the request's tree is already there: the results are the tree's.
@Suite("Checks on a large JSON body")
struct LargeBodyCheckTests {
    /// Counts the times a closure ran.
    final class Calls: Sendable {
        let count = Mutex(0)
        func record() { count.withLock { $0 += 1 } }
    }

    static let rows = 60_000
    static let document: JSONValue = [
        "rows": .array((0..<rows).map { ["id": .int($0), "name": .string("pet \($0)")] }), "total": .int(rows),
    ]

    static func results(_ lines: [String], on facts: ResponseFacts) throws -> [CheckResult] {
        let checks = try lines.map { try Check(parsing: $0, location: SourceLocation(file: "t.yaml", line: 1, column: 1)) }
        return Check.evaluate(checks, on: facts, render: { $0 })
    }

    @Test("paths, counts and missing members read from the bytes, without asking for the request's tree")
    func pathsReadFromTheBytes() throws {
        var facts = ResponseFacts(status: 200, headers: [.contentType: "application/json"], body: Self.document.serialized())
        try #require(facts.body.count > 1 << 20)
        let asked = Calls()
        facts.readJSON = { asked.record(); return Self.document }
        let results = try Self.results(["$.total == \(Self.rows)", "$.rows[59999].name == \"pet 59999\"", "$.rows count == \(Self.rows)",
                                        "$.rows[0].id == 1", "$.missing exists", "$.rows[-1] exists"], on: facts)
        expectEqual(results.map(\.passed), [true, true, true, false, false, false])
        expectEqual(results[3].actual, "0")
        expectEqual(results[4].note, "nothing at $.missing in the body")
        expectEqual(asked.count.withLock { $0 }, 0)
    }

    @Test("the same checks on the whole tree, when the request built it, give the same results")
    func theTreeGivesTheSameResults() throws {
        let lines = ["$.total == \(Self.rows)", "$.rows[59999].name == \"pet 59999\"", "$.rows count == \(Self.rows)", "$.rows[0].id == 1",
                     "$.missing exists"]
        let bytes = try Self.results(lines, on: ResponseFacts(status: 200, body: Self.document.serialized()))
        let tree = try Self.results(lines, on: ResponseFacts(status: 200, body: Self.document.serialized(), json: Self.document))
        expectEqual(bytes.map(\.passed), tree.map(\.passed))
        expectEqual(bytes.map(\.actual), tree.map(\.actual))
        expectEqual(bytes.map(\.note), tree.map(\.note))
    }

    @Test("a large body that is not JSON fails a path check saying so")
    func aLargeBodyThatIsNotJSON() throws {
        let facts = ResponseFacts(status: 200, body: Data(repeating: UInt8(ascii: "x"), count: 2 << 20))
        let results = try Self.results(["$.a == 1", "$.a not exists"], on: facts)
        expectEqual(results.map(\.passed), [false, false])
        expectEqual(results.map(\.note), ["the body is not JSON", "the body is not JSON"])
    }
}
