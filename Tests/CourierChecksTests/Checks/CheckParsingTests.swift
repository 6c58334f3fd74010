import Courier
@testable import CourierChecks
@testable import CourierFormatCore
import Testing

/// `expect:` items read into checks: every subject and predicate, the map form, and
/// mistakes reported at the file, line and column of the offending text.
@Suite("Check parsing")
struct CheckParsingTests {
    /// The checks of `yaml`'s `expect:` key, read from `t.yaml`.
    static func checks(_ yaml: String) throws -> [Check] {
        let root = try #require(try YAMLValue.document(yaml: yaml, file: "t.yaml", subject: "the test"))
        return try Check.list(try #require(try root.mapping()["expect"]))
    }

    /// The error reading one line `line` of `expect:` gives.
    static func error(_ line: String) -> String {
        do {
            _ = try checks("expect:\n  - \(line)\n")
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    static func check(_ line: String) throws -> Check {
        try Check(parsing: line, location: SourceLocation(file: "t.yaml", line: 1, column: 1))
    }

    @Test func everySubjectParses() throws {
        let subjects: [(String, CheckSubject)] = [
            ("status == 200", .status),
            ("header Content-Type contains json", .header("Content-Type")),
            ("cookie session exists", .cookie(name: "session", attribute: nil)),
            ("cookie session[HttpOnly] exists", .cookie(name: "session", attribute: "HttpOnly")),
            ("$.items[0]['a b'].id == 3", .json(try JSONPath(parsing: "$.items[0]['a b'].id"))),
            ("xpath //title == \"Home\"", .xpath("//title")),
            ("xpath \"//p[@class = 'x']\" exists", .xpath("//p[@class = 'x']")),
            ("xpath //p[@class = 'x'] exists", .xpath("//p[@class = 'x']")),
            ("body contains \"ok\"", .body),
            ("bytes < 1000", .bytes),
            ("sha256 == \"ab12\"", .sha256),
            ("duration < 500", .duration),
            ("contentType startsWith application/json", .contentType),
            ("url endsWith /get", .url),
            ("redirects == 0", .redirects),
        ]
        for (line, subject) in subjects {
            #expect(try Self.check(line).subject == subject, "\(line)")
        }
        let counted = try Self.check("$.items count >= 3")
        #expect(counted.counts && counted.subjectText == "$.items count")
        #expect(try Self.check("xpath //p count == 2").counts)
        #expect(try !Self.check("header count == 2").counts, "count right after header is the header's name")
    }

    @Test func everyPredicateParsesWithItsValue() throws {
        let predicates: [(String, CheckPredicate)] = [
            ("status == 200", CheckPredicate(.equal, .literal(200))),
            ("status != 404", CheckPredicate(.notEqual, .literal(404))),
            ("$.price > 1.5", CheckPredicate(.greater, .literal(.double(1.5)))),
            ("$.n >= -2", CheckPredicate(.greaterOrEqual, .literal(-2))),
            ("duration < 500", CheckPredicate(.less, .literal(500))),
            ("duration <= 500", CheckPredicate(.lessOrEqual, .literal(500))),
            ("header Content-Type contains json", CheckPredicate(.contains, .text("json"))),
            ("body startsWith '{'", CheckPredicate(.startsWith, .text("{"))),
            ("url endsWith \"/get\\n\"", CheckPredicate(.endsWith, .text("/get\n"))),
            ("$.name matches /^Rex/", CheckPredicate(.matches, .text("^Rex"))),
            ("$.name matches /^rex$/i", CheckPredicate(.matches, .text("(?i)^rex$"))),
            ("$.name matches \"^R\"", CheckPredicate(.matches, .text("^R"))),
            ("$.tags includes \"a\"", CheckPredicate(.includes, .text("a"))),
            ("status in [200, 201]", CheckPredicate(.in, .list([.literal(200), .literal(201)]))),
            ("$.v in [\"a, b\", c d, true, null, [1]]", CheckPredicate(.in, .list([.text("a, b"), .text("c d"), .literal(true), .literal(.null), .list([.literal(1)])]))),
            ("$.x exists", CheckPredicate(.exists)),
            ("$.x not exists", CheckPredicate(.exists, negated: true)),
            ("body not contains error", CheckPredicate(.contains, .text("error"), negated: true)),
            ("$.x isEmpty", CheckPredicate(.isEmpty)),
            ("$.id == {{petId}}", CheckPredicate(.equal, .placeholder("petId"))),
            ("$.name == \"{{first}} {{last}}\"", CheckPredicate(.equal, .text("{{first}} {{last}}"))),
        ]
        for (line, predicate) in predicates {
            #expect(try Self.check(line).predicate == predicate, "\(line)")
        }
        for kind in ["isString", "isInteger", "isNumber", "isBoolean", "isNull", "isObject", "isArray", "isDate", "isIsoDate", "isUuid"] {
            let check = try Self.check("$.x \(kind)")
            #expect(check.predicate.op.rawValue == kind && check.predicate.value == nil)
        }
    }

    @Test func theMapFormReadsTypedYAMLValues() throws {
        let checks = try Self.checks("""
        expect:
          - {subject: $.id, predicate: "==", value: 3}
          - {subject: "$.tags count", predicate: ">=", value: 2}
          - {subject: header X-Id, predicate: "==", value: "3"}
          - {subject: $.owner, predicate: "==", value: {name: "{{owner}}", pets: [1, 2]}}
          - {subject: $.id, predicate: not exists}
          - {subject: $.name, predicate: matches, value: /^rex/i}
          - status == 200
        """)
        expectEqual(checks.count, 7)
        expectEqual(checks[0].predicate, CheckPredicate(.equal, .literal(3)))
        expectEqual(checks[0].text, "$.id == 3")
        #expect(checks[1].counts)
        #expect(checks[2].predicate.value == .text("3"), "a quoted YAML value is text")
        expectEqual(checks[3].predicate.value, .object(["name": .placeholder("owner"), "pets": .list([.literal(1), .literal(2)])]))
        expectEqual(checks[4].predicate, CheckPredicate(.exists, negated: true))
        expectEqual(checks[5].predicate.value, .text("(?i)^rex"))
        expectEqual(checks[6].location, SourceLocation(file: "t.yaml", line: 8, column: 5))
        #expect(try Self.checks("expect: status == 200").count == 1, "one check may stand without a list")
    }

    @Test func mistakesNameTheFileLineAndColumnAndWhatWasExpected() {
        #expect(Self.error("status eqals 200").hasPrefix("t.yaml:2:12: error: expect[0]: unknown predicate \"eqals\""))
        #expect(Self.error("$.name containz x").contains("did you mean \"contains\"?"))
        #expect(Self.error("$.n isInt").contains("did you mean \"isInteger\"?"))
        #expect(Self.error("stauts == 200").hasPrefix("t.yaml:2:5: error: expect[0]: unknown subject \"stauts\"; did you mean \"status\"?"))
        #expect(Self.error("headers X == 1").contains("did you mean \"header\"?"))
        #expect(Self.error(".name == 1").contains("a JSON path starts with $, like $.name"))
        #expect(Self.error("$.items[ == 1").hasPrefix("t.yaml:2:5: error:"))
        #expect(Self.error("$.items[ == 1").contains("\"[\" is not closed"))
        #expect(Self.error("\"$.name matches /(/\"").hasPrefix("t.yaml:2:21: error: expect[0]: /(/ is not a valid regular expression"),
                "a double-quoted item counts its opening quote")
        #expect(Self.error("$.name matches /x/q").contains("unknown regular expression flags \"q\""))
        #expect(Self.error("status ==").hasPrefix("t.yaml:2:14: error: expect[0]: == needs a value after it"))
        #expect(Self.error("$.x exists 3").contains("unexpected \"3\""))
        #expect(Self.error("status in 200").hasPrefix("t.yaml:2:15: error: expect[0]: in takes a list, like in [200, 201]"))
        #expect(Self.error("status in [200, 201").contains("the list is not closed"))
        #expect(Self.error("body == \"open").contains("the quoted string is not closed"))
        #expect(Self.error("xpath //p[ exists").contains("is not a valid XPath 1.0 expression"))
        #expect(Self.error("header == 3").contains("expected a header name"))
        #expect(Self.error("status").contains("a predicate is missing"))
        #expect(Self.error("{subject: status, predicate: ==}").contains("== needs a value: add value: …"))
        #expect(Self.error("{subject: status, predicate: exists, value: 1}").contains("exists takes no value"))
        #expect(Self.error("{subject: status, predicat: exists}").contains("unknown key \"predicat\"; did you mean \"predicate\"?"))
        #expect(Self.error("{subject: stat, predicate: exists}").hasPrefix("t.yaml:2:15: error: expect[0].subject: unknown subject \"stat\""))
        #expect(Self.error("[1, 2]").contains("expected a check like \"status == 200\""))
    }
}
