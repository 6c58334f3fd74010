import Courier
import Foundation
import CourierWorkspace

/// `courier import http FILE.http`: a `.http` file of VS Code's REST Client or JetBrains' HTTP
/// client as a workspace.
///
/// Requests are separated by `###` lines and named by `# @name` (or `// @name`), else by the
/// separator's title, else by method and path. File variables (`@name = value`) become
/// `variables`; system variables (`{{$guid}}`, `{{$timestamp}}`, …) the workspace's built-ins
/// where there is one. Requests whose responses others use — REST Client's
/// `{{login.response.body.$.token}}`, JetBrains' `client.global.set("token", response.body.token)`
/// — run first in a chain `http-file` that captures what the others use. Variables the file
/// uses but does not define (the clients' environments live elsewhere) are declared empty.
public enum HTTPFileImport {
    /// `courier import http FILE.http`. `file` is the path shown in errors; `< ./body.json`
    /// paths are kept relative to the .http file's folder (the report notes it).
    ///
    /// `environments`: the JetBrains client's environment files found beside it.
    public static func result(text: String, file: String,
                              environments: HTTPClientEnvironments? = nil) throws(ImportFailure) -> ImportResult {
        let contents = HTTPFileText.blocks(HTTPFileText.lines(text)).map(HTTPFileBlockParser.parse)
        var problems = contents.compactMap(\.problem)
        var report = ImportReport()
        var workspace = ImportedWorkspace()

        // Names first: request variables refer to requests anywhere in the file.
        let raws = contents.compactMap(\.request)
        var naming = ImportNaming()
        var names: [String] = []
        var descriptions: [[String]] = []
        var written: [String: String] = [:]
        for raw in raws {
            let label = label(for: raw)
            let name = ImportedNames.unique(label.text, fallback: raw.curlCommand == nil ? "request" : "curl",
                                            place: "request \"\(ImportedNames.shown(label.text))\"", naming: &naming, report: &report)
            names.append(name)
            descriptions.append((label.usesTitle ? [] : raw.title.map { [$0] } ?? []) + raw.comments)
            if let given = raw.name, written[given] == nil { written[given] = name }
        }

        // File variables: the last definition of a name wins.
        var variables: [(name: String, value: String, line: Int)] = []
        for variable in contents.flatMap(\.variables) {
            if let index = variables.firstIndex(where: { $0.name == variable.name }) {
                report.notes.append("variable \"\(variable.name)\" is defined again on line \(variable.line); the last value is kept")
                variables.remove(at: index)
            }
            variables.append(variable)
        }
        var placeholders = HTTPFilePlaceholders(requestNames: written, reserved: variables.map(\.name))
        for variable in variables {
            let context = "variable \"\(variable.name)\""
            if variable.name == "demo", isDemoServerURL(variable.value) {
                report.notes.append("@demo = \(variable.value) is left out: {{demo}} is Courier's demo server")
                continue
            }
            if placeholders.captureAlias(variable: variable.name, value: variable.value, in: context) { continue }
            workspace.variables.append((variable.name, placeholders.translate(variable.value, in: context)))
        }

        report.dropped += ImportedVariableCycles.breakCycles(in: &workspace.variables)

        // Requests.
        var handlerCaptures: [HTTPFilePlaceholders.Capture] = []
        var files: [String] = []
        var prompts: [String] = []
        for (index, raw) in raws.enumerated() {
            switch HTTPFileRequestBuilder.build(raw, name: names[index], description: descriptions[index], placeholders: &placeholders) {
            case .failure(let problem):
                problems.append(problem)
            case .success(let built):
                workspace.requests.append(built.request)
                handlerCaptures += built.captures
                files += built.files.filter { !$0.hasPrefix("/") && !$0.hasPrefix("~") && !files.contains($0) }
                prompts += built.prompts.filter { !prompts.contains($0) }
                report.dropped += built.dropped
                report.notes += built.notes
            }
        }
        problems.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        guard !workspace.requests.isEmpty else {
            if let first = problems.first { throw ImportFailure(file: file, line: first.line, column: first.column, first.message) }
            throw ImportFailure(file: file, "no requests found (a request is a line like GET https://example.org, requests are separated by ###)")
        }
        report.dropped = problems.map { "line \($0.line):\($0.column): \($0.message); the request is skipped" } + report.dropped
        report.dropped += placeholders.dropped
        report.notes += placeholders.notes

        // The chain of requests whose responses others use.
        let requestNames = workspace.requests.map(\.definition.name)
        let captures = (placeholders.captures + handlerCaptures).filter { requestNames.contains($0.request) }
        if let made = HTTPFileChains.chain(named: naming.unique("http-file"), requests: requestNames,
                                           uses: uses(of: workspace), captures: captures) {
            workspace.chains.append(made.chain)
            report.notes += made.notes
            report.notes.append("chain \"\(made.chain.name)\" runs \(made.chain.steps.map(\.request).joined(separator: ", ")) "
                                + "with the captures later requests use; run alone, a request that uses one fails for want of its value")
        }
        for prompt in prompts where !workspace.variables.contains(where: { $0.name == prompt }) {
            workspace.variables.append((prompt, ""))
        }
        environments?.apply(to: &workspace, report: &report)
        let declared = workspace.defineMissingVariables().filter { !placeholders.standIns.contains($0) }
        if !declared.isEmpty {
            report.notes.append("not defined in the file, declared empty: \(declared.joined(separator: ", ")) (REST Client reads "
                                + "environments from its settings, JetBrains from http-client.env.json); set them under variables "
                                + "or environments, or pass --var NAME=…")
        }
        if !files.isEmpty {
            report.notes.append("body files are relative to the .http file's folder: \(files.joined(separator: ", ")); save the "
                                + "workspace in that folder (a workspace's paths are relative to it)")
        }
        workspace.header = ["Imported from \(file) (a .http file) by courier import http."]
        if !report.dropped.isEmpty {
            workspace.header += ["Not carried over:"] + report.dropped.map { "- " + $0 }
        }
        return ImportResult(workspace: workspace, report: report)
    }

    /// What names a request: `# @name`, the separator's title, or method and path. A title
    /// whose `-` became `_` in the `@name` (REST Client names are words) is the name itself,
    /// as `courier export http` writes it.
    private static func label(for raw: HTTPFileRawRequest) -> (text: String, usesTitle: Bool) {
        if let given = raw.name {
            if let title = raw.title, title.replacingOccurrences(of: "-", with: "_") == given { return (title, true) }
            return (given, false)
        }
        if let title = raw.title { return (title, true) }
        guard raw.curlCommand == nil else { return ("curl", false) }
        var path = Substring(raw.url.prefix { $0 != "?" && $0 != "#" })
        if let scheme = path.range(of: "://") {
            path = path[scheme.upperBound...].drop { $0 != "/" }
        } else if path.hasPrefix("{{"), let close = path.range(of: "}}") {
            path = path[close.upperBound...]
        } else if !path.hasPrefix("/") {
            path = path.drop { $0 != "/" }  // a host without a scheme
        }
        return (raw.method.rawValue + " " + path, false)
    }

    /// The variable names each request uses, through the variables that use others.
    private static func uses(of workspace: ImportedWorkspace) -> [String: Set<String>] {
        var values: [String: [String]] = [:]
        for variable in workspace.variables { values[variable.name] = Template.references(in: variable.value) }
        var result: [String: Set<String>] = [:]
        for request in workspace.requests {
            let name = request.definition.name
            var found = Set<String>()
            var pending = Template.references(in: RequestYAML.block(for: request.definition, name: name))
            while let next = pending.popLast() {
                guard found.insert(next).inserted else { continue }
                pending += values[next] ?? []
            }
            result[name] = found
        }
        return result
    }

    /// `http://127.0.0.1:18080`: what `courier export http` writes for `{{demo}}`.
    private static func isDemoServerURL(_ value: String) -> Bool {
        guard value.hasPrefix("http://127.0.0.1:") else { return false }
        let port = value.dropFirst("http://127.0.0.1:".count)
        return !port.isEmpty && port.allSatisfy(\.isNumber)
    }
}
