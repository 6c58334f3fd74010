import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// The body an operation gets when its document gives only a schema: what each kind of
/// schema turns into, and that shared or huge schemas stay small.
@Suite struct OpenAPISchemaSampleTests {
    /// The JSON body imported for a `POST /x` whose body schema is `schema` (YAML), with
    /// `schemas` as components, and the report.
    func body(_ schema: String, schemas: String = "{}") throws -> (JSONValue?, ImportReport) {
        let yaml = """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        paths:
          /x:
            post:
              operationId: send
              requestBody:
                content:
                  application/json:
                    schema: \(schema)
        components:
          schemas: \(schemas)
        """
        let result = try OpenAPIImport.result(document: Data(yaml.utf8), file: "spec.yaml")
        let workspace = try Workspace.parse(yaml: result.workspace.yaml(), file: "imported.yaml")
        guard case .json(let value)? = workspace.requests["send"]?.body else { return (nil, result.report) }
        return (value, result.report)
    }

    @Test func scalarsAreTheirExampleDefaultEnumOrATypedPlaceholder() throws {
        let schema = """
        {type: object, required: [a, b, c, d, e, f, g, h, i], properties: {
                      a: {type: string, examples: [x]}, b: {type: integer, default: 5}, c: {type: string, enum: [red, blue]},
                      d: {type: string, format: date-time}, e: {type: string, format: uuid}, f: {type: integer, minimum: 3},
                      g: {type: number}, h: {type: boolean}, i: {type: "null"}}}
        """
        #expect(try body(schema).0 == ["a": "x", "b": 5, "c": "red", "d": "2024-01-01T00:00:00Z",
                                        "e": "00000000-0000-0000-0000-000000000000", "f": 3, "g": 0, "h": false, "i": nil])
    }

    @Test func withoutRequiredPropertiesEveryWritableOneIsThere() throws {
        let schema = "{type: object, properties: {a: {type: string}, id: {type: integer, readOnly: true}, b: {type: array, items: {type: integer}}}}"
        expectEqual(try body(schema).0, ["a": "string", "b": [0]])
    }

    @Test func allOfPartsMergeAndOneOfTakesTheFirst() throws {
        let schemas = "{Base: {type: object, required: [id], properties: {id: {type: integer}}}}"
        let merged = "{allOf: [{$ref: '#/components/schemas/Base'}, {type: object, required: [name], properties: {name: {type: string}}}]}"
        expectEqual(try body(merged, schemas: schemas).0, ["id": 0, "name": "string"])
        #expect(try body("{oneOf: [{type: integer}, {type: string}]}").0 == 0)
    }

    @Test func aSelfReferenceThroughARequiredPropertyIsLeftOut() throws {
        let schemas = "{Node: {type: object, required: [name, parent], properties: {name: {type: string}, parent: {$ref: '#/components/schemas/Node'}}}}"
        let (value, report) = try body("{$ref: '#/components/schemas/Node'}", schemas: schemas)
        expectEqual(value, ["name": "string"])
        #expect(report.notes.contains { $0.contains("refers to itself") })
    }

    @Test func schemasSharingSchemasExponentiallyStaySmall() throws {
        // S0 has ten properties, each a $ref to S1, which has ten to S2, …: 10^8 values in full.
        var schemas: [String] = []
        for level in 0..<8 {
            let properties = (0..<10).map { "p\($0): {$ref: '#/components/schemas/S\(level + 1)'}" }.joined(separator: ", ")
            schemas.append("S\(level): {type: object, properties: {\(properties)}}")
        }
        schemas.append("S8: {type: string}")
        let (value, report) = try body("{$ref: '#/components/schemas/S0'}", schemas: "{" + schemas.joined(separator: ", ") + "}")
        #expect(value?.serialized().count ?? 0 < 200_000)
        #expect(report.notes.contains { $0.contains("the body's schema is large") })
    }

    @Test func aReferenceToAnotherDocumentIsNullAndReported() throws {
        let (value, report) = try body("{type: object, required: [a], properties: {a: {$ref: 'other.yaml#/Thing'}}}")
        expectEqual(value, ["a": nil])
        expectEqual(report.dropped, ["request \"send\": schema other.yaml#/Thing (not in the document), null in the sample"])
    }
}
