import Courier
import CourierMock
import CourierWorkspace
import Foundation
import Testing

/// `stateful: true`: POST, PUT, PATCH and DELETE change what GET returns, in memory.
@Suite struct StatefulMockTests {
    static let workspace = """
        requests:
          listPets:
            url: "{{base}}/pets"
            mock:
              stateful: true
              delay: 5ms
              body: [{id: 1, name: Rex}, {id: 2, name: Tom}]
        variables: {base: "http://localhost"}
        """

    @Test func aCRUDSequenceChangesWhatGetReturns() throws {
        let service = try mockService(Self.workspace)
        #expect(service.call("GET", "/pets").json?.arrayValue?.count == 2)
        let created = service.call("POST", "/pets", body: #"{"name": "Kit"}"#)
        #expect(created.status == 201)
        #expect(created.json == .object(["id": .int(3), "name": "Kit"]))
        #expect(created.header("Location") == "/pets/3")
        #expect(service.call("GET", "/pets/3").json?["name"] == "Kit")
        let replaced = service.call("PUT", "/pets/3", body: #"{"name": "Kitty", "age": 2}"#)
        #expect(replaced.json == .object(["id": .int(3), "name": "Kitty", "age": .int(2)]))
        let patched = service.call("PATCH", "/pets/1", body: #"{"age": 7}"#)
        #expect(patched.json == .object(["id": .int(1), "name": "Rex", "age": .int(7)]))
        #expect(service.call("DELETE", "/pets/2").status == 204)
        #expect(service.call("GET", "/pets/2").status == 404)
        let names = service.call("GET", "/pets").json?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names == ["Rex", "Kitty"])
        #expect(service.call("POST", "/pets", body: "not json").status == 400)
        let calls = service.verify([CallExpectation(target: .request("listPets"), atLeast: 0,
                                                    location: SourceLocation(file: "t", line: 1, column: 1))])
        #expect(calls.first?.count == 4)  // the collection's own calls: three GETs and two POSTs less the item ones
    }

    @Test func itemsWithStringIDsGetUUIDs() throws {
        let service = try mockService(Self.workspace.replacingOccurrences(of: "{id: 1, name: Rex}, {id: 2, name: Tom}",
                                                                          with: "{id: a, name: Rex}"))
        let created = service.call("POST", "/pets", body: #"{"name": "Kit"}"#)
        #expect(UUID(uuidString: created.json?["id"]?.stringValue ?? "") != nil)
        #expect(created.delayMilliseconds == 5)
    }
}
