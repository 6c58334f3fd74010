import Courier
@testable import CourierChecks
@testable import CourierFormatCore
import Testing

@Suite("Captures and conditions")
struct CaptureAndConditionTests {
    let here = SourceLocation(file: "t.yaml", line: 1, column: 1)

    @Test("JSON paths walk members, indexes and quoted names")
    func jsonPaths() throws {
        let json: JSONValue = ["token": "abc", "items": [["id": 7], ["id": 8]], "a b": ["c": true]]
        expectEqual(try JSONPath(parsing: "$.token").evaluate(in: json), "abc")
        expectEqual(try JSONPath(parsing: "$.items[1].id").evaluate(in: json), 8)
        expectEqual(try JSONPath(parsing: "$['a b'].c").evaluate(in: json), true)
        expectEqual(try JSONPath(parsing: "$.items[5].id").evaluate(in: json), nil)
        expectEqual(try JSONPath(parsing: "$").evaluate(in: json), json)
        #expect(throws: JSONPath.ParseError.self) { try JSONPath(parsing: "token") }
        #expect(throws: JSONPath.ParseError.self) { try JSONPath(parsing: "$.items[") }
        expectEqual(try JSONPath(parsing: "$.items[0].id").description, "$.items[0].id")
    }

    @Test("conditions compare numbers as numbers and strings as strings")
    func comparisons() throws {
        let values = ["status.login": "200", "tier": "gold", "count": "10", "empty": ""]
        func holds(_ text: String) throws -> Bool {
            try Condition(parsing: text, location: here).holds { values[$0] }
        }
        #expect(try holds("status.login == 200"))
        #expect(try !holds("status.login != 200"))
        #expect(try holds("count > 9"))
        #expect(try !holds("count < 9"))
        #expect(try holds("count >= 10"))
        #expect(try holds("count <= 10.0"))
        #expect(try holds("tier == \"gold\""))
        #expect(try holds("tier != 'platinum'"))
        #expect(try holds("tier exists"))
        #expect(try holds("empty exists"))
        #expect(try holds("orderId not exists"))
        #expect(try !holds("orderId exists"))
        #expect(try !holds("orderId == 3"))
        #expect(try holds("{{tier}} == 'gold'"))
        #expect(throws: Condition.ParseError.self) { try Condition(parsing: "tier ~ gold", location: here) }
        #expect(throws: Condition.ParseError.self) { try Condition(parsing: "== 3", location: here) }
    }

    @Test("conditions read the checks' predicates: text tests, lists, kinds, not, and another variable")
    func checkPredicates() throws {
        let values = ["tier": "gold-plus", "count": "10", "empty": "", "other": "gold-plus", "id": "a1b2", "$.done": "true"]
        func holds(_ text: String) throws -> Bool {
            try Condition(parsing: text, location: here).holds { values[$0] }
        }
        #expect(try holds("tier contains \"plus\"") && holds("tier startsWith gold") && holds("tier endsWith '-plus'"))
        #expect(try holds("tier not contains silver") && !holds("tier not contains gold"))
        #expect(try holds("id matches /^[a-z][0-9]/") && !holds("id matches /^[0-9]/"))
        #expect(try holds("count in [5, 10, 15]") && !holds("count in [1, 2]") && holds("tier in [silver, 'gold-plus']"))
        #expect(try holds("empty isEmpty") && !holds("tier isEmpty"))
        #expect(try holds("count isNumber") && !holds("tier isNumber") && holds("tier isString"))
        #expect(try holds("count>=10") && holds("count!=9"), "no spaces needed around a sign")
        #expect(try holds("tier == other") && holds("tier == {{other}}"), "after a sign, a bare name is another variable")
        #expect(try !holds("tier contains other") && holds("tier contains {{other}}"), "after a word, a bare word is text")
        #expect(try holds("$.done == true") && holds("$.done != false"))
        // A missing variable: only != and the negated predicates hold.
        #expect(try !holds("missing contains x") && holds("missing not contains x") && holds("missing != 3") && !holds("tier == missing"))
        expectEqual(try Condition(parsing: "tier == other", location: here).variables, ["tier", "other"])
        #expect(throws: Condition.ParseError.self) { try Condition(parsing: "count >> 3", location: here) }
        #expect(throws: Condition.ParseError.self) { try Condition(parsing: "tier contains", location: here) }
        #expect(throws: Condition.ParseError.self) { try Condition(parsing: "count in 3", location: here) }
    }

    @Test("capture names that look like secrets are secret")
    func secretCaptures() {
        #expect(Capture(variable: "token", source: .status, location: here).isSecret)
        #expect(Capture(variable: "sessionId", source: .status, location: here).isSecret)
        #expect(!Capture(variable: "orderId", source: .status, location: here).isSecret)
    }
}
