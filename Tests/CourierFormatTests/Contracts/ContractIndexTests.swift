import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
import CourierSchema
import Foundation
import Testing

/// A large contract: its operations indexed by path template (matching a request is a lookup,
/// not a try of every template), and the contract read once per content — the workspace read
/// again (a reload, a saved edit, the file watcher) takes the one already built, and a file
/// whose bytes changed is read again.
@Suite("contract: indexed once, kept by content")
struct ContractIndexTests {
    private func contract(in directory: String) throws -> Contract {
        try #require(try Workspace.parse(yaml: "config: {contract: api.yaml}\n", file: directory + "/ws.yaml").config.contract)
    }

    private func json(_ body: String) -> ResponseFacts {
        ResponseFacts(status: 200, headers: [.contentType: "application/json"], body: Data(body.utf8))
    }

    @Test func twoThousandOperationsAreMatchedByLookupNotByTryingEach() {
        // In memory: decoding a 2,000-operation document takes seconds in a debug build.
        let operations = (0..<1_000).flatMap { i in
            ["/things\(i)", "/things\(i)/{id}"].map { ContractOperation(method: "GET", template: PathTemplate($0), responses: [:],
                                                                      location: SourceLocation(file: "api.yaml", line: i + 1, column: 3)) }
        }
        let contract = Contract(file: "/w/api.yaml", written: "api.yaml", dialect: .draft2020_12, servers: ["/api"], operations: operations,
                                registry: SchemaRegistry(), pathsLocation: SourceLocation(file: "/w/api.yaml", line: 1, column: 1))
        // Each request is found with a few index entries examined (one literal lookup a
        // segment, and the one `{id}` pattern), not by trying 2,000 templates.
        for i in 0..<1_000 {
            let listing = contract.lookUp(method: "GET", path: "/api/things\(i)")
            #expect(listing.operation?.name == "GET /things\(i)" && listing.examined <= 2, "\(listing.examined)")
            let one = contract.lookUp(method: "GET", path: "/api/things\(i)/\(i * 3)")
            #expect(one.operation?.name == "GET /things\(i)/{id}" && one.examined <= 3, "\(one.examined)")
        }
        let none = contract.lookUp(method: "GET", path: "/api/nothing/here")
        #expect(none.operation == nil && none.examined <= 2)
    }

    @Test func aContractIsReadOncePerContentAndAgainWhenItChanges() throws {
        let directory = temporaryDirectory("courier-contract-index")
        let file = directory + "/api.yaml"
        try contractDocument(operations: 200).write(toFile: file, atomically: true, encoding: .utf8)
        let contract = try contract(in: directory)
        expectEqual(contract.operations.count, 200)
        for i in 0..<100 {
            let results = contract.results(method: "GET", url: "http://127.0.0.1:1/api/things\(i)/1", facts: json(#"{"id": "one"}"#))
            #expect(results.map(\.summary) == [#"$.id: expected integer, got string (#/components/schemas/T\#(i)/properties/id/type)"#], "\(results)")
        }
        // The workspace read again and again gets the contract already built: one parse.
        for _ in 0..<3 { #expect(try self.contract(in: directory) === contract) }
        expectEqual(ContractCache.shared.parses(of: file), 1)
        // Changed bytes (another hash): read again, and what changed is seen.
        try contractDocument(operations: 200, title: "changed").replacingOccurrences(of: "/things5:", with: "/renamed5:")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let changed = try self.contract(in: directory)
        #expect(changed !== contract)
        expectEqual(ContractCache.shared.parses(of: file), 2)
        expectEqual(changed.lookUp(method: "GET", path: "/api/renamed5").operation?.name, "GET /renamed5")
        #expect(changed.lookUp(method: "GET", path: "/api/things5").operation == nil)
    }

    @Test func aChangedReferencedFileIsReadAgain() throws {
        let directory = temporaryDirectory("courier-contract-index") + "/contract"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Tests/Fixtures/contract/split", toPath: directory)
        let first = try contract(in: directory)
        #expect(try contract(in: directory) === first)
        // Only paths/pet.yaml changes (the document's bytes are the same): GET /pets/{id} loses its 4XX.
        let pet = directory + "/paths/pet.yaml"
        let text = try String(contentsOfFile: pet, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"4XX\"", with: "\"5XX\"").replacingOccurrences(of: "4XX:", with: "5XX:")
        try #require(edited != text, "the fixture's 4XX response moved")
        try edited.write(toFile: pet, atomically: true, encoding: .utf8)
        let second = try contract(in: directory)
        #expect(second !== first)
        expectEqual(ContractCache.shared.parses(of: directory + "/api.yaml"), 2)
        #expect(Set(second.operation(method: "GET", path: "/api/pets/7").operation?.responses.keys.map { $0 } ?? []) == ["200", "5XX"])
        // A referenced file that is gone is an error again, not the old contract.
        try FileManager.default.removeItem(atPath: pet)
        #expect(throws: WorkspaceError.self) { _ = try contract(in: directory) }
    }

    /// The index finds exactly the templates that fit, as trying each template did: literals
    /// (percent-encoded or not), parameters alone and inside text, and several patterns at one level.
    @Test func theIndexFindsWhatTryingEveryTemplateFinds() {
        let templates = ["/pets", "/pets/{id}", "/pets/mine", "/pets/{id}/photos", "/files/{name}.json", "/files/{name}", "/files/{a}-{b}.tar.gz",
                         "/caf%C3%A9/menu", "/{any}/menu", "/{a}/{b}/{c}", "/"]
        let operations = templates.map { ContractOperation(method: "GET", template: PathTemplate($0), responses: [:],
                                                           location: SourceLocation(file: "api.yaml", line: 1, column: 1)) }
        let index = ContractIndex(operations)
        let paths = ["/pets", "/pets/", "/pets/7", "/pets/mine", "/pets/7/photos", "/pets/7/photos/1", "/files/a.json", "/files/a",
                     "/files/x-y.tar.gz", "/files/.json", "/café/menu", "/caf%C3%A9/menu", "/tea/menu", "/a/b/c", "/", "", "/nothing/at/all/here"]
        for path in paths {
            let tried = operations.indices.filter { operations[$0].template.matches(path) }
            #expect(index.fitting(path).operations == tried, "\(path)")
        }
    }
}
