import Courier
import CourierSchema
import Foundation
import Testing

/// Courier's own cases: every error with its locations and message, compile errors, the
/// OpenAPI 3.0 dialect through a registry document, and format assertions.
@Suite struct JSONSchemaTests {
    static let pet: JSONValue = [
        "type": "object",
        "required": ["name", "price"],
        "properties": [
            "name": ["type": "string", "minLength": 1],
            "price": ["type": "number", "minimum": 0],
            "tags": ["type": "array", "items": ["$ref": "#/$defs/tag"], "uniqueItems": true],
        ],
        "additionalProperties": false,
        "$defs": ["tag": ["type": "string", "pattern": "^[a-z]+$"]],
    ]

    @Test func reportsEveryErrorWithPathsAndMessages() throws {
        let schema = try JSONSchema(Self.pet)
        let errors = schema.validate(["price": "12", "tags": ["ok", "Bad", "ok"], "colour": "red"])
        let lines = Set(errors.map { "\($0.instanceLocation) \($0.keywordLocation) \($0.absoluteKeywordLocation): \($0.message)" })
        #expect(lines == [
            "$ /required #/required: the required property \"name\" is missing",
            "$.price /properties/price/type #/properties/price/type: expected number, got string",
            "$.tags[1] /properties/tags/items/$ref/pattern #/$defs/tag/pattern: expected a match of /^[a-z]+$/, got \"Bad\"",
            "$.tags /properties/tags/uniqueItems #/properties/tags/uniqueItems: expected unique items, but the items at index 0 and 2 are equal",
            "$.colour /additionalProperties #/additionalProperties: the property \"colour\" is not allowed (additionalProperties is false)",
        ])
        #expect(!schema.isValid(["price": 1]))
        #expect(schema.validate(["name": "Rex", "price": 12.5, "tags": ["a", "b"]]).isEmpty)
        #expect(errors.first { $0.message.contains("got string") }?.description
            == "$.price: expected number, got string (#/properties/price/type)")
    }

    @Test func integralDoublesAreIntegersAndNumbersCompareByValue() throws {
        let schema = try JSONSchema(["type": "integer", "enum": [1, 2.5], "multipleOf": 0.5])
        #expect(schema.validate(.double(1.0)).isEmpty)
        expectEqual(schema.validate(.int(3)).map(\.message), ["expected one of 1, 2.5, got 3"])
        #expect(try JSONSchema(["type": "string", "maxLength": 2]).validate("😀😀").isEmpty, "length counts code points")
        #expect(try JSONSchema(["multipleOf": 0.01]).validate(.double(0.3)).isEmpty)
        let pattern = try JSONSchema(["pattern": "^[a-z]+$", "propertyNames": ["pattern": "^\\d+$"]])
        #expect(!pattern.isValid("abc\n"), "ECMA-262's $ is the end of input, not before a final newline")
        #expect(!pattern.isValid(["١٢": 1]), "ECMA-262's \\d is ASCII")
        #expect(pattern.isValid(["12": 1]))
    }

    @Test func instancePathsQuoteNamesThatAreNotIdentifiers() throws {
        let schema = try JSONSchema(["properties": ["a b": ["items": ["type": "null"]]]])
        let error = try #require(schema.validate(["a b": [nil, 1]]).first)
        expectEqual(error.instanceLocation.description, "$[\"a b\"][1]")
        expectEqual(error.instanceLocation.pointer, "/a b/1")
        expectEqual(error.message, "expected null, got integer")
    }

    @Test func anyOfSaysWhatEachBranchExpected() throws {
        let schema = try JSONSchema(["anyOf": [["type": "string"], ["type": "array"]]])
        #expect(schema.validate(1).map(\.message)
            == ["matches none of the 2 schemas in \"anyOf\" (0: expected string, got integer; 1: expected array, got integer)"])
    }

    @Test func compileErrorsNameTheLocation() {
        #expect(throws: SchemaCompileError(reason: .unresolvableReference("#/$defs/missing"), location: "#/properties/a/$ref")) {
            try JSONSchema(["properties": ["a": ["$ref": "#/$defs/missing"]]])
        }
        #expect(throws: SchemaCompileError(reason: .invalidPattern("(["), location: "#/pattern")) {
            try JSONSchema(["pattern": "(["])
        }
        #expect(throws: SchemaCompileError(reason: .unresolvableReference("other.json"), location: "https://x.test/a.json#/$ref")) {
            try JSONSchema(["$ref": "other.json"], uri: "https://x.test/a.json")
        }
        do {
            _ = try JSONSchema(["type": "whole", "minLength": -1])
            Issue.record("an invalid schema compiled")
        } catch {
            guard case .invalidSchema(let errors) = error.reason else { Issue.record("\(error)"); return }
            #expect(Set(errors.map(\.instanceLocation.pointer)).isSuperset(of: ["/type", "/minLength"]), "\(error)")
        }
    }

    static let openAPI: JSONValue = [
        "openapi": "3.0.3",
        "components": ["schemas": [
            "Pet": [
                "type": "object",
                "required": ["id"],
                "properties": [
                    "id": ["type": "integer", "minimum": 0, "exclusiveMinimum": true],
                    "price": ["type": "number", "maximum": 100, "exclusiveMaximum": true],
                    "owner": ["$ref": "#/components/schemas/Owner", "description": "ignored beside $ref", "type": "string"],
                    "nickname": ["type": "string", "nullable": true],
                ],
            ],
            "Owner": ["type": "object", "properties": ["email": ["type": "string", "format": "email"]]],
            "Pets": ["type": "object", "properties": ["items": ["type": "array", "items": ["$ref": "#/components/schemas/Pet"]]]],
        ]],
    ]

    @Test func openAPI30DialectThroughARegistryDocument() throws {
        var registry = SchemaRegistry()
        registry.add(Self.openAPI, uri: "https://api.test/openapi.json")
        let options = JSONSchema.Options(dialect: .openAPI30)
        let pets = try JSONSchema(reference: "https://api.test/openapi.json#/components/schemas/Pets", registry: registry, options: options)
        let valid: JSONValue = ["items": [["id": 1, "price": 99.5, "nickname": nil, "owner": ["email": "a@b.test"]]]]
        #expect(pets.validate(valid).isEmpty)
        let errors = pets.validate(["items": [["id": 0, "price": 100, "nickname": 3, "owner": "Ann"]]])
        #expect(Set(errors.map(\.description)) == [
            "$.items[0].id: expected more than 0, got 0 (https://api.test/openapi.json#/components/schemas/Pet/properties/id/minimum)",
            "$.items[0].price: expected less than 100, got 100 (https://api.test/openapi.json#/components/schemas/Pet/properties/price/maximum)",
            "$.items[0].nickname: expected string, got integer (https://api.test/openapi.json#/components/schemas/Pet/properties/nickname/type)",
            "$.items[0].owner: expected object, got string (https://api.test/openapi.json#/components/schemas/Owner/type)",
        ])
        #expect(errors.first { $0.message.contains("object") }?.keywordLocation
            == "/properties/items/items/$ref/properties/owner/$ref/type")
        // The same document in draft 2020-12: nullable means nothing, `$ref` siblings apply.
        let strict = try JSONSchema(reference: "https://api.test/openapi.json#/components/schemas/Pet", registry: registry,
                                    options: JSONSchema.Options(checksSchema: false))
        expectEqual(strict.validate(["id": 1, "nickname": nil]).map(\.message), ["expected string, got null"])
    }

    @Test func draft07Keywords() throws {
        let schema = try JSONSchema([
            "definitions": ["n": ["type": "integer"]],
            "properties": [
                "pair": ["items": [["$ref": "#/definitions/n"], ["type": "string"]], "additionalItems": false],
                "card": ["dependencies": ["number": ["billing"], "name": ["required": ["first"]]]],
                "id": ["$ref": "#/definitions/n", "maximum": 1],
            ],
        ], options: JSONSchema.Options(dialect: .draft07))
        #expect(schema.validate(["pair": [1, "a"], "card": ["number": 1, "billing": 2], "id": 5]).isEmpty, "$ref siblings are ignored")
        #expect(Set(schema.validate(["pair": ["a", "b", 3], "card": ["number": 1, "name": "x"]]).map(\.description)) == [
            "$.pair[0]: expected integer, got string (#/definitions/n/type)",
            "$.pair[2]: the item at index 2 is not allowed (only 2 items are) (#/properties/pair/additionalItems)",
            "$.card: the property \"number\" requires \"billing\", which is missing (#/properties/card/dependencies/number)",
            "$.card: the required property \"first\" is missing (#/properties/card/dependencies/name/required)",
        ])
    }

    @Test func formatsAreAnnotationsUnlessAsserted() throws {
        let schema: JSONValue = ["properties": [
            "when": ["format": "date-time"], "day": ["format": "date"], "mail": ["format": "email"],
            "id": ["format": "uuid"], "v4": ["format": "ipv4"], "v6": ["format": "ipv6"], "link": ["format": "uri"],
            "other": ["format": "hostname"],
        ]]
        let bad: JSONValue = ["when": "2024-02-30T10:00:00Z", "day": "2023-02-29", "mail": "a@@b", "id": "123",
                              "v4": "1.2.3.256", "v6": "1::2::3", "link": "/relative", "other": "-bad-"]
        #expect(try JSONSchema(schema).validate(bad).isEmpty)
        let asserted = try JSONSchema(schema, options: JSONSchema.Options(assertsFormats: true))
        #expect(Set(asserted.validate(bad).map(\.instanceLocation.description))
            == ["$.when", "$.day", "$.mail", "$.id", "$.v4", "$.v6", "$.link"])
        let good: JSONValue = ["when": "2024-02-29T23:59:60Z", "day": "2024-02-29", "mail": "a.b@example.org",
                               "id": "123e4567-e89b-12d3-a456-426614174000", "v4": "10.0.0.1", "v6": "::1",
                               "link": "https://example.org/a?b#c"]
        #expect(asserted.validate(good).isEmpty)
        expectEqual(asserted.validate(["day": "2023-02-29"]).map(\.message), ["expected a valid date, got \"2023-02-29\""])
    }

    @Test func referencesAcrossRegisteredDocuments() throws {
        var registry = SchemaRegistry()
        registry.add(["$id": "https://x.test/schemas/money.json", "$defs": ["amount": ["$anchor": "amount", "type": "number"]]],
                     uri: "https://x.test/schemas/money.json")
        let schema = try JSONSchema(["properties": ["total": ["$ref": "money.json#amount"]]],
                                    uri: "https://x.test/schemas/order.json", registry: registry)
        let error = try #require(schema.validate(["total": "1"]).first)
        expectEqual(error.absoluteKeywordLocation, "https://x.test/schemas/money.json#/$defs/amount/type")
        expectEqual(error.keywordLocation, "/properties/total/$ref/type")
    }

    @Test func aReferenceLoopOnTheSameValueIsAnErrorNotACrash() throws {
        let schema = try JSONSchema(["$defs": ["a": ["$ref": "#/$defs/b"], "b": ["$ref": "#/$defs/a"]], "$ref": "#/$defs/a"])
        expectEqual(schema.validate(1).first?.message.contains("loops back"), true)
    }
}
