import Foundation

/// A byte count as people read it: `512 B`, `3.4 KiB`, `12.0 MiB`. Shared by the format's
/// own messages (a stream's size limit, a markup body too large to check), the reports and
/// the load runs, so that one size reads the same everywhere.
package enum ByteCountText {
    /// `bytes` in B below 1 KiB, in KiB with one decimal below 1 MiB, in MiB above.
    package static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1024: return "\(bytes) B"
        case ..<(1024 * 1024): return String(format: "%.1f KiB", Double(bytes) / 1024)
        default: return String(format: "%.1f MiB", Double(bytes) / 1_048_576)
        }
    }
}
