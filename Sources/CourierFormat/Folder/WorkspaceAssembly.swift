import CourierFormatCore
import Foundation

/// Builds a ``Workspace`` from its files: the root file, the files it includes and, in a folder
/// workspace, the request files. Every file is parsed with its own name, so that each request,
/// batch and chain keeps the place it came from (saving writes there) and errors name the right
/// file. Names are unique across files; a clash names both places.
struct WorkspaceAssembly {
    /// What a file may hold.
    enum Part {
        /// The workspace file, or a folder's `courier.yaml`.
        case root
        /// A file named in an `include:` list: shared variables, environments and definitions.
        case included
        /// A file under `requests/`, shown in `folder` of the Requests tree.
        case requests(folder: String)
        /// A `*.private.yaml` beside the root file: values kept out of the repository.
        case privateValues
        /// `environments/NAME.yaml` (or `NAME.private.yaml`): one environment's values.
        case environment

        var keys: [String]? {
            switch self {
            case .root: return Workspace.keys + ["include"]
            case .included: return ["variables", "environments", "requests", "batches", "chains", "include"]
            case .requests: return ["config", "requests", "batches", "chains"]
            case .privateValues: return ["variables", "environments"]
            case .environment: return nil
            }
        }

        var expected: String {
            switch self {
            case .root: return "a workspace (a mapping with name, config, requests, …)"
            case .included: return "an included file (a mapping with variables, environments, requests, batches, chains)"
            case .requests: return "a request file (a mapping with config, requests, batches, chains)"
            case .privateValues: return "a private file (a mapping with variables, environments)"
            case .environment: return "an environment (a mapping of variable names to values)"
            }
        }
    }

    private(set) var workspace: Workspace
    private var templates: [TemplateUse] = []
    private var variableUses: [String: TemplateUse] = [:]
    /// Every name given so far: what it names and where.
    private var names: [String: (kind: String, location: SourceLocation)] = [:]

    init(name: String, file: String, isFolder: Bool) {
        workspace = Workspace(name: name, file: file)
        workspace.isFolder = isFolder
    }

    /// Reads the root file's name and config.
    mutating func readHeader(_ map: YAMLMapping) throws(WorkspaceError) {
        if let name = map["name"] { workspace.name = try name.string() }
        if let value = map["config"] { workspace.config = try WorkspaceConfig(yaml: value, templates: &templates) }
        if let value = map["expect-calls"] { workspace.expectedCalls = try CallExpectation.list(value) }
    }

    /// Reads variables and environments; values read later win (the root file's over what it
    /// includes), and an environment defined in several files gets every file's variables.
    mutating func readVariables(_ map: YAMLMapping) throws(WorkspaceError) {
        for entry in try map["variables"]?.mapping(expected: "a mapping of variable names to values").entries ?? [] {
            let value = try entry.value.string()
            workspace.variables[entry.name] = value
            workspace.variableSources[entry.name] = entry.value.location.file
            variableUses[entry.name] = TemplateUse(text: value, location: entry.value.location)
            templates.append(TemplateUse(text: value, location: entry.value.location))
        }
        for entry in try map["environments"]?.mapping(expected: "a mapping of environment names to variables").entries ?? [] {
            try readEnvironment(entry.name, try entry.value.mapping(expected: "a mapping of variable names to values"))
        }
    }

    /// Reads one environment's values over what earlier files gave it: a mapping of variable
    /// names to values, with `headers:` and `args:` as its service defaults.
    mutating func readEnvironment(_ name: String, _ variables: YAMLMapping) throws(WorkspaceError) {
        var values = workspace.environments[name] ?? [:]
        let defaults = try ServiceDefaults(environment: variables, templates: &templates)
        if !defaults.isEmpty { workspace.environmentDefaults[name] = defaults }
        for variable in variables.entries where !ServiceDefaults.isEnvironmentDefaults(variable) {
            values[variable.name] = try variable.value.string()
            workspace.environmentSources[name, default: [:]][variable.name] = variable.value.location.file
            templates.append(TemplateUse(text: values[variable.name]!, location: variable.value.location))
        }
        if workspace.environments[name] == nil { workspace.environmentNames.append(name) }
        workspace.environments[name] = values
    }

    /// `config.envFile`'s values.
    mutating func readDotEnv(_ file: String, _ entries: [DotEnvFile.Entry]) {
        workspace.dotenvFile = file
        workspace.dotenv = DotEnvFile.values(entries)
        addFile(file, isDefinitions: false)
    }

    /// Reads requests, batches and chains; `folder` is where a request file's requests show,
    /// and what its `config:` applies to (``FolderConfig``).
    mutating func readDefinitions(_ map: YAMLMapping, folder: String?) throws(WorkspaceError) {
        if let folder, let value = map["config"] {
            if let other = workspace.folderConfigs[folder] {
                throw value.error(.invalidValue, "the folder \(folder.isEmpty ? "requests/" : "requests/" + folder + "/") already has a config "
                    + "(\(other.location)); one file per folder may have one")
            }
            let directory = WorkspaceLayout.folder(of: workspace.file)
            workspace.folderConfigs[folder] = try FolderConfig(folder: folder, yaml: value, workspaceDirectory: directory, templates: &templates)
        }
        for entry in try map["requests"]?.mapping(expected: "a mapping of request names to requests").entries ?? [] {
            try claim(entry, as: "request")
            workspace.requests[entry.name] = try RequestDefinition(name: entry.name, yaml: entry.value, templates: &templates)
            workspace.requestNames.append(entry.name)
            if let folder, !folder.isEmpty { workspace.requestFolders[entry.name] = folder }
        }
        for entry in try map["batches"]?.mapping(expected: "a mapping of batch names to batches").entries ?? [] {
            try claim(entry, as: "batch")
            workspace.batches[entry.name] = try BatchDefinition(name: entry.name, yaml: entry.value, templates: &templates)
            workspace.batchNames.append(entry.name)
        }
        for entry in try map["chains"]?.mapping(expected: "a mapping of chain names to chains").entries ?? [] {
            try claim(entry, as: "chain")
            workspace.chains[entry.name] = try ChainDefinition(name: entry.name, yaml: entry.value, templates: &templates)
            workspace.chainNames.append(entry.name)
        }
    }

    /// Records that a file was read, for the watcher and (YAML definitions) for saving.
    mutating func addFile(_ file: String, isDefinitions: Bool = true) {
        if isDefinitions, !workspace.files.contains(file) { workspace.files.append(file) }
        if !workspace.watchedFiles.contains(file) { workspace.watchedFiles.append(file) }
    }

    private mutating func claim(_ entry: YAMLMapping.Entry, as kind: String) throws(WorkspaceError) {
        let location = entry.key.location
        if let other = names[entry.name] {
            let sameFile = other.location.file == location.file
            throw entry.key.error(.invalidValue, "the name \"\(entry.name)\" is already used by a \(other.kind) "
                + (sameFile ? "(line \(other.location.line)); names must be unique"
                    : "(\(other.location)); names must be unique across the workspace's files"))
        }
        names[entry.name] = (kind, location)
    }

    /// Checks the whole workspace (references, templates, cycles) and returns it.
    func finish(extraVariables: Set<String>) throws(WorkspaceError) -> Workspace {
        var workspace = workspace
        try WorkspaceValidation(workspace: workspace, templates: templates, variableUses: variableUses,
                                extraVariables: extraVariables).check()
        let demoNames = DemoTLSVariables.names.union(["demo", "demoWS"])
        workspace.usesDemoServer = templates.contains { Template.references(in: $0.text).contains(where: demoNames.contains) }
        return workspace
    }
}
