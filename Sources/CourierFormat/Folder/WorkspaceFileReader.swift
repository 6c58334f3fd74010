import CourierFormatCore
import Foundation

/// Reads the files of a workspace in order and hands them to ``WorkspaceAssembly``: the root
/// file, the files its `include:` lists (and theirs, each once), then the request files under
/// `requests/`.
///
/// Values from included files come first and the root file's own win over them. Definitions
/// are listed root file first, then included files, then request files by folder.
///
/// An `include:` in the root file may name any file: the user chose it (`../common/envs.yaml`).
/// An included file's own `include:` must stay inside the workspace folder, the folders of the
/// root file's includes, or a folder `COURIER_ALLOW_PATHS` allows; a way out through `..` or a
/// symbolic link is an error at the entry that names it.
struct WorkspaceFileReader {
    private(set) var layout: WorkspaceLayout
    /// Texts to use instead of the files on disk.
    let texts: [String: String]
    /// Included files already read (resolved paths).
    private var included: Set<String> = []

    init(layout: WorkspaceLayout, texts: [String: String]) {
        self.layout = layout
        self.texts = texts
    }

    private struct IncludedFile {
        var file: String
        var map: YAMLMapping
    }

    mutating func read(extraVariables: Set<String>) throws(WorkspaceError) -> Workspace {
        let rootFile = layout.rootFile
        guard let root = try mapping(of: rootFile, part: .root) else {
            throw WorkspaceError(.syntax, at: SourceLocation(file: rootFile, line: 1, column: 1), "the workspace is empty")
        }
        if let value = root["layout"] {
            switch try value.string(expected: "file or folder") {
            case "file": layout = layout.oneFile
            case "folder": break
            default: throw value.error(.invalidValue, "layout: file (this file alone, even beside a requests/ folder) or folder")
            }
        }
        let defaultName = layout.isFolder
            ? URL(fileURLWithPath: layout.directory).standardized.lastPathComponent
            : Self.stem(of: WorkspaceLayout.lastComponent(of: rootFile))
        var assembly = WorkspaceAssembly(name: defaultName, file: rootFile, isFolder: layout.isFolder)
        assembly.addFile(rootFile)
        try assembly.readHeader(root)
        included.insert(PathConfinement.resolved(rootFile))
        let includes = try self.includes(of: root, file: rootFile, confinement: nil)
        for part in includes {
            assembly.addFile(part.file)
            try assembly.readVariables(part.map)
        }
        try assembly.readVariables(root)
        try readEnvironmentFiles(into: &assembly)
        let privateFile = layout.privateFile(beside: rootFile)
        // Watched even before it is there: making one is a change to read.
        assembly.addFile(privateFile, isDefinitions: false)
        if FileManager.default.fileExists(atPath: privateFile) || texts[privateFile] != nil,
           let values = try mapping(of: privateFile, part: .privateValues) {
            try assembly.readVariables(values)
        }
        try readDotEnv(into: &assembly)
        try assembly.readDefinitions(root, folder: nil)
        for part in includes { try assembly.readDefinitions(part.map, folder: nil) }
        for file in try layout.requestFiles() {
            assembly.addFile(file.path)
            guard let map = try mapping(of: file.path, part: .requests(folder: file.folder)) else { continue }
            try assembly.readDefinitions(map, folder: file.folder)
        }
        return try assembly.finish(extraVariables: extraVariables)
    }

    /// A folder workspace's `environments/NAME.yaml`, then their `NAME.private.yaml`, each
    /// over what the root file and its includes gave environment NAME.
    private func readEnvironmentFiles(into assembly: inout WorkspaceAssembly) throws(WorkspaceError) {
        for file in try layout.environmentFiles() {
            assembly.addFile(file.path, isDefinitions: false)
            let values = try mapping(of: file.path, part: .environment)
            try assembly.readEnvironment(file.environment, values ?? YAMLMapping.empty(in: file.path))
        }
    }

    /// `config.envFile`: read when it is there (a fresh clone lacks the `.env` its
    /// `.gitignore` keeps out, and `{{env.NAME}}` says which value is missing), confined like
    /// every file a workspace names.
    private func readDotEnv(into assembly: inout WorkspaceAssembly) throws(WorkspaceError) {
        guard let written = assembly.workspace.config.envFile else { return }
        let path = Self.absolute(written, from: layout.directory)
        do {
            _ = try PathConfinement(workspaceDirectory: layout.directory).check(path, for: "config.envFile")
        } catch {
            throw WorkspaceError(.invalidValue, at: nil, "\(layout.rootFile): config.envFile: \(error)")
        }
        guard FileManager.default.fileExists(atPath: path) else {
            assembly.readDotEnv(path, [])
            return
        }
        assembly.readDotEnv(path, try DotEnvFile.read(path))
    }

    /// The files `map`'s `include:` names and, depth first, the files they include.
    /// `confinement` is nil for the root file's list (any path) and the rule for the others'.
    private mutating func includes(of map: YAMLMapping, file: String,
                                   confinement: PathConfinement?) throws(WorkspaceError) -> [IncludedFile] {
        guard let list = map["include"] else { return [] }
        let entries = try list.list(expected: "a list of files to include")
        var paths: [(path: String, entry: YAMLValue)] = []
        let base = WorkspaceLayout.folder(of: file)
        for entry in entries {
            let written = try entry.string(expected: "a file to include")
            paths.append((Self.absolute(written, from: base), entry))
        }
        // Nested includes may reach the workspace folder and the folders the root file chose.
        let rule = confinement ?? PathConfinement(
            workspaceDirectory: layout.directory, extraDirectories: paths.map { WorkspaceLayout.folder(of: $0.path) })
        var result: [IncludedFile] = []
        for (path, entry) in paths {
            if confinement != nil {
                do {
                    _ = try rule.check(path, for: "included file")
                } catch {
                    throw entry.error(.invalidValue, "include: \(error)")
                }
            }
            let resolved = PathConfinement.resolved(path)
            guard included.insert(resolved).inserted else { continue }
            guard FileManager.default.fileExists(atPath: path) || texts[path] != nil else {
                throw entry.error(.unreadable, "include: no file \(path)")
            }
            guard let included = try mapping(of: path, part: .included) else { continue }
            result.append(IncludedFile(file: path, map: included))
            result += try includes(of: included, file: path, confinement: rule)
        }
        return result
    }

    /// A file's top-level mapping, nil when it holds no document.
    private func mapping(of file: String, part: WorkspaceAssembly.Part) throws(WorkspaceError) -> YAMLMapping? {
        let text: String
        if let given = texts[file] {
            text = given
        } else {
            let bytes: Data
            do {
                bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw WorkspaceError(.unreadable, at: nil, "\(file): cannot read the workspace (\(error.localizedDescription))")
            }
            try WorkspaceCharacters.check(bytes, file: file)
            text = String(decoding: bytes, as: UTF8.self)
        }
        guard let yaml = try YAMLValue.document(yaml: text, file: file, subject: "the workspace") else { return nil }
        return try yaml.mapping(allowed: part.keys, expected: part.expected)
    }

    /// A file name without its extension (`api.yaml` → `api`).
    static func stem(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// A path as written made absolute from `base` (`~/` is the home folder).
    static func absolute(_ path: String, from base: String) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/") { return NSHomeDirectory() + String(path.dropFirst()) }
        return URL(fileURLWithPath: base).appendingPathComponent(path).standardized.path
    }
}
