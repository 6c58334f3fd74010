import CourierFormatCore
import Foundation

extension Workspace {
    static let keys = ["name", "config", "variables", "environments", "requests", "batches", "chains"]

    /// Reads and checks a workspace file, and the JSON Schema files its `expect:` names
    /// (``checkSchemas()``): each must be there and be a schema before anything is sent.
    ///
    /// - Parameter extraVariables: names that will be given with `--var`, so that templates
    ///   using them are not reported as undefined.
    public static func load(path: String, extraVariables: Set<String> = []) throws(WorkspaceError) -> Workspace {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw WorkspaceError(.unreadable, at: nil, "\(path): cannot read the workspace (\(error.localizedDescription))")
        }
        try WorkspaceCharacters.check(bytes, file: path)
        let workspace = try parse(yaml: String(decoding: bytes, as: UTF8.self), file: path, extraVariables: extraVariables)
        try workspace.checkSchemas()
        return workspace
    }

    /// Reads and checks workspace text; `file` names it in errors.
    public static func parse(yaml text: String, file: String, extraVariables: Set<String> = []) throws(WorkspaceError) -> Workspace {
        guard let yaml = try YAMLValue.document(yaml: text, file: file, subject: "the workspace") else {
            throw WorkspaceError(.syntax, at: SourceLocation(file: file, line: 1, column: 1), "the workspace is empty")
        }
        let map = try yaml.mapping(allowed: keys, expected: "a workspace (a mapping with name, config, requests, …)")
        var workspace = Workspace(name: try map["name"]?.string() ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent,
                                  file: file)
        var templates: [TemplateUse] = []
        var variableUses: [String: TemplateUse] = [:]
        if let value = map["config"] { workspace.config = try WorkspaceConfig(yaml: value, templates: &templates) }
        for entry in try map["variables"]?.mapping(expected: "a mapping of variable names to values").entries ?? [] {
            let value = try entry.value.string()
            workspace.variables[entry.name] = value
            variableUses[entry.name] = TemplateUse(text: value, location: entry.value.location)
            templates.append(TemplateUse(text: value, location: entry.value.location))
        }
        for entry in try map["environments"]?.mapping(expected: "a mapping of environment names to variables").entries ?? [] {
            var values: [String: String] = [:]
            let variables = try entry.value.mapping(expected: "a mapping of variable names to values")
            let defaults = try ServiceDefaults(environment: variables, templates: &templates)
            if !defaults.isEmpty { workspace.environmentDefaults[entry.name] = defaults }
            for variable in variables.entries where !ServiceDefaults.isEnvironmentDefaults(variable) {
                values[variable.name] = try variable.value.string()
                templates.append(TemplateUse(text: values[variable.name]!, location: variable.value.location))
            }
            workspace.environments[entry.name] = values
            workspace.environmentNames.append(entry.name)
        }
        var names: [String: String] = [:]
        func claim(_ entry: YAMLMapping.Entry, as kind: String) throws(WorkspaceError) {
            if let other = names[entry.name] {
                throw entry.key.error(.invalidValue, "the name \"\(entry.name)\" is already used by a \(other); names must be unique")
            }
            names[entry.name] = kind
        }
        for entry in try map["requests"]?.mapping(expected: "a mapping of request names to requests").entries ?? [] {
            try claim(entry, as: "request")
            workspace.requests[entry.name] = try RequestDefinition(name: entry.name, yaml: entry.value, templates: &templates)
            workspace.requestNames.append(entry.name)
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
        try WorkspaceValidation(workspace: workspace, templates: templates, variableUses: variableUses,
                                extraVariables: extraVariables).check()
        let demoNames = DemoTLSVariables.names.union(["demo", "demoWS"])
        workspace.usesDemoServer = templates.contains { Template.references(in: $0.text).contains(where: demoNames.contains) }
        return workspace
    }
}
