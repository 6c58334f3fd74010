import CourierChecks
import CourierFormatCore
import Yams

/// A workspace file's text with its composed YAML: where requests, batches and chains are,
/// for edits that splice the text rather than write it anew.
struct WorkspaceDocument {
    typealias Entry = (key: Node, value: Node)

    /// A name in a batch or a chain step that refers to a request.
    struct Reference {
        let node: Node
        /// Who refers, e.g. `batch "smoke"`.
        let owner: String
    }

    let source: YAMLSourceText
    let file: String
    private let root: Node.Mapping

    /// Refuses text that is not a workspace mapping, or whose `requests:` is a non-empty flow
    /// mapping, which edits cannot splice lines into.
    init(text: String, file: String) throws(WorkspaceError) {
        source = YAMLSourceText(text)
        self.file = file
        let node: Node?
        do {
            node = try Yams.compose(yaml: text, YAMLValue.resolver)
        } catch {
            throw WorkspaceError.syntaxError(error, file: file)
        }
        guard let mapping = node?.mapping else {
            throw WorkspaceError(.wrongType, at: SourceLocation(file: file, line: 1, column: 1),
                                 "expected a workspace (a mapping with name, config, requests, …)")
        }
        root = mapping
        if let requests = topLevel("requests"), source.isFlow(requests.value), requests.value.mapping?.isEmpty == false {
            throw WorkspaceError(.invalidValue, at: location(of: requests.value), "requests: is written in flow style; "
                + "edits are saved into a block mapping (one request per indented key), so write it as one first")
        }
    }

    /// A top-level key and its value.
    func topLevel(_ name: String) -> Entry? { root.first { $0.key.string == name } }

    /// The entries of a top-level mapping (`requests`, `batches`, `chains`), in file order.
    func entries(of name: String) -> [Entry] { topLevel(name)?.value.mapping.map(Array.init) ?? [] }

    func request(named name: String) -> Entry? { entries(of: "requests").first { $0.key.string == name } }

    func location(of node: Node) -> SourceLocation {
        SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    /// A node as the workspace parser reads it, with errors naming `path`.
    func value(_ node: Node, path: String) -> YAMLValue { YAMLValue(node: node, file: file, path: path) }

    /// What already has a name, e.g. `a batch`, with the place; nil when the name is free.
    func user(of name: String) -> (kind: String, key: Node)? {
        for (section, kind) in [("requests", "a request"), ("batches", "a batch"), ("chains", "a chain")] {
            if let entry = entries(of: section).first(where: { $0.key.string == name }) { return (kind, entry.key) }
        }
        return nil
    }

    /// Refuses a name for a new or renamed request that is empty, would need quotes as a key
    /// or in a list, or is taken by a request, batch or chain. `doing` starts the message.
    func checkNewName(_ name: String, at node: Node?, doing: String) throws(WorkspaceError) {
        let location = node.map(location(of:))
        guard YAMLScalar.isPlainSafe(name, at: .blockKey), YAMLScalar.isPlainSafe(name, at: .flowValue) else {
            throw WorkspaceError(.invalidValue, at: location, "\(doing): \"\(name)\" is not usable as a name "
                + "(it must be non-empty and need no quotes: no leading or trailing spaces, \": \", \" #\", "
                + "brackets, braces or commas, and not a number, true, false or null)")
        }
        if let user = user(of: name) {
            throw WorkspaceError(.invalidValue, at: location, "\(doing): the name \"\(name)\" is already used by \(user.kind) "
                + "(line \(user.key.mark?.line ?? 0))")
        }
    }

    /// Every place a batch or a chain names request `name`: batch lists (both forms, names
    /// and `{request: NAME, times: N}`), chain steps given by name, `request:` and the items
    /// of `parallel:`.
    func references(to name: String) -> [Reference] {
        var found: [Reference] = []
        for (key, batch) in entries(of: "batches") {
            let items = batch.sequence ?? batch.mapping?["requests"]?.sequence
            for item in items ?? [] {
                let candidate = item.mapping?["request"] ?? item
                guard candidate.string == name else { continue }
                found.append(Reference(node: candidate, owner: "batch \"\(key.string ?? "")\""))
            }
        }
        for (key, chain) in entries(of: "chains") {
            for step in chain.mapping?["steps"]?.sequence ?? [] {
                var candidates = [step]
                if let fields = step.mapping {
                    let parallel = fields["parallel"]?.sequence.map(Array.init) ?? []
                    candidates = [fields["request"]].compactMap { $0 } + parallel.map { $0.mapping?["request"] ?? $0 }
                }
                for candidate in candidates where candidate.string == name {
                    found.append(Reference(node: candidate, owner: "chain \"\(key.string ?? "")\""))
                }
            }
        }
        return found
    }

    /// The scalars of chain steps' `when:` conditions that read `variable`, with their
    /// `when` key, and whether they sit in a flow list.
    func conditions(reading variable: String) -> [(node: Node, key: Node, inFlow: Bool)] {
        var found: [(node: Node, key: Node, inFlow: Bool)] = []
        for (_, chain) in entries(of: "chains") {
            for step in chain.mapping?["steps"]?.sequence ?? [] {
                guard let when = step.mapping?.first(where: { $0.key.string == "when" }) else { continue }
                let scalars = when.value.sequence.map(Array.init) ?? [when.value]
                for scalar in scalars {
                    let condition = try? Condition(parsing: scalar.string ?? "", location: location(of: scalar))
                    if condition?.variables.contains(variable) == true {
                        found.append((scalar, when.key, source.isFlow(when.value)))
                    }
                }
            }
        }
        return found
    }

    /// How far a request's keys sit in from its name (2 when no request shows it).
    var indentationStep: Int {
        for (key, value) in entries(of: "requests") {
            if let first = value.mapping?.first, !source.isFlow(value), let inner = first.key.mark, let outer = key.mark,
               inner.column > outer.column {
                return inner.column - outer.column
            }
        }
        return 2
    }
}
