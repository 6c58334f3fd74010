import Courier
import Testing

/// YTKNetwork's JSON validator rules, case by case.
@Suite struct JSONTemplateTests {
    let user: JSONTemplate = .object(["id": .int, "name": .string, "tags": .array(.string)])

    @Test func matchingObjectPasses() {
        expectEqual(user.mismatch(in: ["id": 1, "name": "ada", "tags": ["x", "y"], "extra": true]), nil)
    }

    @Test func missingKeyFails() {
        expectEqual(user.mismatch(in: ["id": 1, "tags": []]), "$.name: missing")
    }

    @Test func nullMatchesAnyType() {
        expectEqual(user.mismatch(in: ["id": nil, "name": nil, "tags": nil]), nil)
    }

    @Test func wrongLeafTypeNamesThePath() {
        expectEqual(user.mismatch(in: ["id": 1, "name": "ada", "tags": ["x", 3]]), "$.tags[1]: expected string, found 3")
    }

    @Test func emptyArrayTemplateAcceptsAnyArray() {
        expectEqual(JSONTemplate.array(nil).mismatch(in: [1, "two", nil]), nil)
        #expect(JSONTemplate.array(nil).mismatch(in: ["not": "array"]) != nil)
    }

    @Test func numbersAndIntegers() {
        expectEqual(JSONTemplate.number.mismatch(in: 1.5), nil)
        expectEqual(JSONTemplate.number.mismatch(in: 2), nil)
        #expect(JSONTemplate.int.mismatch(in: 1.5) != nil)
        #expect(JSONTemplate.int.mismatch(in: "1") != nil)
    }

    @Test func rootTypeMismatchFails() {
        expectEqual(user.mismatch(in: [1, 2]), "$: expected object, found [1,2]")
    }
}
