import Courier
import Foundation
import CourierWorkspace

/// `courier export http WORKSPACE [NAME...]`: requests of a workspace as a `.http` file that
/// VS Code's REST Client and JetBrains' HTTP client read.
///
/// Each request is a `### name` block with `# @name` (a REST Client name: `-` becomes `_`),
/// its URL as the engine would send it (relative URLs joined to the base URL, which stays a
/// placeholder, and the config's URL filters applied; arguments in the query or a form body),
/// headers, auth as an `Authorization` header, and its body (JSON pretty-printed, forms
/// urlencoded, text, `< file`, multipart with a boundary). The workspace's variables (all of
/// them, or those the named requests use) become file variables (`@user = demo`), built-ins the
/// clients' system variables (`{{$guid}}`); a chain's captures become REST Client
/// request variables (`@token = {{login.response.body.$.token}}`). What a `.http` file has no
/// place for (environments, cache, validation, retries, chain conditions, …) is listed in
/// comments at the top.
public enum HTTPFileExport {
    /// `courier export http WORKSPACE [NAME...]`: the workspace's requests (all, or the named
    /// ones; a batch or chain name exports its requests in order) as a .http file.
    public static func text(workspace: Workspace, names: [String]) throws(ImportFailure) -> String {
        let selected = try requests(of: workspace, named: names)
        let config = workspace.config
        var variableNames = Set(workspace.variables.keys)
        var fileVariables: [(name: String, value: String)] = []
        var notCarried: [String] = []

        // Base URLs: a placeholder stays one; a plain URL becomes a file variable.
        func base(_ url: String?, variable preferred: String, needed: Bool) -> HTTPFileExportURLs.Base? {
            guard let url, needed else { return nil }
            guard Template.references(in: url).isEmpty else { return HTTPFileExportURLs.base(url, writtenAs: url) }
            var name = preferred
            var counter = 2
            while variableNames.contains(name) {
                name = "\(preferred)\(counter)"
                counter += 1
            }
            variableNames.insert(name)
            fileVariables.append((name, url.hasSuffix("/") ? String(url.dropLast()) : url))
            return HTTPFileExportURLs.base(url, writtenAs: "{{\(name)}}")
        }
        let relative = selected.filter { !$0.url.contains("://") && !$0.url.hasPrefix("{{") }
        var urls = HTTPFileExportURLs()
        urls.base = base(config.baseURL, variable: "baseUrl", needed: relative.contains { !$0.useCDN })
        urls.cdn = base(config.cdnURL, variable: "cdnUrl", needed: relative.contains(where: \.useCDN))
        urls.query = config.queryParameters.sorted { $0.name < $1.name }.map {
            HTTPFileExportText.escaped($0.name) + "=" + HTTPFileExportText.escaped($0.value)
        }
        urls.pathPrefixes = config.pathPrefixes

        // The requests.
        var restNames: [String: String] = [:]
        var takenRestNames = Set<String>()
        for name in workspace.requestNames {
            var restName = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
            while takenRestNames.contains(restName) { restName += "_" }
            takenRestNames.insert(restName)
            restNames[name] = restName
        }
        var requestLines: [String] = []
        var usesFiles = false
        for definition in selected {
            // What is sent: the config's headers and args joined (an environment's are not: a .http file has none).
            let written = HTTPFileExportRequest.lines(for: definition.applyingDefaults(config.defaults), restName: restNames[definition.name]!, urls: urls,
                                                      defined: Set(workspace.variables.keys))
            requestLines += written.lines
            if !written.notCarried.isEmpty { notCarried.append("\(definition.name): \(written.notCarried.joined(separator: ", "))") }
            if case .file? = definition.body { usesFiles = true }
            if case .multipart(let parts)? = definition.body, parts.contains(where: { $0.file != nil }) { usesFiles = true }
        }
        let exported = Set(selected.map(\.name))

        // Variables the requests use, with those they use in turn; captures as request variables.
        let captures = HTTPFileExportCaptures(workspace: workspace, exported: exported, restNames: restNames)
        // A whole export keeps every variable; a partial one those its requests need.
        var used: [String] = []
        var pending = (requestLines + fileVariables.map(\.value)).flatMap { Template.references(in: $0) }.reversed() as [String]
        if names.isEmpty { pending = workspace.variables.keys.sorted().reversed() + pending }
        while let name = pending.popLast() {
            guard !name.hasPrefix("$"), !used.contains(name) else { continue }
            used.append(name)
            if captures.reference(for: name) == nil, let value = workspace.variables[name] {
                pending += Template.references(in: value).reversed()
            }
        }
        var comments: [String] = []
        for name in used where !fileVariables.contains(where: { $0.name == name }) {
            if let reference = captures.reference(for: name) {
                fileVariables.append((name, reference))
            } else if let value = workspace.variables[name] {
                fileVariables.append((name, HTTPFileExportText.clientPlaceholders(value, defined: Set(workspace.variables.keys))
                    .replacingOccurrences(of: "\n", with: " ")))
            } else if name == "demo" {
                fileVariables.append(("demo", "http://127.0.0.1:18080"))
                comments.append("{{demo}} is Courier's embedded demo server (courier run starts it; COURIER_DEMO_PORT may move it).")
            } else if let comment = captures.comment(for: name) {
                comments.append(comment)
            } else if workspace.environments.values.contains(where: { $0[name] != nil }) {
                comments.append("{{\(name)}} comes from the environments, which a .http file does not hold.")
            }
        }
        notCarried += captures.notCarried + configNotCarried(config)

        // A line break in the name would end the comment: shown as ^J, as any control character.
        var lines = ["# Exported from workspace \"\(TerminalText.neutralized(workspace.name))\" (\(TerminalText.neutralized(workspace.file))) "
                     + "by courier export http:",
                     "# \(selected.count) request\(selected.count == 1 ? "" : "s"), for VS Code's REST Client and JetBrains' HTTP client."]
        if !workspace.environmentNames.isEmpty {
            lines.append("# Environments are not part of a .http file (REST Client reads them from its settings, JetBrains from "
                         + "http-client.env.json): this workspace has \(workspace.environmentNames.joined(separator: ", ")); "
                         + "the variables below are its defaults.")
        }
        if usesFiles { lines.append("# Body files (< path) are relative to the workspace's folder: keep this file next to it.") }
        lines += comments.map { "# " + $0 }
        if !notCarried.isEmpty { lines += ["# Not carried over:"] + notCarried.map { "#   " + $0 } }
        lines.append("")
        if !fileVariables.isEmpty {
            lines += ordered(fileVariables).map { "@\($0.name) = \($0.value)" }
            lines.append("")
        }
        return inert((lines + requestLines).joined(separator: "\n"))
    }

    /// `text` with control characters from the workspace (an escape sequence in a name or a
    /// header) shown as `^[`, `^G`…, as `TerminalText` shows server data: the file is printed
    /// to a terminal, and a `.http` file has no way to write them. A comment says so.
    private static func inert(_ text: String) -> String {
        let shown = TerminalText.neutralized(text, keepingLayout: true)
        guard shown != text, let firstLineEnd = shown.firstIndex(of: "\n") else { return shown }
        return shown[...firstLineEnd] + "# Control characters in the workspace are written as ^[, ^G, …: a .http file cannot hold them.\n"
            + shown[shown.index(after: firstLineEnd)...]
    }

    /// The requests `names` select, in order and once each: all when `names` is empty, a
    /// batch's requests, a chain's steps.
    static func requests(of workspace: Workspace, named names: [String]) throws(ImportFailure) -> [RequestDefinition] {
        var selected: [String] = []
        for name in names.isEmpty ? workspace.requestNames : names {
            switch workspace.target(named: name) {
            case .request?:
                selected.append(name)
            case .batch?:
                selected += workspace.requestNames(inBatch: name)
            case .chain(let chain)?:
                selected += chain.steps.flatMap { $0.items.map(\.request.name) }
            case nil:
                throw ImportFailure(file: workspace.file, "no request, batch or chain named \"\(name)\" "
                                    + "(it has: \(workspace.targetNames.joined(separator: ", ")))")
            }
        }
        var seen = Set<String>()
        return selected.filter { seen.insert($0).inserted }.compactMap { workspace.requests[$0] }
    }

    /// Each variable after the ones its value uses (REST Client reads them in any order,
    /// people read them top to bottom).
    private static func ordered(_ variables: [(name: String, value: String)]) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var remaining = variables
        while !remaining.isEmpty {
            let names = Set(remaining.map(\.name))
            let index = remaining.firstIndex { variable in
                Template.references(in: variable.value).allSatisfy { !names.contains($0) || $0 == variable.name }
            } ?? 0
            result.append(remaining.remove(at: index))
        }
        return result
    }

    private static func configNotCarried(_ config: WorkspaceConfig) -> [String] {
        let settings: [(String, Bool)] = [
            ("cacheDirectory", config.cacheDirectory != nil), ("tls", config.tls != nil), ("retry", config.retry != nil),
            ("timeout", config.timeout != nil), ("contentTypes", config.acceptableJSONContentTypes != nil || config.acceptableXMLContentTypes != nil),
            ("maxConcurrent", config.maxConcurrentTransfers != nil), ("maxBodyBytes", config.maxBodyBytes != nil),
            ("userAgent", config.userAgent != nil), ("proxy", config.proxy != nil),
        ]
        let names = settings.filter(\.1).map(\.0)
        return names.isEmpty ? [] : ["config: " + names.joined(separator: ", ")]
    }
}
