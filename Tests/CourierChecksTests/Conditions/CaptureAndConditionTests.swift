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
        #expect(try JSONPath(parsing: "$.token").evaluate(in: json) == "abc")
        #expect(try JSONPath(parsing: "$.items[1].id").evaluate(in: json) == 8)
        #expect(try JSONPath(parsing: "$['a b'].c").evaluate(in: json) == true)
        #expect(try JSONPath(parsing: "$.items[5].id").evaluate(in: json) == nil)
        #expect(try JSONPath(parsing: "$").evaluate(in: json) == json)
        #expect(throws: JSONPath.ParseError.self) { try JSONPath(parsing: "token") }
        #expect(throws: JSONPath.ParseError.self) { try JSONPath(parsing: "$.items[") }
        #expect(try JSONPath(parsing: "$.items[0].id").description == "$.items[0].id")
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

    @Test("capture names that look like secrets are secret")
    func secretCaptures() {
        #expect(Capture(variable: "token", source: .status, location: here).isSecret)
        #expect(Capture(variable: "sessionId", source: .status, location: here).isSecret)
        #expect(!Capture(variable: "orderId", source: .status, location: here).isSecret)
    }
}
