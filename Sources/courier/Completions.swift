import ArgumentParser
import CourierWorkspace
import Foundation

/// What the shells complete from the workspace named on the command line
/// (`courier --generate-completion-script bash|zsh|fish`): its requests, batches and chains,
/// its environments, and the load runs the history saved of it. The shell runs
/// `courier ---completion …` at each TAB, so these read the file and the history and print;
/// they never touch the terminal, and a workspace that cannot be read completes nothing.
enum Completions {
    /// Workspace files.
    static let workspaceFiles = CompletionKind.file(extensions: ["yaml", "yml"])

    /// Folders (`courier init DIR`).
    static let directories = CompletionKind.directory

    /// The workspace's requests, batches and chains.
    static let targets = CompletionKind.custom { words, index, _ in
        workspace(in: words, before: index)?.targetNames ?? []
    }

    /// The workspace's environments.
    static let environments = CompletionKind.custom { words, index, _ in
        workspace(in: words, before: index)?.environmentNames ?? []
    }

    /// `last`, and the ids of the load runs saved for the workspace (of the target named, when
    /// one is), newest first.
    static let loadRuns = CompletionKind.custom { words, index, _ in
        guard let path = workspacePath(in: words, before: index), let workspace = try? Workspace.load(path: path),
              let history = try? HistoryStore() else { return ["last"] }
        let target = words.prefix(index).drop { $0 != words.first { isWorkspaceFile($0) } }.dropFirst()
            .first { !$0.hasPrefix("-") && workspace.targetNames.contains($0) }
        let runs = (try? history.loadRuns(workspacePath: HistoryStore.workspacePath(ofFile: workspace.file), target: target)) ?? []
        return ["last"] + runs.map { String($0.id) }
    }

    /// The workspace file named before the word being completed: the first word that ends
    /// `.yaml` or `.yml`, unquoted, `~` expanded.
    static func workspacePath(in words: [String], before index: Int) -> String? {
        words.prefix(index).dropFirst().first(where: isWorkspaceFile).map { word in
            (unquoted(word) as NSString).expandingTildeInPath
        }
    }

    private static func workspace(in words: [String], before index: Int) -> Workspace? {
        workspacePath(in: words, before: index).flatMap { try? Workspace.load(path: $0) }
    }

    private static func isWorkspaceFile(_ word: String) -> Bool {
        let name = unquoted(word)
        return name.hasSuffix(".yaml") || name.hasSuffix(".yml")
    }

    /// A shell word as the shell gave it (quotes and escapes kept) as the text it stands for,
    /// for the plain cases: `'a b.yaml'`, `"a b.yaml"`, `a\ b.yaml`.
    private static func unquoted(_ word: String) -> String {
        if let first = word.first, first == "'" || first == "\"", word.count >= 2, word.last == first {
            return String(word.dropFirst().dropLast())
        }
        return word.replacingOccurrences(of: "\\ ", with: " ")
    }
}
