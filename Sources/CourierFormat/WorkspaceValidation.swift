import CourierChecks
import CourierFormatCore
/// The checks that need the whole file: references, cycles and undefined variables.
struct WorkspaceValidation {
    let workspace: Workspace
    let templates: [TemplateUse]
    let variableUses: [String: TemplateUse]
    let extraVariables: Set<String>

    func check() throws(WorkspaceError) {
        try checkBatchReferences()
        try checkBatchCycles()
        try checkChains()
        try checkVariableCycles()
        try checkTemplates()
    }

    private var captureNames: Set<String> {
        Set(workspace.chains.values.flatMap { $0.captures.map(\.variable) })
    }

    /// The columns of every `each:` — a batch item's or a chain's.
    private var rowNames: Set<String> {
        let batchRows = workspace.batches.values.flatMap { $0.items.compactMap(\.each) }
        return Set((batchRows + workspace.chains.values.compactMap(\.each)).flatMap(\.columns))
    }

    private var declaredNames: Set<String> {
        Set(workspace.variables.keys).union(workspace.environments.values.flatMap(\.keys))
            .union(captureNames).union(rowNames).union(extraVariables)
    }

    private func unknown(_ reference: Reference, kind: String, candidates: [String]) -> WorkspaceError {
        WorkspaceError(.unknownReference, at: reference.location, "unknown \(kind) \"\(reference.name)\""
            + "\(Suggestion.clause(for: reference.name, in: candidates))"
            + (candidates.isEmpty ? "" : " (expected one of: \(candidates.joined(separator: ", ")))"))
    }

    /// A plain item names a request or a batch; `{request: NAME, times: N}` and
    /// `{request: NAME, each: …}` name a request.
    private func checkBatchReferences() throws(WorkspaceError) {
        for name in workspace.batchNames {
            for item in workspace.batches[name]!.items {
                let isRequest = workspace.requests[item.name] != nil
                let isBatch = workspace.batches[item.name] != nil
                let repeats = item.times != nil || item.each != nil
                if !repeats, !isRequest, !isBatch {
                    throw unknown(item.reference, kind: "request or batch", candidates: workspace.requestNames + workspace.batchNames)
                }
                if repeats, isBatch {
                    throw WorkspaceError(.invalidValue, at: item.location, "\"\(item.name)\" is a batch; \(item.each == nil ? "times" : "each") repeats a request "
                        + "(name the batch on its own to include its requests once)")
                }
                if repeats, !isRequest {
                    throw unknown(item.reference, kind: "request", candidates: workspace.requestNames)
                }
            }
        }
    }

    private func checkBatchCycles() throws(WorkspaceError) {
        func visit(_ name: String, path: [String]) throws(WorkspaceError) {
            for item in workspace.batches[name]!.items where workspace.batches[item.name] != nil {
                if let start = path.firstIndex(of: item.name) {
                    throw WorkspaceError(.cycle, at: item.location, "batches include each other in a cycle: "
                        + (path[start...] + [item.name]).joined(separator: " → "))
                }
                try visit(item.name, path: path + [item.name])
            }
        }
        for name in workspace.batchNames { try visit(name, path: [name]) }
    }

    private func checkChains() throws(WorkspaceError) {
        for name in workspace.chainNames {
            let chain = workspace.chains[name]!
            var known = Set(workspace.variables.keys).union(workspace.environments.values.flatMap(\.keys)).union(extraVariables)
                .union(chain.each?.columns ?? [])
            for step in chain.steps {
                for item in step.items where workspace.requests[item.request.name] == nil {
                    throw unknown(item.request, kind: "request", candidates: workspace.requestNames)
                }
                try checkConditions(step.conditions, known: known, reads: "earlier steps")
                for item in step.items {
                    known.insert("status.\(item.request.name)")
                    known.formUnion(item.captures.map(\.variable))
                }
                // `repeat: {until:}` reads the step's own captures too.
                try checkConditions(step.repetition.map { [$0.until] } ?? [], known: known, reads: "this step and earlier ones")
            }
        }
    }

    /// `steps`: whose captures the conditions may read, as a phrase ("earlier steps").
    private func checkConditions(_ conditions: [Condition], known: Set<String>, reads steps: String) throws(WorkspaceError) {
        let which = steps == "earlier steps" ? "which no earlier step captures" : "which neither this step nor an earlier one captures"
        for condition in conditions {
            for variable in condition.variables where !known.contains(variable) {
                throw WorkspaceError(.undefinedVariable, at: condition.location,
                    "condition \"\(condition.text)\" uses \"\(variable)\", \(which)"
                    + "\(Suggestion.clause(for: variable, in: known)) (captures and status.REQUEST of \(steps), or variables)")
            }
        }
    }

    /// Each variable is visited once: walking every path instead took exponential time for
    /// variables that use the next one twice, thirty deep.
    private func checkVariableCycles() throws(WorkspaceError) {
        var finished = Set<String>()
        func visit(_ name: String, path: [String]) throws(WorkspaceError) {
            guard let use = variableUses[name], !finished.contains(name) else { return }
            for reference in Template.references(in: use.text) where variableUses[reference] != nil {
                if let start = path.firstIndex(of: reference) {
                    throw WorkspaceError(.cycle, at: use.location, "variables refer to each other in a cycle: "
                        + (path[start...] + [reference]).joined(separator: " → "))
                }
                try visit(reference, path: path + [reference])
            }
            finished.insert(name)
        }
        for name in variableUses.keys.sorted() { try visit(name, path: [name]) }
    }

    private func checkTemplates() throws(WorkspaceError) {
        let declared = declaredNames
        for use in templates {
            for name in Template.references(in: use.text) {
                if name.hasPrefix("secret.") {
                    let secret = String(name.dropFirst(7))
                    guard workspace.config.secrets[secret] == nil else { continue }
                    let known = workspace.config.secrets.keys.sorted()
                    throw WorkspaceError(.undefinedVariable, at: use.location, "undefined secret {{\(name)}}"
                        + "\(Suggestion.clause(for: secret, in: known)) (define it under config.secrets: "
                        + "{command: …}, {keyring: …}, {file: …} or {env: …})")
                }
                if name.hasPrefix("env.") || Template.builtIns.contains(name) || FakeValues.isCall(name) || declared.contains(name) { continue }
                throw WorkspaceError(.undefinedVariable, at: use.location, "undefined variable {{\(name)}}"
                    + "\(Suggestion.clause(for: name, in: declared.union(Template.builtIns))) "
                    + "(define it under variables or an environment, capture it in a chain, or pass --var \(name)=…)")
            }
        }
    }
}
