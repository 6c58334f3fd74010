import Courier
@testable import CourierChecks
@testable import CourierFormatCore
import Foundation
import HTTPTypes
import Testing

/// Checks evaluated on fixed responses: every subject and predicate passing and failing,
/// with the expected and actual values and the one-line summary a failure shows.
@Suite("Check evaluation")
struct CheckEvaluationTests {
    static let pet: JSONValue = [
        "id": 3, "name": "Rex", "price": "12", "weight": 4.5, "tags": ["a", "b"], "owner": ["name": "Ann"],
        "sold": false, "note": nil, "empty": "", "none": [], "uuid": "0b5c8a8e-3f1d-4c2a-9a52-1d2b3c4d5e6f",
        "born": "2024-02-29", "seen": "2025-01-01T10:20:30.5+01:00", "httpDate": "Sun, 06 Nov 1994 08:49:37 GMT",
    ]

    static let facts = ResponseFacts(
        status: 200,
        headers: [.contentType: "application/json; charset=utf-8", .contentLength: "120", .setCookie: "session=abc; Path=/; HttpOnly",
                  HTTPField.Name("X-Trace")!: "t-1"],
        body: pet.serialized(), url: "http://127.0.0.1:9/pets/3", redirects: 2, durationMilliseconds: 41.6)

    static let scope = VariableScope(variables: ["petId": "3", "petName": "Rex", "tags": "[\"a\", \"b\"]", "zip": "007"])

    /// The result of `line` on `facts`.
    static func result(_ line: String, on facts: ResponseFacts = facts) throws -> CheckResult {
        let check = try Check(parsing: line, location: SourceLocation(file: "t.yaml", line: 1, column: 1))
        return check.evaluate(on: facts, render: scope.render)
    }

    static func passes(_ line: String, on facts: ResponseFacts = facts) throws -> Bool {
        try result(line, on: facts).passed
    }

    @Test func everySubjectReadsItsPartOfTheResponse() throws {
        let passing = [
            "status == 200", "header content-type contains json", "header Content-Length > 100", "header X-Trace == t-1",
            "cookie session == abc", "cookie session[HttpOnly] exists", "cookie session[path] == \"/\"", "$.owner.name == Ann",
            "$.tags count == 2", "body contains \"Rex\"", "bytes == \(Self.facts.body.count)",
            "sha256 == \"\(SHA256Hex.of(Self.facts.body).uppercased())\"", "duration == 42", "contentType startsWith application/json",
            "url endsWith /pets/3", "redirects == 2", "body count == \(Self.facts.text.count)",
        ]
        for line in passing { #expect(try Self.passes(line), "\(line)") }
        let failing = ["status == 201", "header X-Missing exists", "cookie other exists", "cookie session[Secure] exists", "$.owner.age exists",
                       "redirects < 2", "duration > 100", "sha256 == \"00\""]
        for line in failing { #expect(try !Self.passes(line), "\(line)") }
    }

    @Test func everyPredicatePassesAndFails() throws {
        let cases: [(String, Bool)] = [
            ("$.id == 3", true), ("$.id == 3.0", true), ("$.id == \"3\"", false), ("$.id != 4", true), ("$.id != 3", false),
            ("$.weight > 4", true), ("$.weight >= 4.5", true), ("$.weight < 4.5", false), ("$.weight <= 4", false),
            ("$.born < \"2025-01-01\"", true),
            ("$.name contains e", true), ("$.name contains z", false), ("$.tags contains a", true),
            ("$.name startsWith R", true), ("$.name startsWith e", false), ("$.name endsWith ex", true), ("$.name endsWith R", false),
            ("$.name matches /^Rex$/", true), ("$.name matches /^rex$/", false), ("$.name matches /^rex$/i", true),
            ("$.name exists", true), ("$.nope exists", false), ("$.nope not exists", true), ("$.name not exists", false),
            ("$.note exists", true),
            ("$.empty isEmpty", true), ("$.none isEmpty", true), ("$.name isEmpty", false), ("$.name not isEmpty", true),
            ("$.name isString", true), ("$.id isString", false), ("$.id isInteger", true), ("$.weight isInteger", false),
            ("$.weight isNumber", true), ("$.price isNumber", false), ("$.sold isBoolean", true), ("$.id isBoolean", false),
            ("$.note isNull", true), ("$.sold isNull", false), ("$.owner isObject", true), ("$.tags isObject", false),
            ("$.tags isArray", true), ("$.owner isArray", false), ("$.born isDate", true), ("$.httpDate isDate", true),
            ("$.name isDate", false), ("$.seen isIsoDate", true), ("$.httpDate isIsoDate", false), ("$.born isIsoDate", true),
            ("$.uuid isUuid", true), ("$.name isUuid", false),
            ("$.tags includes \"b\"", true), ("$.tags includes c", false), ("$.tags not includes c", true),
            ("status in [200, 201]", true), ("status in [201, 204]", false), ("status not in [500]", true),
            ("$.owner == {\"name\": \"Ann\"}", false),
            ("header Content-Length isInteger", true), ("header X-Trace isNumber", false),
        ]
        for (line, expected) in cases { #expect(try Self.passes(line) == expected, "\(line)") }
    }

    @Test func valuesFillInVariablesAndCaptures() throws {
        #expect(try Self.passes("$.id == {{petId}}"), "a whole placeholder holding a number compares as a number")
        #expect(try Self.passes("$.name == \"{{petName}}\""))
        #expect(try Self.passes("$.tags == {{tags}}"), "a placeholder holding a JSON list is a list")
        #expect(try !Self.passes("$.id == {{zip}}"), "007 is not JSON, so it stays text")
        #expect(try Self.passes("$.name matches /^{{petName}}$/"))
        let undefined = try Self.result("$.id == {{nope}}")
        #expect(!undefined.passed && undefined.note == "undefined variable {{nope}}")
        let captured = Self.scope.child()
        captured.capture("orderId", "3")
        let check = try Check(parsing: "$.id == {{orderId}}", location: SourceLocation(file: "t.yaml", line: 1, column: 1))
        #expect(check.evaluate(on: Self.facts, render: captured.render).passed)
    }

    @Test func failuresSayWhatWasExpectedAndWhatCame() throws {
        expectEqual(try Self.result("$.price isNumber").summary, "$.price: expected isNumber, got \"12\" (string)")
        expectEqual(try Self.result("status == 201").summary, "status: expected == 201, got 200")
        #expect(try Self.result("$.id == {{petName}}").summary == "$.id: expected == \"Rex\", got 3 (integer)")
        expectEqual(try Self.result("$.nope == 1").summary, "$.nope: expected == 1, got nothing (nothing at $.nope in the body)")
        expectEqual(try Self.result("header X-Missing contains a").summary, "header X-Missing: expected contains \"a\", got nothing (no header X-Missing)")
        expectEqual(try Self.result("$.name matches /^x/i").summary, "$.name: expected matches /(?i)^x/, got \"Rex\"")
        expectEqual(try Self.result("$.tags count >= 3").summary, "$.tags count: expected >= 3, got 2")
        expectEqual(try Self.result("$.name not exists").summary, "$.name: expected not exists, got \"Rex\"")
        let ordered = try Self.result("$.owner > 3")
        #expect(!ordered.passed && ordered.note == "object and integer cannot be ordered")
        let counted = try Self.result("$.id count == 1")
        #expect(!counted.passed && counted.note?.hasPrefix("count needs a list") == true)
        let passed = try Self.result("status == 200")
        #expect(passed.passed && passed.expected == "== 200" && passed.actual == "200" && passed.summary == "status == 200")
        expectEqual(try Self.result("$.owner.name == Ann").jsonPath?.description, "$.owner.name")
    }

    @Test func longActualValuesAreCut() throws {
        let long = ResponseFacts(status: 200, body: Data(String(repeating: "lorem ", count: 100).utf8))
        let result = try Self.result("body == x", on: long)
        #expect(result.actual.hasSuffix("… (600 characters)") && result.actual.count < 100)
    }

    @Test func everyCheckRunsAfterAFailure() throws {
        let checks = try ["status == 500", "$.name == Rex", "$.nope exists"].map {
            try Check(parsing: $0, location: SourceLocation(file: "t.yaml", line: 1, column: 1))
        }
        let results = Check.evaluate(checks, on: Self.facts, render: Self.scope.render)
        expectEqual(results.map(\.passed), [false, true, false])
    }

    @Test func aBodyThatIsNotJSONFailsJSONChecksEvenNegatedOnes() throws {
        let text = ResponseFacts(status: 200, body: Data("plain".utf8))
        let result = try Self.result("$.x not exists", on: text)
        #expect(!result.passed && result.summary == "$.x: expected not exists, got nothing (the body is not JSON)")
    }

    // MARK: - XPath

    static let html = ResponseFacts(status: 200, headers: [.contentType: "text/html"], body: Data("""
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>Home &amp; away</title></head>
        <body><p class=intro>Hello<br>world <img src=a.png></p><p>Second</p><ul><li>a<li>b</ul></body></html>
        """.utf8))

    @Test func xpathReadsHTMLAsABrowserWould() throws {
        #expect(try Self.passes("xpath //title == \"Home & away\"", on: Self.html), "<meta> does not swallow the title")
        #expect(try Self.passes("xpath //p count == 2", on: Self.html), "<br> does not swallow the paragraph")
        #expect(try Self.passes("xpath //li count == 2", on: Self.html))
        #expect(try Self.passes("xpath \"//p[@class = 'intro']\" startsWith Helloworld", on: Self.html))
        #expect(try Self.passes("xpath //img/@src == a.png", on: Self.html))
        #expect(try Self.passes("xpath //p includes Second", on: Self.html), "several nodes read as a list")
        #expect(try Self.passes("xpath count(//p) == 2", on: Self.html), "a number result")
        #expect(try Self.passes("xpath \"string(//p[2])\" == Second", on: Self.html), "a string result")
        #expect(try Self.passes("xpath \"boolean(//h1)\" == false", on: Self.html), "a boolean result")
        #expect(try Self.passes("xpath //h1 not exists", on: Self.html))
        #expect(try Self.passes("xpath //h1 count == 0", on: Self.html))
        expectEqual(try Self.result("xpath //h1 == x", on: Self.html).summary, "xpath //h1: expected == \"x\", got nothing (//h1 selects nothing)")
    }

    @Test func xpathReadsXMLAndRefusesMalformedXML() throws {
        let xml = ResponseFacts(status: 200, headers: [.contentType: "application/xml"],
                                body: Data("<slides n=\"2\"><slide>One</slide><slide>Two</slide></slides>".utf8))
        #expect(try Self.passes("xpath /slides/@n > 1", on: xml), "text that reads as a number compares as one")
        #expect(try Self.passes("xpath //slide[2] == Two", on: xml))
        let broken = ResponseFacts(status: 200, headers: [.contentType: "application/xml"], body: Data("<a><b></a>".utf8))
        expectEqual(try Self.result("xpath //a exists", on: broken).note, "the body is not well-formed XML")
    }

    @Test func xpathNeverReadsExternalEntities() throws {
        let secret = temporaryDirectory() + "/secret.txt"
        try "TOP-SECRET".write(toFile: secret, atomically: true, encoding: .utf8)
        let xml = ResponseFacts(status: 200, headers: [.contentType: "application/xml"], body: Data("""
            <?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file://\(secret)">]><a>&x;</a>
            """.utf8))
        let result = try Self.result("xpath /a == x", on: xml)
        #expect(!result.actual.contains("TOP-SECRET") && !result.summary.contains("TOP-SECRET"))
    }
}
