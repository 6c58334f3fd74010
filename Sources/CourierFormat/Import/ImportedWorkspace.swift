import Courier
import CourierFormatCore

/// A workspace built by an importer (Postman, OpenAPI, `.http`, HAR), written out as YAML
/// that `courier run` loads as is.
///
/// Importers fill the parts in their source's order; `yaml()` writes them in the workspace
/// format's order (header comments, `name`, `config`, `variables`, `environments`,
/// `requests`, `batches`, `chains`). Names are made unique and safe with `ImportNaming`;
/// `defineMissingVariables()` declares every `{{name}}` nothing else defines, so that the
/// file loads (an undefined variable is a load-time error).
public struct ImportedWorkspace: Sendable {
    /// A request and the comment lines written above it (`# from folder "Users"`).
    public struct Request: Sendable {
        public var definition: RequestDefinition
        public var comments: [String]
        /// Header rows switched off in the source, written as comments under `headers:`
        /// the way the workbench saves a switched-off row.
        public var disabledHeaders: [(name: String, value: String)]
        /// The folders it sits in at the source (a Postman folder path, an OpenAPI tag): its
        /// folder under `requests/` when written as a folder workspace.
        public var folders: [String]
        /// Its `expect:` items, in order: each a check line (`status == 200`, written as a
        /// YAML string) or a check's map form as YAML flow text (`{subject: $, predicate:
        /// "==", value: {…}}`, written as it is: it starts with `{`).
        public var expect: [String]

        public init(_ definition: RequestDefinition, comments: [String] = [], disabledHeaders: [(name: String, value: String)] = [],
                    folders: [String] = [], expect: [String] = []) {
            self.definition = definition
            self.comments = comments
            self.disabledHeaders = disabledHeaders
            self.folders = folders
            self.expect = expect
        }
    }

    /// A batch: request names in order.
    public struct Batch: Sendable {
        public var name: String
        public var requests: [String]
        public var continueOnFailure: Bool
        public var comments: [String]

        public init(name: String, requests: [String], continueOnFailure: Bool = true, comments: [String] = []) {
            self.name = name
            self.requests = requests
            self.continueOnFailure = continueOnFailure
            self.comments = comments
        }
    }

    /// A chain: one request per step, each with its captures (`variable` ← `source`, where
    /// source is `status`, `body`, `header:NAME` or a JSON path like `$.token`).
    public struct Chain: Sendable {
        public struct Step: Sendable {
            public var request: String
            public var captures: [(variable: String, source: String)]

            public init(request: String, captures: [(variable: String, source: String)] = []) {
                self.request = request
                self.captures = captures
            }
        }

        public var name: String
        public var steps: [Step]
        public var comments: [String]

        public init(name: String, steps: [Step], comments: [String] = []) {
            self.name = name
            self.steps = steps
            self.comments = comments
        }
    }

    /// Comment lines at the top of the file (where it came from, what was dropped).
    public var header: [String] = []
    public var name: String?
    /// `config.baseUrl`.
    public var baseURL: String?
    /// `config.contract`: the OpenAPI document the workspace came from, relative to it.
    public var contract: String?
    /// `variables`, in order.
    public var variables: [(name: String, value: String)] = []
    /// `environments`, in order, each with its variables in order.
    public var environments: [(name: String, variables: [(name: String, value: String)])] = []
    /// Environments' values from a source's private file (`http-client.private.env.json`):
    /// written to the workspace's private file (``privateYAML()``), never into the workspace.
    public var privateEnvironments: [(name: String, variables: [(name: String, value: String)])] = []
    /// `config.tls.caFile`: the CAs the servers are trusted with, when not the system's.
    public var caFile: String?
    /// `config.secrets`: each secret's name and its provider as flow YAML (`{env: API_TOKEN}`).
    public var secrets: [(name: String, provider: String)] = []
    public var requests: [Request] = []
    public var batches: [Batch] = []
    public var chains: [Chain] = []

    public init() {}

    /// Declares, as empty `variables`, every `{{name}}` used by a request, the base URL or an
    /// environment that no variable, environment, chain capture or built-in defines; returns
    /// the names it declared, in order of first use.
    @discardableResult
    public mutating func defineMissingVariables() -> [String] {
        var defined = Set(variables.map(\.name))
        for environment in environments + privateEnvironments { defined.formUnion(environment.variables.map(\.name)) }
        for chain in chains { for step in chain.steps { defined.formUnion(step.captures.map(\.variable)) } }
        var missing: [String] = []
        func check(_ text: String) {
            for name in Template.references(in: text)
            where !defined.contains(name) && !Template.builtIns.contains(name) && !name.hasPrefix("env.") && !name.hasPrefix("secret.") {
                defined.insert(name)
                missing.append(name)
            }
        }
        if let baseURL { check(baseURL) }
        for value in variables.map(\.value) { check(value) }
        for environment in environments { environment.variables.forEach { check($0.value) } }
        for request in requests {
            let yaml = RequestYAML.block(for: request.definition, name: request.definition.name)
            check(yaml)
            request.expect.forEach(check)
        }
        variables += missing.map { ($0, "") }
        return missing
    }

    /// The workspace as YAML text, ending with a newline.
    public func yaml() -> String {
        var lines = header.map { Self.comment($0, indent: "") }
        if !lines.isEmpty { lines.append("") }
        if let name { lines.append("name: " + YAMLScalar.string(name, at: .blockValue)) }
        if baseURL != nil || contract != nil || !secrets.isEmpty || caFile != nil { lines.append("config:") }
        if let baseURL { lines.append("  baseUrl: " + YAMLScalar.string(baseURL, at: .blockValue)) }
        if let contract { lines.append("  contract: " + YAMLScalar.string(contract, at: .blockValue)) }
        if let caFile { lines.append("  tls: {caFile: " + YAMLScalar.string(caFile, at: .flowValue) + "}") }
        if !secrets.isEmpty {
            lines.append("  secrets:")
            lines += secrets.map { "    " + YAMLScalar.blockKey($0.name, indentation: 4) + ": " + $0.provider }
        }
        if !variables.isEmpty {
            lines.append("variables:")
            lines += pairs(variables, level: 1)
        }
        if !environments.isEmpty {
            lines.append("environments:")
            for environment in environments {
                let key = "  " + YAMLScalar.blockKey(environment.name, indentation: 2) + ":"
                lines.append(environment.variables.isEmpty ? key + " {}" : key)
                lines += pairs(environment.variables, level: 2)
            }
        }
        if !requests.isEmpty {
            lines.append("requests:")
            for request in requests {
                lines += request.comments.map { Self.comment($0, indent: "  ") }
                lines += block(request).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 }
            }
        }
        if !batches.isEmpty {
            lines.append("batches:")
            for batch in batches {
                lines += batch.comments.map { Self.comment($0, indent: "  ") }
                lines.append("  " + YAMLScalar.blockKey(batch.name, indentation: 2) + ":")
                lines.append("    continueOnFailure: \(batch.continueOnFailure)")
                lines.append("    requests:")
                lines += batch.requests.map { "      - " + YAMLScalar.string($0, at: .blockValue) }
            }
        }
        if !chains.isEmpty {
            lines.append("chains:")
            for chain in chains {
                lines += chain.comments.map { Self.comment($0, indent: "  ") }
                lines.append("  " + YAMLScalar.blockKey(chain.name, indentation: 2) + ":")
                lines.append("    steps:")
                for step in chain.steps {
                    lines.append("      - request: " + YAMLScalar.string(step.request, at: .blockValue))
                    guard !step.captures.isEmpty else { continue }
                    lines.append("        capture:")
                    for capture in step.captures {
                        lines.append("          " + YAMLScalar.blockKey(capture.variable, indentation: 10) + ": "
                                     + YAMLScalar.string(capture.source, at: .blockValue))
                    }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The private file's text (`environments:` with ``privateEnvironments``), nil when there
    /// are none.
    public func privateYAML() -> String? {
        guard !privateEnvironments.isEmpty else { return nil }
        var lines = ["# Private values: read over the workspace's, never written by Courier, never committed.", "environments:"]
        for environment in privateEnvironments {
            let key = "  " + YAMLScalar.blockKey(environment.name, indentation: 2) + ":"
            lines.append(environment.variables.isEmpty ? key + " {}" : key)
            lines += pairs(environment.variables, level: 2)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A comment line: control characters (a line break would end the comment and break the
    /// file) become spaces; an empty one is a bare `#`.
    static func comment(_ text: String, indent: String) -> String {
        let flat = oneLine(text)
        return indent + (flat.isEmpty ? "#" : "# " + flat)
    }

    /// `text` with line breaks, tabs and other control characters turned into spaces.
    public static func oneLine(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    }

    /// The request's block, with its switched-off headers as comments under `headers:` and
    /// its `expect:` items last.
    private func block(_ request: Request) -> String {
        var text = RequestYAML.block(for: request.definition, name: request.definition.name)
        if !request.expect.isEmpty {
            text += "  expect:\n" + request.expect.map { item in
                "    - " + (item.hasPrefix("{") ? item : YAMLScalar.string(item, at: .blockValue)) + "\n"
            }.joined()
        }
        guard !request.disabledHeaders.isEmpty else { return text }
        let comments = request.disabledHeaders.map {
            Self.comment(YAMLScalar.string($0.name, at: .blockKey) + ": " + YAMLScalar.string($0.value, at: .blockValue), indent: "    ")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let headers = lines.firstIndex(of: "  headers:") {
            var end = headers + 1
            while end < lines.count, lines[end].hasPrefix("    ") { end += 1 }
            lines.insert(contentsOf: comments, at: end)
        } else {
            let after = lines.firstIndex { $0.hasPrefix("  url:") }.map { $0 + 1 } ?? 1
            lines.insert(contentsOf: ["  # headers switched off in the source:"] + comments.map { "  " + $0.dropFirst(4) }, at: after)
        }
        text = lines.joined(separator: "\n")
        return text
    }

    private func pairs(_ pairs: [(name: String, value: String)], level: Int) -> [String] {
        let indent = String(repeating: "  ", count: level)
        return pairs.map { indent + YAMLScalar.blockKey($0.name, indentation: indent.count) + ": " + YAMLScalar.string($0.value, at: .blockValue) }
    }
}

/// What an importer could not carry over, and what it changed on the way, for the user to
/// read after the import (`courier import` prints it on standard error).
public struct ImportReport: Sendable, Hashable {
    /// Things in the source that the workspace does not have (scripts, unsupported auth, …),
    /// each naming where it was (`request "Login": pre-request script`).
    public var dropped: [String] = []
    /// Things carried over differently (a folder flattened into names, a variable declared
    /// empty, a secret replaced by a variable).
    public var notes: [String] = []

    public init(dropped: [String] = [], notes: [String] = []) {
        self.dropped = dropped
        self.notes = notes
    }
}

/// Names for imported requests, batches, chains and variables: lower-case words joined by
/// `-` (`List pets` → `list-pets`), unique within one namer (`list-pets-2`).
package struct ImportNaming: Sendable {
    private var used: Set<String> = []

    package init() {}

    /// A safe, unused name made from `text` (or `fallback` when nothing is left of it).
    package mutating func unique(_ text: String, fallback: String = "request") -> String {
        let base = Self.slug(text).isEmpty ? fallback : Self.slug(text)
        var name = base
        var counter = 2
        while used.contains(name) {
            name = "\(base)-\(counter)"
            counter += 1
        }
        used.insert(name)
        return name
    }

    /// Marks a name as taken without changing it.
    package mutating func reserve(_ name: String) { used.insert(name) }

    /// Letters and digits kept (lower-cased), `_` and `.` kept, everything else a single `-`.
    package static func slug(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for character in text {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                if pendingDash, !result.isEmpty { result.append("-") }
                pendingDash = false
                result += character.lowercased()
            } else {
                pendingDash = true
            }
        }
        return result
    }
}
