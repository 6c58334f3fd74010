import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// Documents that are not a Postman v2 collection or environment fail with where and why.
@Suite struct PostmanFailureTests {
    /// The failure importing `collection` (and `environment`, when given) throws.
    static func failure(_ collection: String, environment: String? = nil) -> ImportFailure? {
        do {
            _ = try PostmanImport.result(collection: Data(collection.utf8), file: "c.json",
                                         environments: environment.map { [(file: "e.json", data: Data($0.utf8))] } ?? [])
            return nil
        } catch {
            return error
        }
    }

    static let minimal = #"{"info": {"name": "x", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}, "item": []}"#

    @Test func invalidJSONNamesItsLineAndColumn() throws {
        let failure = try #require(Self.failure("{\n  \"info\": {},\n  \"item\": [,]\n}"))
        expectEqual(failure.file, "c.json")
        expectEqual(failure.location, "3:12")
        #expect(failure.description.hasPrefix("c.json:3:12: error: invalid JSON"))
    }

    @Test func aMissingInfoOrItemNamesItsJSONPath() throws {
        let noInfo = try #require(Self.failure(#"{"item": []}"#))
        expectEqual(noInfo.location, "$.info")
        #expect(noInfo.description.hasPrefix("c.json: $.info: error: "))
        let noItem = try #require(Self.failure(#"{"info": {"name": "x"}}"#))
        expectEqual(noItem.location, "$.item")
        let itemNotArray = try #require(Self.failure(#"{"info": {"name": "x"}, "item": {}}"#))
        expectEqual(itemNotArray.location, "$.item")
        #expect(itemNotArray.message.contains("found an object"))
        let notAnObject = try #require(Self.failure("[1, 2]"))
        expectEqual(notAnObject.location, "$")
    }

    @Test func aV1CollectionIsRecognisedAndRefusedWithWhatToDo() throws {
        let failure = try #require(Self.failure(#"{"id": "1", "name": "Old", "order": [], "requests": []}"#))
        expectEqual(failure.location, "$.info")
        #expect(failure.message.contains("v1 collection"))
        #expect(failure.message.contains("v2.1"))
    }

    @Test func anEnvironmentWithoutValuesOrNotJSONFailsNamingItsFile() throws {
        let noValues = try #require(Self.failure(Self.minimal, environment: #"{"name": "Local"}"#))
        expectEqual(noValues.file, "e.json")
        expectEqual(noValues.location, "$.values")
        let notJSON = try #require(Self.failure(Self.minimal, environment: "{\"name\": \"Local\",\n\"values\": [}"))
        expectEqual(notJSON.file, "e.json")
        expectEqual(notJSON.location, "2:12")
    }

    @Test func anEmptyCollectionImportsAsAnEmptyWorkspace() throws {
        let result = try PostmanImport.result(collection: Data(Self.minimal.utf8), file: "c.json")
        #expect(result.workspace.requests.isEmpty)
        #expect(result.workspace.batches.isEmpty)
        #expect(result.report.notes.contains("the collection has no requests"))
        #expect(try Workspace.parse(yaml: result.workspace.yaml(), file: "c.yaml").requests.isEmpty)
    }
}
