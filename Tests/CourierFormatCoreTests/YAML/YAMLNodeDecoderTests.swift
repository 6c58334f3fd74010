@testable import CourierFormatCore
import Foundation
import Testing
import Yams

/// The decoder contracts and OpenAPI imports go through (#41 11c): what Yams' `YAMLDecoder`
/// decodes, with keys found by their text through a dictionary instead of a scan per key.
@Suite("YAML node decoder")
struct YAMLNodeDecoderTests {
    struct Pet: Codable, Equatable {
        var id: Int
        var name: String
        var tags: [String]
        var weight: Double?
        var owner: Owner?
        var extra: [String: String]
    }

    struct Owner: Codable, Equatable {
        var name: String
        var active: Bool
    }

    static func node(_ yaml: String) throws -> Node {
        try #require(try Yams.compose(yaml: yaml))
    }

    @Test func decodesWhatYAMLDecoderDecodes() throws {
        let yaml = """
            id: 7
            name: "Rex"
            tags: [a, 'b', "1", 2, true]
            weight: 4.5
            owner: {name: Ada, active: yes}
            extra: {one: 1, "two": null-ish, three: ~x}
            """
        let expected = try YAMLDecoder().decode(Pet.self, from: try Self.node(yaml))
        expectEqual(try YAMLNodeDecoder().decode(Pet.self, from: try Self.node(yaml)), expected)
        #expect(expected.tags == ["a", "b", "1", "2", "true"] && expected.owner?.active == true)
        let absent = "id: 1\nname: x\ntags: []\nweight: null\nextra: {}\n"
        #expect(try YAMLNodeDecoder().decode(Pet.self, from: try Self.node(absent)) == YAMLDecoder().decode(Pet.self, from: try Self.node(absent)))
    }

    @Test func quotedKeysAreFoundByTheirText() throws {
        // `"200":` is a string key; Yams' decoder, asked for the int-looking key 200, does not find it.
        let yaml = "\"200\": ok\n'404': missing\n500: error\n"
        let decoded = try YAMLNodeDecoder().decode([Int: String].self, from: try Self.node(yaml))
        expectEqual(decoded, [200: "ok", 404: "missing", 500: "error"])
        #expect(throws: (any Error).self) { try YAMLDecoder().decode([Int: String].self, from: try Self.node(yaml)) }
    }

    @Test func mergeKeysAreFollowedAndOwnKeysWin() throws {
        let yaml = """
            base: &base {name: Ada, active: no}
            owner: {<<: *base, active: yes}
            both: {<<: [*base, {name: Bob}], active: true}
            """
        struct Owners: Decodable { var owner: Owner; var both: Owner }
        let owners = try YAMLNodeDecoder().decode(Owners.self, from: try Self.node(yaml))
        expectEqual(owners.owner, Owner(name: "Ada", active: true))
        #expect(owners.both == (try YAMLDecoder().decode(Owners.self, from: try Self.node(yaml))).both)
    }

    @Test func mistakesAreDecodingErrorsAtTheirPath() throws {
        do {
            _ = try YAMLNodeDecoder().decode(Pet.self, from: try Self.node("id: 1\nname: x\ntags: [a, [b]]\nextra: {}\n"))
            Issue.record("a list in a list of strings decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["tags", "1"])
        }
        do {
            _ = try YAMLNodeDecoder().decode(Pet.self, from: try Self.node("id: 1\ntags: []\nextra: {}\n"))
            Issue.record("a missing key decoded")
        } catch DecodingError.keyNotFound(let key, _) {
            expectEqual(key.stringValue, "name")
        }
    }

    @Test func aNullInAListIsConsumedOnlyWhenItIsNull() throws {
        let values = try YAMLNodeDecoder().decode([Int?].self, from: try Self.node("[1, null, ~, 4]"))
        expectEqual(values, [1, nil, nil, 4])
    }
}
