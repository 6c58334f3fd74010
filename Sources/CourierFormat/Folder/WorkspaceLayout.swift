import CourierFormatCore
import Foundation

/// Where a workspace's definitions are: one YAML file, or a folder — `courier.yaml` (config,
/// variables, environments, and any requests, batches and chains) plus every `*.yaml` under
/// `requests/`, each holding `requests:`, `batches:` and `chains:` like the root file does.
/// Folders under `requests/` are folders in the Requests tree.
public struct WorkspaceLayout: Sendable, Hashable {
    /// The root file's name in a folder workspace.
    public static let rootFileName = "courier.yaml"
    /// The folder of request files in a folder workspace.
    public static let requestsFolderName = "requests"

    /// The file read first: the workspace file, or the folder's `courier.yaml`.
    public let rootFile: String
    /// Whether it is a folder workspace: a folder was given, or the root file is `courier.yaml`
    /// beside a `requests/` folder. (`courier init`'s `courier.yaml` alone is a one-file
    /// workspace until `requests/` is made.)
    public let isFolder: Bool

    /// The layout for a path given on the command line: a folder means its `courier.yaml`.
    public init(path: String) {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            rootFile = (path.hasSuffix("/") ? String(path.dropLast()) : path) + "/" + Self.rootFileName
            isFolder = true
        } else {
            rootFile = path
            isFolder = Self.lastComponent(of: path) == Self.rootFileName
                && files.fileExists(atPath: Self.folder(of: path) + "/" + Self.requestsFolderName, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
    }

    private init(rootFile: String, isFolder: Bool) {
        self.rootFile = rootFile
        self.isFolder = isFolder
    }

    /// The same root file read alone: `layout: file` in a `courier.yaml` that sits beside a
    /// `requests/` folder of something else.
    var oneFile: WorkspaceLayout { WorkspaceLayout(rootFile: rootFile, isFolder: false) }

    /// The folder holding the root file (`.` for a bare name).
    public var directory: String { Self.folder(of: rootFile) }

    /// A name as a file or folder name: letters, digits, `-`, `_` and `.` kept, runs of anything
    /// else one `-`; never hidden, empty or a way up.
    package static func fileName(for name: String, fallback: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("-") {
                result += "-"
            }
        }
        result = String(result.drop { $0 == "-" || $0 == "." }.prefix(80))
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? fallback : result
    }

    /// The folder part of a path: `.` when it has none, `/` at the root. (Foundation's
    /// `deletingLastPathComponent` traps on an empty string; a workspace parsed from text may
    /// have any name.)
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part of a path.
    static func lastComponent(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// `requests/` in a folder workspace.
    public var requestsDirectory: String { directory + "/" + Self.requestsFolderName }

    /// The folder of environment files in a folder workspace.
    public static let environmentsFolderName = "environments"

    /// The private file beside `file`: `api.yaml` → `api.private.yaml`. Courier reads it and
    /// never writes it; `courier init`'s `.gitignore` keeps it out of the repository.
    public func privateFile(beside file: String) -> String {
        let folder = Self.folder(of: file), name = Self.lastComponent(of: file)
        let stem = name.hasSuffix(".yaml") ? String(name.dropLast(5)) : name.hasSuffix(".yml") ? String(name.dropLast(4)) : name
        return folder + "/" + stem + ".private.yaml"
    }

    /// An environment file and the environment it gives values to.
    public struct EnvironmentFile: Sendable, Hashable {
        public var path: String
        public var environment: String
        public var isPrivate: Bool
    }

    /// A folder workspace's `environments/NAME.yaml` by name, then the `NAME.private.yaml`
    /// files, which are read over them.
    public func environmentFiles() throws(WorkspaceError) -> [EnvironmentFile] {
        guard isFolder else { return [] }
        let folder = directory + "/" + Self.environmentsFolderName
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        let confinement = PathConfinement(workspaceDirectory: directory)
        var files: [EnvironmentFile] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let stem: Substring
            if name.hasSuffix(".yaml") { stem = name.dropLast(5) } else if name.hasSuffix(".yml") { stem = name.dropLast(4) } else { continue }
            let isPrivate = stem.hasSuffix(".private")
            let environment = String(isPrivate ? stem.dropLast(8) : stem)
            guard !environment.isEmpty else { continue }
            let path = folder + "/" + name
            try confine(path, for: "environment file", confinement)
            files.append(EnvironmentFile(path: path, environment: environment, isPrivate: isPrivate))
        }
        return files.filter { !$0.isPrivate } + files.filter(\.isPrivate)
    }

    /// A request file under `requests/` and the folder it shows in (`""` at the top,
    /// `billing/invoices` for `requests/billing/invoices/list.yaml`).
    public struct RequestFile: Sendable, Hashable {
        public var path: String
        public var folder: String
    }

    /// Every `*.yaml` and `*.yml` under `requests/`, folders before files at each level and each
    /// group by name, so that the tree and `courier run`'s lists are the same on every machine.
    /// Hidden entries (an editor's `.swp`, `.git`) are skipped; a symbolic link that leads
    /// outside the workspace folder is refused, like every path a workspace names.
    public func requestFiles() throws(WorkspaceError) -> [RequestFile] {
        guard isFolder else { return [] }
        let confinement = PathConfinement(workspaceDirectory: directory)
        var files: [RequestFile] = []
        try collect(in: requestsDirectory, folder: "", confinement: confinement, into: &files)
        return files
    }

    private func collect(in directory: String, folder: String, confinement: PathConfinement,
                         into files: inout [RequestFile]) throws(WorkspaceError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            if folder.isEmpty, !FileManager.default.fileExists(atPath: directory) { return }
            throw WorkspaceError(.unreadable, at: nil, "\(directory): cannot read the folder (\(error.localizedDescription))")
        }
        var subfolders: [String] = [], yamlFiles: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                subfolders.append(name)
            } else if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                yamlFiles.append(name)
            }
        }
        for name in subfolders {
            let path = directory + "/" + name
            try confine(path, for: "request folder", confinement)
            try collect(in: path, folder: folder.isEmpty ? name : folder + "/" + name, confinement: confinement, into: &files)
        }
        for name in yamlFiles {
            let path = directory + "/" + name
            try confine(path, for: "request file", confinement)
            files.append(RequestFile(path: path, folder: folder))
        }
    }

    private func confine(_ path: String, for purpose: String, _ confinement: PathConfinement) throws(WorkspaceError) {
        do {
            _ = try confinement.check(path, for: purpose)
        } catch {
            throw WorkspaceError(.invalidValue, at: nil, "\(error)")
        }
    }
}
