import Courier
import Foundation

/// The workspaces the workbench opened, most recent first, for the start screen: a JSON file
/// in the state directory (`$XDG_STATE_HOME/courier/recent-workspaces.json`), owner-only
/// (0600 in a 0700 folder) like the history. Each path is absolute and listed once; the list
/// keeps the ``limit`` newest. A file that cannot be read as such a list is reported (one line)
/// and replaced at the next ``record(_:now:)``, never an error that stops anything.
package struct RecentWorkspaces: Sendable {
    /// One workspace and when the workbench last opened it.
    package struct Entry: Codable, Sendable, Hashable {
        /// The workspace file's absolute path.
        package var path: String
        package var opened: Date

        package init(path: String, opened: Date) {
            self.path = path
            self.opened = opened
        }
    }

    /// How many are kept.
    package static let limit = 20
    /// The file.
    package let file: String

    /// The list in `stateDirectory` (default: `$XDG_STATE_HOME/courier`).
    package init(stateDirectory: String? = nil) {
        file = (stateDirectory ?? XDGDirectories.stateHome() + "/courier") + "/recent-workspaces.json"
    }

    /// The entries, newest first, and a line saying why the file could not be read (it is then
    /// taken as empty). No file is an empty list, not a problem.
    package func read() -> (entries: [Entry], problem: String?) {
        guard let data = FileManager.default.contents(atPath: file) else { return ([], nil) }
        do {
            let entries = try Self.decoder.decode([Entry].self, from: data)
            return (entries.sorted { $0.opened > $1.opened }, nil)
        } catch {
            return ([], "the list of recent workspaces (\(file)) could not be read; it starts again")
        }
    }

    /// Puts `path` (made absolute) at the top, opened `now`: a path already listed moves up,
    /// the list is cut to ``limit``, and the file is replaced whole, 0600.
    @discardableResult
    package func record(_ path: String, now: Date = Date()) throws -> [Entry] {
        let absolute = Self.absolute(path)
        var entries = read().entries.filter { $0.path != absolute }
        entries.insert(Entry(path: absolute, opened: now), at: 0)
        entries = Array(entries.prefix(Self.limit))
        let directory = (file as NSString).deletingLastPathComponent
        try OwnerOnly.makeDirectory(directory)
        try OwnerOnly.replaceFile(file, with: try Self.encoder.encode(entries))
        return entries
    }

    /// `path` absolute and standardized (`..` and `.` resolved, symbolic links kept).
    package static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL.path
    }

    // Dates in ISO 8601 as `.iso8601` writes and reads them, by `TimestampText`: Foundation's
    // strategy loads ICU (megabytes at every launch, for this one file).
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(TimestampText.iso8601(date))
        }
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = TimestampText.date(iso8601: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \(text)")
            }
            return date
        }
        return decoder
    }()
}
