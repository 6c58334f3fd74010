import CourierFormatCore
import Foundation

/// A user's collection of request definitions, read from a YAML file: configuration,
/// variables and environments, requests, batches and chains. See `workspaces/README.md`.
public struct Workspace: Sendable {
    /// What a name given to `courier run` refers to.
    public enum Target: Sendable {
        case request(RequestDefinition)
        case batch(BatchDefinition)
        case chain(ChainDefinition)
    }

    public var name: String
    /// The file it was read from, as given.
    public var file: String
    public var config = WorkspaceConfig()
    public var variables: [String: String] = [:]
    public var environments: [String: [String: String]] = [:]
    /// An environment's `headers:` and `args:` mappings, over the config's.
    public var environmentDefaults: [String: ServiceDefaults] = [:]
    public var requests: [String: RequestDefinition] = [:]
    public var batches: [String: BatchDefinition] = [:]
    public var chains: [String: ChainDefinition] = [:]
    /// `expect-calls:` — how often `courier mock --verify` expects routes to be called (``CallExpectation``).
    public var expectedCalls: [CallExpectation] = []
    /// Names in file order.
    public var environmentNames: [String] = []
    public var requestNames: [String] = []
    public var batchNames: [String] = []
    public var chainNames: [String] = []
    /// Whether anything refers to `{{demo}}`: the runner then starts the demo server.
    public var usesDemoServer = false
    /// Every file the definitions were read from, `file` first: the files it includes and, in
    /// a folder workspace, the request files (``WorkspaceLayout``).
    public var files: [String] = []
    /// Every file read, for the workbench's watcher: ``files``, environment and private files,
    /// and the `.env` file — the private file and the `.env` file even when they are not there
    /// yet (making one is a change to read).
    public var watchedFiles: [String] = []
    /// The folder under `requests/` a request's file is in (`billing/invoices`); requests of
    /// the root file and of included files have none.
    public var requestFolders: [String: String] = [:]
    /// The file each variable's value comes from (the last file that set it: an included
    /// file, the root file or its private file).
    public var variableSources: [String: String] = [:]
    /// For each environment, the file each of its values comes from (the root file, an
    /// included file, `environments/NAME.yaml` or a private file).
    public var environmentSources: [String: [String: String]] = [:]
    /// `config.envFile`'s values, for `{{env.NAME}}` below the process environment, and the file.
    public var dotenv: [String: String] = [:]
    public var dotenvFile: String?

    public init(name: String, file: String) {
        self.name = name
        self.file = file
        files = [file]
        watchedFiles = [file]
    }

    /// Whether it was read from a folder (`courier.yaml` and `requests/`, ``WorkspaceLayout``).
    public var isFolder = false
    /// `config:` of request files, by folder under `requests/` (``FolderConfig``).
    public var folderConfigs: [String: FolderConfig] = [:]

    /// The file a request, batch or chain is defined in.
    public func file(defining name: String) -> String? {
        requests[name]?.location.file ?? batches[name]?.location.file ?? chains[name]?.location.file
    }

    /// Every runnable name: requests, then batches, then chains.
    public var targetNames: [String] { requestNames + batchNames + chainNames }

    public func target(named name: String) -> Target? {
        if let request = requests[name] { return .request(request) }
        if let batch = batches[name] { return .batch(batch) }
        if let chain = chains[name] { return .chain(chain) }
        return nil
    }

    /// The directory of the workspace file; relative paths in it are resolved from here.
    public var directory: String {
        let url = URL(fileURLWithPath: file)
        return url.deletingLastPathComponent().path
    }

    /// A path from the file (cache directory, upload or download path) made absolute; a
    /// trailing `/` (a directory to save into) is kept.
    public func resolvePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/") { return NSHomeDirectory() + String(path.dropFirst()) }
        let resolved = URL(fileURLWithPath: directory).appendingPathComponent(path).standardized.path
        return path.hasSuffix("/") && !resolved.hasSuffix("/") ? resolved + "/" : resolved
    }

    /// The requests a batch runs, in order: nested batches expanded, a request with
    /// `times: N` named N times and one with `each:` once per row.
    public func requestNames(inBatch name: String) -> [String] {
        members(ofBatch: name).map(\.name)
    }

    /// A request a batch sends, with the `each:` row it is sent for.
    public struct BatchMember: Sendable {
        public var name: String
        package var row: DataRows.Row?

        package init(name: String, row: DataRows.Row? = nil) {
            self.name = name
            self.row = row
        }
    }

    /// The requests a batch sends, in order, as ``requestNames(inBatch:)`` names them, each
    /// with its `each:` row.
    public func members(ofBatch name: String) -> [BatchMember] {
        guard let batch = batches[name] else { return [] }
        return batch.items.flatMap { item -> [BatchMember] in
            if let rows = item.each { return rows.rows.map { BatchMember(name: item.name, row: $0) } }
            if let times = item.times { return Array(repeating: BatchMember(name: item.name), count: times) }
            return batches[item.name] != nil ? members(ofBatch: item.name) : [BatchMember(name: item.name)]
        }
    }

    /// The variables with an environment's values over them and then `overrides`.
    public func variables(environment: String?, overrides: [String: String] = [:]) throws(WorkspaceError) -> [String: String] {
        var result = variables
        if let environment {
            guard let values = environments[environment] else {
                let known = environmentNames.isEmpty ? "the workspace defines none" : "expected one of: \(environmentNames.joined(separator: ", "))"
                throw WorkspaceError(.unknownTarget, at: nil, "unknown environment \"\(environment)\""
                    + "\(Suggestion.clause(for: environment, in: environmentNames)) (\(known))")
            }
            result.merge(values) { $1 }
        }
        result.merge(overrides) { $1 }
        return result
    }

    /// What `{{env.NAME}}` reads: `config.envFile`'s values, then `dotenv` (`--env-file`)
    /// over them, then the process environment over both.
    public func environmentForTemplates(dotenv: [String: String], process: [String: String]) -> [String: String] {
        self.dotenv.merging(dotenv) { $1 }.merging(process) { $1 }
    }

    /// The error for a name that is not a request, batch or chain.
    public func unknownTargetError(_ name: String) -> WorkspaceError {
        WorkspaceError(.unknownTarget, at: nil, "\(file): no request, batch or chain named \"\(name)\""
            + "\(Suggestion.clause(for: name, in: targetNames)) (it has: \(targetNames.joined(separator: ", ")))")
    }
}
