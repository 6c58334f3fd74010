import Courier
import CourierFormatCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What OpenAPIKit read from a contract — its servers and its operations with their responses
/// and places — kept on disk under the SHA-256 of every file the contract was read from, so
/// the next process that loads the same bytes skips decoding and validating the document
/// (most of a load: a 2,000-operation document took seconds in every `courier run`). The
/// document itself is still read, for the schemas the responses are checked against.
///
/// Files are the user's alone (0600 in a 0700 folder), opened without following links. An
/// entry that cannot be read or decoded is a miss: the contract is read in full and the entry
/// written again — it holds nothing that cannot be made again from the document.
package struct ContractDiskCache: Sendable {
    /// `$XDG_CACHE_HOME/courier/contracts`.
    package let directory: String

    package init(directory: String) {
        self.directory = directory
    }

    /// The cache `contract:` uses outside tests.
    package static let standard = ContractDiskCache(directory: XDGDirectories.cacheHome() + "/courier/contracts")

    /// Changed whenever what is stored, or how a document's operations are read, changes:
    /// part of every key, so entries of another version are never used.
    static let format = "courier-contract-1 \(courierVersion)"

    /// An entry is at most this big (2,000 operations take about 600 KB).
    static let largestEntry = 64 << 20

    /// How many entries are kept; reading one marks it used.
    static let capacity = 16

    /// The servers' URLs and the operations, as OpenAPIKit read them.
    struct Entry: Codable, Equatable {
        let servers: [String]
        let operations: [Operation]
    }

    struct Operation: Codable, Equatable {
        let method: String
        let template: String
        let responses: [String: Response]
        let place: Place
    }

    struct Response: Codable, Equatable {
        let content: [String: String?]
        let place: Place
    }

    struct Place: Codable, Equatable {
        let file: String
        let line: Int
        let column: Int
    }

    /// The key of a load: how the document was named, the model that reads it, and every file
    /// read with its digest, in order (the document first).
    static func key(written: String, model: String, digests: [ContractFiles.Digest]) -> String {
        let parts = [format, written, model] + digests.flatMap { [$0.path, $0.digest] }
        return SHA256Hex.of(Data(parts.joined(separator: "\u{0}").utf8))
    }

    /// The entry stored under `key`, or nil (none, unreadable, not ours, not decodable).
    func read(_ key: String) -> Entry? {
        let descriptor = open(path(key), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(),
              info.st_mode & 0o077 == 0, info.st_size <= Self.largestEntry,
              let data = try? handle.readToEnd(), let entry = try? JSONDecoder().decode(Entry.self, from: data) else { return nil }
        futimens(descriptor, nil)  // used now: kept longest
        return entry
    }

    /// Stores `entry` under `key`, a new file renamed over any entry there, and drops the entries
    /// used longest ago beyond ``capacity`` (each edit of a contract makes a new key). A cache
    /// that cannot be written (a read-only home, a full disk) is left alone.
    func write(_ entry: Entry, key: String) {
        guard let data = try? JSONEncoder().encode(entry), (try? OwnerOnly.makeDirectory(directory)) != nil,
              (try? OwnerOnly.replaceFile(path(key), with: data)) != nil else { return }
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".json") }
        guard entries.count > Self.capacity else { return }
        let byUse = entries.map { name -> (name: String, used: Int) in
            var info = stat()
            return (name, lstat(directory + "/" + name, &info) == 0 ? info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec : 0)
        }.sorted { $0.used < $1.used }
        for old in byUse.prefix(entries.count - Self.capacity) where old.name != key + ".json" { unlink(directory + "/" + old.name) }
    }

    private func path(_ key: String) -> String {
        directory + "/" + key + ".json"
    }
}

extension ContractDiskCache.Entry {
    init(servers: [String], operations: [ContractOperation]) {
        func place(_ location: SourceLocation) -> ContractDiskCache.Place {
            .init(file: location.file, line: location.line, column: location.column)
        }
        self.init(servers: servers, operations: operations.map { operation in
            .init(method: operation.method, template: operation.template.text,
                  responses: operation.responses.mapValues { .init(content: $0.content, place: place($0.location)) },
                  place: place(operation.location))
        })
    }

    /// The operations as a contract holds them.
    var contractOperations: [ContractOperation] {
        func location(_ place: ContractDiskCache.Place) -> SourceLocation {
            SourceLocation(file: place.file, line: place.line, column: place.column)
        }
        return operations.map { operation in
            ContractOperation(method: operation.method, template: PathTemplate(operation.template),
                              responses: operation.responses.mapValues { ContractResponse(content: $0.content, location: location($0.place)) },
                              location: location(operation.place))
        }
    }
}
