import Courier
@testable import CourierChecks
@testable import CourierFormatCore
import CourierSchema
import Foundation
import Testing

/// #41 11c: a 2,000-operation contract cost every `courier run` its full decoding and
/// validation by OpenAPIKit. What OpenAPIKit read is kept on disk by the files' digests, so
/// another process (a fresh ``ContractCache`` here) takes it from there.
@Suite("contract: what OpenAPIKit read, kept on disk")
struct ContractDiskCacheTests {
    /// `contract: api.yaml` of a workspace in `directory`, loaded through `cache`.
    private func load(in directory: String, cache: ContractCache) throws -> Contract {
        let root = try #require(try YAMLValue.document(yaml: "contract: api.yaml\n", file: directory + "/ws.yaml", subject: "workspace"))
        return try Contract.load(try #require(try root.mapping()["contract"]), cache: cache)
    }

    private func json(_ body: String) -> ResponseFacts {
        ResponseFacts(status: 200, headers: [.contentType: "application/json"], body: Data(body.utf8))
    }

    private func entries(_ disk: ContractDiskCache) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: disk.directory)) ?? []).filter { $0.hasSuffix(".json") }
    }

    @Test func anotherProcessTakesTheOperationsFromDiskAndChecksAlike() throws {
        let directory = temporaryDirectory("courier-contract-disk")
        let disk = ContractDiskCache(directory: directory + "/cache/courier/contracts")
        try contractDocument(operations: 40).write(toFile: directory + "/api.yaml", atomically: true, encoding: .utf8)
        let first = ContractCache(disk: disk)
        let read = try load(in: directory, cache: first)
        #expect(first.parses(of: directory + "/api.yaml") == 1 && first.diskHits(of: directory + "/api.yaml") == 0)
        let stored = entries(disk)
        expectEqual(stored.count, 1)
        var info = stat()
        #expect(stat(disk.directory + "/" + stored[0], &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(disk.directory, &info) == 0 && info.st_mode & 0o777 == 0o700)

        let second = ContractCache(disk: disk)
        let taken = try load(in: directory, cache: second)
        #expect(second.parses(of: directory + "/api.yaml") == 0, "OpenAPIKit did not read it again")
        expectEqual(second.diskHits(of: directory + "/api.yaml"), 1)
        expectEqual(ContractDiskCache.Entry(servers: [], operations: taken.operations), ContractDiskCache.Entry(servers: [], operations: read.operations))
        expectEqual(taken.basePaths, read.basePaths)
        let wrong = json(#"{"id": "one"}"#)
        for contract in [read, taken] {
            let results = contract.results(method: "GET", url: "http://127.0.0.1:1/api/things7/1", facts: wrong)
            #expect(results.map(\.summary) == [#"$.id: expected integer, got string (#/components/schemas/T7/properties/id/type)"#])
        }
    }

    @Test func aChangedReferencedFileIsReadByOpenAPIKitAgain() throws {
        let directory = temporaryDirectory("courier-contract-disk") + "/contract"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Tests/Fixtures/contract/split", toPath: directory)
        let disk = ContractDiskCache(directory: directory + "/../cache")
        _ = try load(in: directory, cache: ContractCache(disk: disk))
        let pet = directory + "/paths/pet.yaml"
        let text = try String(contentsOfFile: pet, encoding: .utf8)
        try text.replacingOccurrences(of: "\"4XX\"", with: "\"5XX\"").replacingOccurrences(of: "4XX:", with: "5XX:")
            .write(toFile: pet, atomically: true, encoding: .utf8)
        let fresh = ContractCache(disk: disk)
        let contract = try load(in: directory, cache: fresh)
        #expect(fresh.parses(of: directory + "/api.yaml") == 1 && fresh.diskHits(of: directory + "/api.yaml") == 0)
        #expect(Set(contract.operation(method: "GET", path: "/api/pets/7").operation?.responses.keys.map { $0 } ?? []) == ["200", "5XX"])
    }

    @Test func aCorruptEntryOrALinkIsReadAgainAndReplaced() throws {
        let directory = temporaryDirectory("courier-contract-disk")
        let disk = ContractDiskCache(directory: directory + "/cache")
        try contractDocument(operations: 4).write(toFile: directory + "/api.yaml", atomically: true, encoding: .utf8)
        _ = try load(in: directory, cache: ContractCache(disk: disk))
        let entry = disk.directory + "/" + (try #require(entries(disk).first))
        let decoy = directory + "/decoy.json"
        for damage in ["truncated", "link"] {
            if damage == "link" {
                try "{}".write(toFile: decoy, atomically: true, encoding: .utf8)
                unlink(entry)
                expectEqual(symlink(decoy, entry), 0)
            } else {
                try Data("{\"servers\": [".utf8).write(to: URL(fileURLWithPath: entry))
            }
            let cache = ContractCache(disk: disk)
            #expect(try load(in: directory, cache: cache).operations.count == 4, "\(damage)")
            #expect(cache.parses(of: directory + "/api.yaml") == 1, "\(damage): read again")
            var info = stat()
            #expect(lstat(entry, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG, "\(damage): replaced by a file")
            let next = ContractCache(disk: disk)
            _ = try load(in: directory, cache: next)
            #expect(next.diskHits(of: directory + "/api.yaml") == 1, "\(damage): the new entry is used")
        }
        #expect(try String(contentsOfFile: decoy, encoding: .utf8) == "{}", "the link's target was not written")
    }

    @Test func onlyTheEntriesUsedLatestAreKept() throws {
        let directory = temporaryDirectory("courier-contract-disk")
        let disk = ContractDiskCache(directory: directory + "/cache")
        for version in 0..<(ContractDiskCache.capacity + 3) {
            try contractDocument(operations: 2, title: "v\(version)").write(toFile: directory + "/api.yaml", atomically: true, encoding: .utf8)
            _ = try load(in: directory, cache: ContractCache(disk: disk))
        }
        expectEqual(entries(disk).count, ContractDiskCache.capacity)
    }
}
