import Foundation
import Synchronization

/// Partial downloads nobody came back for: files in an Incomplete directory untouched for
/// longer than ``lifetime`` are removed — once per directory per process, when the first
/// download there is planned — so abandoned bodies do not fill the disk.
enum IncompleteSweep {
    /// A week: long enough to resume after a weekend, short enough not to keep junk forever.
    static let lifetime: TimeInterval = 7 * 24 * 3600
    private static let swept = Mutex<Set<String>>([])

    /// Sweeps `directory` unless this process already did.
    static func sweepOnce(_ directory: URL, now: Date = Date()) {
        let first = swept.withLock { $0.insert(directory.standardized.path).inserted }
        if first { sweep(directory, olderThan: lifetime, now: now) }
    }

    /// Removes the regular files in `directory` last modified more than `age` seconds ago;
    /// returns their names.
    @discardableResult
    static func sweep(_ directory: URL, olderThan age: TimeInterval, now: Date = Date()) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            let path = directory.appendingPathComponent(name).path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let modified = attributes[.modificationDate] as? Date,
                  now.timeIntervalSince(modified) > age else { return false }
            return unlink(path) == 0
        }
    }
}
