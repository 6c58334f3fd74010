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

    private var declaredNames: Set<String> {
        Set(workspace.variables.keys).union(workspace.environments.values.flatMap(\.keys))
            .union(captureNames).union(extraVariables)
    }

    private func unknown(_ reference: Reference, kind: String, candidates: [String]) -> WorkspaceError {
        WorkspaceError(.unknownReference, at: reference.location, "unknown \(kind) \"\(reference.name)\""
            + "\(Suggestion.clause(for: reference.name, in: candidates))"
            + (candidates.isEmpty ? "" : " (expected one of: \(candidates.joined(separator: ", ")))"))
    }

    /// A plain item names a request or a batch; `{request: NAME, times: N}` names a request.
    private func checkBatchReferences() throws(WorkspaceError) {
        for name in workspace.batchNames {
            for item in workspace.batches[name]!.items {
                let isRequest = workspace.requests[item.name] != nil
                let isBatch = workspace.batches[item.name] != nil
                if item.times == nil, !isRequest, !isBatch {
                    throw unknown(item.reference, kind: "request or batch", candidates: workspace.requestNames + workspace.batchNames)
                }
                if item.times != nil, isBatch {
                    throw WorkspaceError(.invalidValue, at: item.location, "\"\(item.name)\" is a batch; times repeats a request "
                        + "(name the batch on its own to include its requests once)")
                }
                if item.times != nil, !isRequest {
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
            for step in chain.steps {
                for item in step.items where workspace.requests[item.request.name] == nil {
                    throw unknown(item.request, kind: "request", candidates: workspace.requestNames)
                }
                for condition in step.conditions {
                    for variable in condition.variables where !known.contains(variable) {
                        throw WorkspaceError(.undefinedVariable, at: condition.location,
                            "condition \"\(condition.text)\" uses \"\(variable)\", which no earlier step captures"
                            + "\(Suggestion.clause(for: variable, in: known)) (captures and status.REQUEST of earlier steps, or variables)")
                    }
                }
                for item in step.items {
                    known.insert("status.\(item.request.name)")
                    known.formUnion(item.captures.map(\.variable))
                }
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
                if name.hasPrefix("env.") || Template.builtIns.contains(name) || FakeValues.isCall(name) || declared.contains(name) { continue }
                throw WorkspaceError(.undefinedVariable, at: use.location, "undefined variable {{\(name)}}"
                    + "\(Suggestion.clause(for: name, in: declared.union(Template.builtIns))) "
                    + "(define it under variables or an environment, capture it in a chain, or pass --var \(name)=…)")
            }
        }
    }
}
