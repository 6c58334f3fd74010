import Courier
import Foundation
import Synchronization

/// The contracts this process has loaded, each kept with the SHA-256 of every file it was
/// read from (the document and the files its `$ref`s name). A workspace names its contract
/// again each time it is read — `courier run` once, but the workbench on every edit it saves
/// and every change the file watcher sees —, and a contract of 2,000 operations took seconds
/// to decode, validate and index. Loading the same files with the same bytes, from the same
/// folder under the same path rules, gives back the contract already built (its compiled
/// schemas too); a file that changed, appeared or went is read again from scratch.
///
/// Across processes, ``disk`` keeps what OpenAPIKit read (the operations), by the digests of
/// the files: the next `courier run` reads the document's YAML for its schemas but does not
/// decode and validate it again.
package final class ContractCache: Sendable {
    /// The process's cache, which `contract:` uses, with the user's disk cache.
    package static let shared = ContractCache(disk: .standard)

    /// Where operations are kept between processes; nil keeps nothing on disk.
    let disk: ContractDiskCache?

    /// How many contracts are kept; the one used longest ago goes first.
    static let capacity = 4

    /// What makes two loads the same apart from the bytes: the document, how the workspace
    /// wrote it, and the folders its files may come from.
    struct Key: Hashable {
        let file: String
        let written: String
        let roots: [String]
        let isLifted: Bool
    }

    private struct Entry {
        let key: Key
        /// Every file read, the document first, with its content's SHA-256.
        let digests: [ContractFiles.Digest]
        let contract: Contract
    }

    private struct State {
        var entries: [Entry] = []
        /// Full loads (read, decoded, validated, indexed) by document path, for tests.
        var parses: [String: Int] = [:]
        /// Loads whose operations came from ``disk``, by document path, for tests.
        var diskHits: [String: Int] = [:]
    }

    private let state = Mutex(State())

    package init(disk: ContractDiskCache? = nil) {
        self.disk = disk
    }

    /// The contract loaded from `key`'s files when the document's digest is `digest` and every
    /// other file it read still has the digest it had (each read again and hashed here).
    func contract(for key: Key, digest: String) -> Contract? {
        guard let entry = state.withLock({ state in state.entries.last { $0.key == key && $0.digests.first?.digest == digest } }) else {
            return nil
        }
        for file in entry.digests.dropFirst() {
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: file.path)), SHA256Hex.of(data) == file.digest else { return nil }
        }
        state.withLock { state in
            if let index = state.entries.lastIndex(where: { $0.contract === entry.contract }) {
                state.entries.append(state.entries.remove(at: index))
            }
        }
        return entry.contract
    }

    /// Notes a full load of `file` (``parses(of:)``).
    func countParse(of file: String) {
        state.withLock { $0.parses[file, default: 0] += 1 }
    }

    /// Keeps `contract`, read from the files of `digests`, in place of any other for `key`.
    func store(_ contract: Contract, for key: Key, digests: [ContractFiles.Digest]) {
        state.withLock { state in
            state.entries.removeAll { $0.key == key }
            state.entries.append(Entry(key: key, digests: digests, contract: contract))
            if state.entries.count > Self.capacity { state.entries.removeFirst(state.entries.count - Self.capacity) }
        }
    }

    /// How many times the document at `file` (absolute) was read and decoded in full, not taken from the cache.
    package func parses(of file: String) -> Int {
        state.withLock { $0.parses[file] ?? 0 }
    }

    /// Notes a load of `file` whose operations came from the disk cache.
    func countDiskHit(of file: String) {
        state.withLock { $0.diskHits[file, default: 0] += 1 }
    }

    /// How many times each document (by absolute path) was decoded in full, and how many loads
    /// took its operations from ``disk``: read before and after a load, the entries of the
    /// load's own document say what it did — loads of other documents meanwhile (another
    /// thread's, another test's) do not count.
    package var workDone: (parses: [String: Int], diskHits: [String: Int]) {
        state.withLock { ($0.parses, $0.diskHits) }
    }

    /// How many loads of the document at `file` took its operations from ``disk`` instead of decoding it.
    package func diskHits(of file: String) -> Int {
        state.withLock { $0.diskHits[file] ?? 0 }
    }
}
