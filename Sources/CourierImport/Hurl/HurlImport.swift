import Courier
import Foundation
import CourierWorkspace

/// `courier import hurl FILE...`: Hurl files (https://hurl.dev) as one workspace.
///
/// Each entry becomes a request, named by the comment right above it, else by method and
/// path. Its response section becomes `expect:` checks — the status of `HTTP 200`, response
/// headers, each `[Asserts]` line whose query and predicate Courier's checks have, a text or
/// JSON body — and its `[Captures]` the captures of a chain: a file of several entries (or
/// with captures) is a chain running them in order, named after the file. `[Query]`,
/// `[Form]`, `[Multipart]`, `[Cookies]`, `[BasicAuth]`, bodies (JSON, XML, multiline strings
/// with their language, GraphQL, `file,`, text in base64 or hex) and the options Courier has
/// (`insecure`, `location`, `max-redirs`, `user`, `variable`) are carried over; what is not
/// (filters, other queries, binary bodies, other options) is listed with its `FILE:LINE`.
/// Secrets written in the clear (an `Authorization` header, a password) go to the private
/// environment `hurl`, never into the workspace.
public enum HurlImport {
    /// One Hurl file.
    public static func result(text: String, file: String) throws(ImportFailure) -> ImportResult {
        try result(files: [(file, text)])
    }

    /// Several Hurl files in one workspace, a chain per file of several entries.
    public static func result(files: [(file: String, text: String)]) throws(ImportFailure) -> ImportResult {
        var parsed: [(file: String, entries: [HurlEntry])] = []
        for (file, text) in files {
            let entries: [HurlEntry]
            do throws(HurlSyntaxError) {
                entries = try HurlParser.parse(text).entries
            } catch {
                throw ImportFailure(file: file, line: error.line, column: error.column, error.message)
            }
            guard !entries.isEmpty else {
                throw ImportFailure(file: file, "no entries found (an entry starts with a request line like GET https://example.org/)")
            }
            parsed.append((file, entries))
        }
        var report = ImportReport()
        var workspace = ImportedWorkspace()
        var naming = ImportNaming()
        var secrets = HurlSecrets()
        for entry in parsed.flatMap(\.entries) {
            for section in entry.sections where section.kind == "Options" {
                for item in section.items where item.key == "variable" {
                    secrets.reserve(String(item.value.prefix { $0 != "=" }).trimmingCharacters(in: .whitespaces))
                }
            }
        }
        var files: [String] = []
        for (file, entries) in parsed {
            var steps: [ImportedWorkspace.Chain.Step] = []
            for entry in entries {
                let label = entry.comments.first { !$0.isEmpty } ?? entry.method + " " + path(of: entry.url)
                let name = ImportedNames.unique(label, fallback: "request", place: "\(file):\(entry.line)", naming: &naming, report: &report)
                let built = HurlRequestBuilder.build(entry, name: name, file: file, secrets: &secrets)
                workspace.requests.append(built.request)
                steps.append(ImportedWorkspace.Chain.Step(request: name, captures: built.captures))
                for variable in built.variables {
                    if let known = workspace.variables.first(where: { $0.name == variable.name }) {
                        if known.value != variable.value {
                            report.notes.append("\(file):\(entry.line): variable \(variable.name) is set again (\(variable.value)); "
                                                + "the first value (\(known.value)) is kept")
                        }
                    } else {
                        workspace.variables.append((variable.name, HurlTemplates.courier(variable.value)))
                    }
                }
                files += built.files.filter { !$0.hasPrefix("/") && !files.contains($0) }
                report.dropped += built.dropped
                report.notes += built.notes
            }
            if steps.count > 1 || steps.contains(where: { !$0.captures.isEmpty }) {
                let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
                let chain = ImportedNames.unique(base, fallback: "hurl", place: "chain of \(file)", naming: &naming, report: &report)
                workspace.chains.append(ImportedWorkspace.Chain(name: chain, steps: steps, comments: [
                    "the entries of \((file as NSString).lastPathComponent) in order, as hurl runs them: courier run FILE \(chain)",
                ]))
            }
        }
        if !secrets.values.isEmpty {
            // Declared empty in the workspace (so that it loads without the private file), filled in by the private file.
            workspace.environments.append((HurlSecrets.environment, secrets.values.map { ($0.name, "") }))
            workspace.privateEnvironments.append((HurlSecrets.environment, secrets.values))
            report.notes.append("secrets written in the clear (\(secrets.values.map(\.name).joined(separator: ", "))) are variables of the "
                                + "environment \(HurlSecrets.environment), whose values go to the workspace's private file: run with --env "
                                + HurlSecrets.environment)
        }
        let declared = workspace.defineMissingVariables()
        if !declared.isEmpty {
            report.notes.append("not defined in the files, declared empty: \(declared.joined(separator: ", ")) (hurl takes them from "
                                + "--variable or --variables-file); set them under variables or pass --var NAME=…")
        }
        if !files.isEmpty {
            report.notes.append("files are relative to the .hurl file's folder: \(files.joined(separator: ", ")); save the workspace in "
                                + "that folder (a workspace's paths are relative to it)")
        }
        let names = parsed.map(\.file).joined(separator: ", ")
        workspace.header = ["Imported from \(names) (Hurl) by courier import hurl."]
        if !report.dropped.isEmpty {
            workspace.header += ["Not carried over:"] + report.dropped.map { "- " + $0 }
        }
        return ImportResult(workspace: workspace, report: report)
    }

    /// The path of a URL, for a request's name: `/users/1` of `https://x.org/users/1?a=b`,
    /// `{{host}}/users` without its leading template.
    static func path(of url: String) -> String {
        var path = Substring(url.prefix { $0 != "?" && $0 != "#" })
        if let scheme = path.range(of: "://") {
            path = path[scheme.upperBound...].drop { $0 != "/" }
        } else if path.hasPrefix("{{"), let close = path.range(of: "}}") {
            path = path[close.upperBound...]
        }
        return String(path)
    }
}
