import Courier

/// The validation vocabulary's assertions on any value: `type`, `enum`, `const`, numbers and
/// strings (objects and arrays have their own files), OpenAPI 3.0's `nullable`, and `format`.
extension KeywordRun {
    mutating func checkValue() {
        if let type = members["type"] { checkType(type) }
        if let allowed = members["enum"]?.arrayValue, !allowed.contains(where: { $0.schemaEquals(instance) }) {
            let list = allowed.count <= 8 ? allowed.map { JSONText.short($0, limit: 40) }.joined(separator: ", ") : "\(allowed.count) values"
            fail("enum", "expected one of \(list), got \(JSONText.short(instance))")
        }
        if let constant = members["const"], !constant.schemaEquals(instance) {
            fail("const", "expected \(JSONText.short(constant)), got \(JSONText.short(instance))")
        }
        switch instance {
        case .int, .double: checkNumber()
        case .string(let string): checkString(string)
        case .array(let elements): checkArray(elements)
        case .object(let object): checkObject(object)
        default: break
        }
    }

    private mutating func checkType(_ type: JSONValue) {
        let names = type.arrayValue?.compactMap(\.stringValue) ?? type.stringValue.map { [$0] } ?? []
        if instance == .null && members["nullable"] == .bool(true) && node.vocabulary.contains(.openAPI) { return }
        let actual = instance.schemaTypeName
        let matches = names.contains { $0 == actual || ($0 == "number" && (actual == "integer" || actual == "number")) }
        if !matches {
            let got: String
            if case .double = instance { got = "number" } else { got = actual }
            fail("type", "expected \(names.joined(separator: " or ")), got \(got)")
        }
    }

    private mutating func checkNumber() {
        guard let x = instance.schemaNumber else { return }
        let openAPI = node.vocabulary.contains(.openAPI) || node.vocabulary.contains(.legacy)
        if let minimum = members["minimum"] {
            if openAPI, members["exclusiveMinimum"] == .bool(true) {
                if Self.compare(instance, minimum) ?? 1 <= 0 { fail("minimum", "expected more than \(minimum), got \(instance)") }
            } else if Self.compare(instance, minimum) ?? 0 < 0 {
                fail("minimum", "expected at least \(minimum), got \(instance)")
            }
        }
        if let maximum = members["maximum"] {
            if openAPI, members["exclusiveMaximum"] == .bool(true) {
                if Self.compare(instance, maximum) ?? -1 >= 0 { fail("maximum", "expected less than \(maximum), got \(instance)") }
            } else if Self.compare(instance, maximum) ?? 0 > 0 {
                fail("maximum", "expected at most \(maximum), got \(instance)")
            }
        }
        if let bound = members["exclusiveMinimum"], bound.schemaNumber != nil, Self.compare(instance, bound) ?? 1 <= 0 {
            fail("exclusiveMinimum", "expected more than \(bound), got \(instance)")
        }
        if let bound = members["exclusiveMaximum"], bound.schemaNumber != nil, Self.compare(instance, bound) ?? -1 >= 0 {
            fail("exclusiveMaximum", "expected less than \(bound), got \(instance)")
        }
        if let divisor = members["multipleOf"], !Self.isMultiple(instance, x, of: divisor) {
            fail("multipleOf", "expected a multiple of \(divisor), got \(instance)")
        }
    }

    /// -1, 0 or 1 as `a` is below, equal to or above `b`; ints compare exactly.
    private static func compare(_ a: JSONValue, _ b: JSONValue) -> Int? {
        if case .int(let x) = a, case .int(let y) = b { return x < y ? -1 : x == y ? 0 : 1 }
        guard let x = a.schemaNumber, let y = b.schemaNumber else { return nil }
        return x < y ? -1 : x == y ? 0 : 1
    }

    /// Exact for ints; for doubles, the quotient is integral within a relative 1e-9, which
    /// absorbs binary rounding (0.0075 / 0.0001); an overflowing quotient is no multiple.
    private static func isMultiple(_ value: JSONValue, _ x: Double, of divisor: JSONValue) -> Bool {
        if case .int(let i) = value, case .int(let m) = divisor, m != 0 { return i % m == 0 }
        guard let m = divisor.schemaNumber, m != 0 else { return true }
        let quotient = x / m
        guard quotient.isFinite else { return false }
        return abs(quotient - quotient.rounded()) <= 1e-9 * max(1, abs(quotient))
    }

    private mutating func checkString(_ string: String) {
        let minimum = members["minLength"]?.intValue
        let maximum = members["maxLength"]?.intValue
        if minimum != nil || maximum != nil {
            let length = string.unicodeScalars.count
            if let minimum, length < minimum { fail("minLength", "expected at least \(minimum) characters, got \(length)") }
            if let maximum, length > maximum { fail("maxLength", "expected at most \(maximum) characters, got \(length)") }
        }
        if let pattern = members["pattern"]?.stringValue, let regex = evaluator.graph.patterns[pattern], !regex.matches(string) {
            fail("pattern", "expected a match of /\(pattern)/, got \(JSONText.short(instance))")
        }
    }

    /// `format`: an annotation unless the caller or the metaschema asks for assertions.
    mutating func checkFormat() {
        guard evaluator.assertsFormats || node.vocabulary.contains(.formatAssertion),
              let format = members["format"]?.stringValue, case .string(let string) = instance,
              let valid = FormatCheck.check(format, string), !valid else { return }
        fail("format", "expected a valid \(format), got \(JSONText.short(instance))")
    }
}
