import Courier
import Foundation
import CourierWorkspace

/// `courier export hurl WORKSPACE [NAME...]`: requests of a workspace, with their `expect:`
/// checks, as a Hurl file (https://hurl.dev) that `hurl --test` runs.
///
/// Each request is an entry named by a `# name` comment (which `courier import hurl` reads
/// back as its name): its URL as the engine sends it (relative URLs joined to the base URL,
/// URL filters applied), headers, basic auth as `[BasicAuth]`, bearer as a header, arguments
/// as `[QueryStringParams]` or `[FormParams]`, the body (JSON, forms, text as a one-line or
/// multiline string, `file,`, multipart, GraphQL), TLS verification off as `insecure`, a
/// redirect limit as `location`/`max-redirs`. A `status == N` check becomes `HTTP N`, the
/// other checks `[Asserts]`; a chain exports its steps in order with their captures as
/// `[Captures]` and their checks. The workspace variables an entry uses become its
/// `variable:` options. What Hurl cannot express — environments, schema checks, `in`,
/// cache, retries, timeouts, other auth — is listed in ``Result/notCarried``.
public enum HurlExport {
    /// The Hurl file and what it could not carry over.
    public struct Result: Sendable {
        public var text: String
        public var notCarried: [String]
    }

    public static func result(workspace: Workspace, names: [String]) throws(ImportFailure) -> Result {
        let items = try selection(of: workspace, named: names)
        let config = workspace.config
        var urls = HTTPFileExportURLs()
        urls.base = config.baseURL.map { HTTPFileExportURLs.base($0, writtenAs: $0) }
        urls.cdn = config.cdnURL.map { HTTPFileExportURLs.base($0, writtenAs: $0) }
        urls.query = config.queryParameters.sorted { $0.name < $1.name }.map {
            HTTPFileExportText.escaped($0.name) + "=" + HTTPFileExportText.escaped($0.value)
        }
        urls.pathPrefixes = config.pathPrefixes
        let defined = Set(workspace.variables.keys)
        var notCarried: [String] = []
        var comments: [String] = []
        var captured = Set<String>()
        var entries: [String] = []
        for item in items {
            let definition = item.definition.applyingDefaults(config.defaults)
            var extras = HurlExportEntry.Extras(captures: item.captures, expectations: definition.expect + item.expectations, defined: defined)
            // The variables it uses (through other variables too), unless a capture sets them.
            let first = HurlExportEntry.lines(for: definition, extras: extras, urls: urls)
            var pending = Array(first.lines.flatMap { Template.references(in: $0) }.reversed())
            var seen = Set<String>()
            while let name = pending.popLast() {
                guard seen.insert(name).inserted, !captured.contains(name) else { continue }
                if let value = workspace.variables[name] {
                    extras.variables.append((name, HurlTemplates.hurl(value, defined: defined)))
                    pending += Template.references(in: value).reversed()
                } else if name == "demo" {
                    comments.append("{{demo}} is Courier's demo server: pass --variable demo=http://127.0.0.1:18080 (courier serve).")
                } else if name.hasPrefix("env.") {
                    notCarried.append("\(item.definition.name): {{\(name)}} (an environment variable: pass it with --variable)")
                } else if !HurlTemplates.builtIns.keys.contains(name), Template.builtIns.contains(name) {
                    notCarried.append("\(item.definition.name): {{\(name)}} (a Courier built-in Hurl does not have)")
                }
            }
            extras.variables.sort { $0.name < $1.name }
            let written = extras.variables.isEmpty ? first : HurlExportEntry.lines(for: definition, extras: extras, urls: urls)
            entries += written.lines
            notCarried += written.notCarried.map { "\(item.definition.name): \($0)" }
            captured.formUnion(item.captures.map(\.variable))
        }
        if !workspace.environmentNames.isEmpty {
            notCarried.append("environments (\(workspace.environmentNames.joined(separator: ", "))): pass their values with --variable "
                              + "or --variables-file")
        }
        let settings: [(String, Bool)] = [
            ("cacheDirectory", config.cacheDirectory != nil), ("tls", config.tls != nil), ("retry", config.retry != nil),
            ("timeout", config.timeout != nil), ("proxy", config.proxy != nil), ("userAgent", config.userAgent != nil),
        ]
        let unsupported = settings.filter(\.1).map(\.0)
        if !unsupported.isEmpty { notCarried.append("config: " + unsupported.joined(separator: ", ")) }
        var header = ["# Exported from workspace \"\(TerminalText.neutralized(workspace.name))\" by courier export hurl: "
                      + "\(items.count) request\(items.count == 1 ? "" : "s"), for hurl --test.",
                      "# Courier fails a response outside 2xx unless a check names the status; Hurl checks the status where HTTP N says.",
                      "# Courier follows redirects; Hurl follows them with --location (or location: true)."]
        var unique: [String] = []
        for comment in comments where !unique.contains(comment) { unique.append(comment) }
        header += unique.map { "# " + $0 }
        let text = (header + [""] + entries).joined(separator: "\n")
        return Result(text: TerminalText.neutralized(text, keepingLayout: true), notCarried: notCarried)
    }

    /// A request to write, with the captures and checks of the chain step it comes from.
    struct Item {
        var definition: RequestDefinition
        var captures: [Capture] = []
        var expectations: [Expectation] = []
    }

    /// The requests `names` select, in order: all requests when empty (each with the captures
    /// of the first chain step that runs it), a batch's requests, a chain's steps with theirs.
    static func selection(of workspace: Workspace, named names: [String]) throws(ImportFailure) -> [Item] {
        var items: [Item] = []
        func append(_ name: String, captures: [Capture] = [], expectations: [Expectation] = []) {
            guard let definition = workspace.requests[name] else { return }
            items.append(Item(definition: definition, captures: captures, expectations: expectations))
        }
        if names.isEmpty {
            for name in workspace.requestNames {
                let step = workspace.chainNames.lazy.compactMap { workspace.chains[$0] }
                    .flatMap { $0.steps.flatMap(\.items) }.first { $0.request.name == name }
                append(name, captures: step?.captures ?? [])
            }
            return items
        }
        for name in names {
            switch workspace.target(named: name) {
            case .request?:
                append(name)
            case .batch?:
                workspace.requestNames(inBatch: name).forEach { append($0) }
            case .chain(let chain)?:
                for item in chain.steps.flatMap(\.items) {
                    append(item.request.name, captures: item.captures, expectations: item.expectations)
                }
            case nil:
                throw ImportFailure(file: workspace.file, "no request, batch or chain named \"\(name)\" "
                                    + "(it has: \(workspace.targetNames.joined(separator: ", ")))")
            }
        }
        return items
    }
}
