import Courier
import CourierFormat
import CourierRunner
import Foundation

/// The history of earlier versions: every request sent for one workspace, as JSON Lines in
/// a file of the state directory — `$XDG_STATE_HOME/courier/history/` (by default
/// `~/.local/state/courier/history/`), secrets already redacted. Only read now, to import it
/// once into the history database (``HistoryStore``).
public struct HistoryLog: Sendable {
    /// One line of the history file.
    public struct Entry: Sendable, Codable, Hashable {
        public var date: Date
        public var workspace: String
        public var result: RequestResult
    }

    /// The history file.
    public let file: String

    public init(file: String) { self.file = file }

    /// The history of the workspace at `workspacePath`, in `stateDirectory` (default: the XDG
    /// state directory): one file per workspace file, named after it and a hash of its path.
    public init(workspacePath: String, stateDirectory: String? = nil) {
        file = "\(stateDirectory ?? Self.defaultDirectory)/\(WorkspaceStateName.of(workspacePath: workspacePath)).jsonl"
    }

    /// `$XDG_STATE_HOME/courier/history`, or `~/.local/state/courier/history`.
    public static var defaultDirectory: String { XDGDirectories.stateHome() + "/courier/history" }

    /// Every entry, oldest first; unreadable lines are skipped.
    public func entries() -> [Entry] {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? Self.decoder.decode(Entry.self, from: Data($0.utf8)) }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
