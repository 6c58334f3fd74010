import CourierWorkspace
import Foundation

/// The user's own settings for the workbench, from `config.yaml` (``ConfigLocation``): the
/// theme, rebound keys, the editor, the workspace `courier tui` opens without one, ASCII
/// drawing and whether sent requests are recorded. Every setting has a default, and a file
/// with any problem is not applied at all: the workbench opens with the defaults and says why.
package struct UserConfig: Sendable {
    package var theme: Theme = .dark
    /// The key table (``KeyMap/bindings``) with the config's rebindings.
    package var bindings: [KeyMap.Binding] = KeyMap.standard
    /// A shell command run on the file, instead of `$VISUAL` / `$EDITOR`.
    package var editor: String?
    /// Opened by `courier tui` without a workspace argument (absolute).
    package var workspace: String?
    package var ascii = false
    package var history = true
    /// How the side panes share the left column: `accordion` (the focused one takes it) or `grid`.
    package var layout: ScreenLayout.Style = .accordion

    /// The sections of the file.
    static let sections = ["theme", "keys", "editor", "workspace", "ascii", "history", "layout"]

    package init() {}

    /// Reads the config at `location`: no file at the usual place is the defaults, at a place
    /// named by `--config` or `COURIER_CONFIG` a problem. Relative paths in it (`workspace:`)
    /// are taken from the file's folder; `~/` is the home folder.
    package static func read(_ location: ConfigLocation) -> Result<UserConfig, ConfigProblems> {
        let path = location.path
        var problems = ConfigProblems()
        guard FileManager.default.fileExists(atPath: path) else {
            guard location.isExplicit else { return .success(UserConfig()) }
            problems.append(WorkspaceError(.unreadable, at: nil, "\(path): no such config file"))
            return .failure(problems)
        }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try WorkspaceCharacters.check(bytes, file: path)
        } catch let error as WorkspaceError {
            problems.append(error)
            return .failure(problems)
        } catch {
            problems.append(WorkspaceError(.unreadable, at: nil, "\(path): cannot read the config (\(error.localizedDescription))"))
            return .failure(problems)
        }
        return parse(yaml: String(decoding: bytes, as: UTF8.self), file: path)
    }

    /// Reads config text; `file` names it in errors and anchors relative paths.
    package static func parse(yaml text: String, file: String) -> Result<UserConfig, ConfigProblems> {
        var problems = ConfigProblems()
        let root: YAMLValue?
        do {
            root = try YAMLValue.document(yaml: text, file: file, subject: "the config")
        } catch {
            problems.append(error)
            return .failure(problems)
        }
        guard let root, !root.isNull else { return .success(UserConfig()) }
        var config = UserConfig()
        let entries: [YAMLMapping.Entry]
        do {
            entries = try root.mapping(expected: "a mapping of settings (\(sections.joined(separator: ", ")))").entries
        } catch {
            problems.append(error)
            return .failure(problems)
        }
        for entry in entries {
            switch entry.name {
            case "theme":
                switch Theme.parse(entry.value) {
                case .success(let theme): config.theme = theme
                case .failure(let found): problems.append(found)
                }
            case "keys":
                switch KeyMap.rebound(by: entry.value) {
                case .success(let table): config.bindings = table
                case .failure(let found): problems.append(found)
                }
            case "editor":
                problems.collect { () throws(WorkspaceError) in
                    guard !entry.value.isNull else { return }
                    config.editor = try entry.value.string(expected: "a command, e.g. \"code -w\"")
                }
            case "workspace":
                problems.collect { () throws(WorkspaceError) in
                    guard !entry.value.isNull else { return }
                    config.workspace = resolve(try entry.value.string(expected: "a workspace file's path"), in: file)
                }
            case "ascii":
                problems.collect { () throws(WorkspaceError) in config.ascii = try entry.value.bool() }
            case "history":
                problems.collect { () throws(WorkspaceError) in config.history = try entry.value.bool() }
            case "layout":
                problems.collect { () throws(WorkspaceError) in
                    let names = ScreenLayout.Style.allCases.map(\.rawValue)
                    let text = try entry.value.string(expected: "one of: \(names.joined(separator: ", "))")
                    guard let style = ScreenLayout.Style(rawValue: text) else {
                        throw entry.value.error(.invalidValue, "unknown layout \"\(text)\"\(Suggestion.clause(for: text, in: names)) "
                            + "(expected one of: \(names.joined(separator: ", ")))")
                    }
                    config.layout = style
                }
            default:
                problems.append(entry.key.error(.unknownKey, "unknown setting \"\(entry.name)\"\(Suggestion.clause(for: entry.name, in: sections)) "
                    + "(expected one of: \(sections.joined(separator: ", ")))"))
            }
        }
        return problems.isEmpty ? .success(config) : .failure(problems.inFileOrder)
    }

    private static func resolve(_ path: String, in file: String) -> String {
        if path == "~" || path.hasPrefix("~/") {
            return NSString(string: path).expandingTildeInPath
        }
        guard !path.hasPrefix("/") else { return path }
        return URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL.path
    }
}
