import CourierFormatCore
import Foundation

extension StarterWorkspace {
    /// What ``write(_:into:force:)`` did.
    public struct Written: Sendable, Equatable {
        /// What happened to the folder's `.gitignore`.
        public enum Gitignore: Sendable, Equatable {
            /// There was none: it was written.
            case created
            /// It lacked these lines, which were appended.
            case appended([String])
            /// It had every line already.
            case unchanged
        }

        /// The workspace file written (`DIR/courier.yaml`).
        public var workspace: String
        /// The `.gitignore` beside it.
        public var gitignorePath: String
        public var gitignore: Gitignore
    }

    /// The lines a folder's `.gitignore` needs for what Courier writes beside a workspace.
    /// The history, cookies and tokens are in the state directory, not here (a comment says so).
    public static let gitignoreLines = [
        "# Courier (courier init): what it writes beside a workspace — cached responses, downloads.",
        "# The history, cookies and OAuth2 tokens live in $XDG_STATE_HOME/courier (~/.local/state/courier).",
        ".courier/",
        "# Secrets kept in a file for {{env.NAME}} (config.envFile or --env-file; never commit them).",
        ".env",
        "# Private values over the workspace's and its environments' (Courier reads them, never writes them).",
        "*.private.yaml",
    ]

    /// `existing` with the ``gitignoreLines`` it lacks appended (their comments with them),
    /// and the lines added; nothing when it has them all. A line counts as there when a
    /// line of the file is the same once trimmed (`.courier` and `/.courier/` too, for the folder).
    public static func mergedGitignore(_ existing: String?) -> (text: String, added: [String]) {
        guard let existing else { return (gitignoreLines.joined(separator: "\n") + "\n", gitignoreLines.filter { !$0.hasPrefix("#") }) }
        let present = Set(existing.split(whereSeparator: \.isNewline).map { line in
            line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        })
        var missing: [String] = []
        var comments: [String] = []
        for line in gitignoreLines {
            if line.hasPrefix("#") {
                comments.append(line)
            } else {
                if !present.contains(line.trimmingCharacters(in: CharacterSet(charactersIn: "/"))) {
                    missing += comments + [line]
                }
                comments = []
            }
        }
        let added = missing.filter { !$0.hasPrefix("#") }
        guard !added.isEmpty else { return (existing, []) }
        let separator = existing.isEmpty || existing.hasSuffix("\n\n") ? "" : existing.hasSuffix("\n") ? "\n" : "\n\n"
        return (existing + separator + missing.joined(separator: "\n") + "\n", added)
    }

    /// Writes `DIR/courier.yaml` for `source` (the folder made when missing) and the folder's
    /// `.gitignore` (written, or the missing lines appended). An existing `courier.yaml` is
    /// refused unless `force`; nothing is written then.
    public static func write(_ source: Source, into directory: String, force: Bool = false) throws(Failure) -> Written {
        let workspace = (directory as NSString).appendingPathComponent(fileName)
        let gitignorePath = (directory as NSString).appendingPathComponent(".gitignore")
        if !force, FileManager.default.fileExists(atPath: workspace) {
            throw Failure(description: "\(workspace) exists; pass --force to overwrite it (or open it: courier tui \(workspace))",
                          fileExists: true)
        }
        let text = try yaml(for: source, name: name(forDirectory: directory))
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create \(directory): \(error.localizedDescription)")
        }
        let existing = FileManager.default.fileExists(atPath: gitignorePath)
            ? try read(gitignorePath) : nil
        let merged = mergedGitignore(existing)
        do {
            try OutputFile.write(text, to: workspace)
            if merged.text != existing { try OutputFile.write(merged.text, to: gitignorePath) }
        } catch {
            throw Failure(description: error.description)
        }
        let gitignore: Written.Gitignore = existing == nil ? .created : merged.added.isEmpty ? .unchanged : .appended(merged.added)
        return Written(workspace: workspace, gitignorePath: gitignorePath, gitignore: gitignore)
    }

    private static func read(_ path: String) throws(Failure) -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw Failure(description: "cannot read \(path): \(error.localizedDescription)")
        }
    }
}
