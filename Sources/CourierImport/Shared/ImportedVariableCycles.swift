import CourierWorkspace

/// Imported variables that use each other in a cycle, which a workspace refuses when it
/// loads (or, in an environment, when it sends), and which the source's own tools cannot
/// resolve either: Postman reads `id: "{{id}}"` in a collection as "the `id` of an outer
/// scope" (an environment, globals). The variable that closes a cycle is declared empty, and
/// the report says so.
enum ImportedVariableCycles {
    /// Breaks every cycle among `variables`, then among each environment's variables over
    /// them (an environment's value wins, as when sending); returns a line per variable
    /// emptied, for the report's `dropped`.
    static func breakCycles(in workspace: inout ImportedWorkspace) -> [String] {
        var dropped = breakCycles(in: &workspace.variables)
        for slot in workspace.environments.indices {
            let own = Set(workspace.environments[slot].variables.map(\.name))
            while true {
                let merged = workspace.variables.filter { !own.contains($0.name) } + workspace.environments[slot].variables
                // Variables alone have no cycle left: one of the environment's own closes it.
                guard let cycle = firstCycle(in: merged), let position = cycle.lastIndex(where: own.contains),
                      let index = workspace.environments[slot].variables.firstIndex(where: { $0.name == cycle[position] }) else { break }
                let rotated = Array(cycle[(position + 1)...] + cycle[...position])
                dropped.append("environment \"\(workspace.environments[slot].name)\": "
                               + line(rotated, value: workspace.environments[slot].variables[index].value))
                workspace.environments[slot].variables[index].value = ""
            }
        }
        return dropped
    }

    /// Breaks every cycle among `variables`; returns a line per variable emptied.
    static func breakCycles(in variables: inout [(name: String, value: String)]) -> [String] {
        var dropped: [String] = []
        while let cycle = firstCycle(in: variables) {
            let index = variables.firstIndex { $0.name == cycle.last! }!
            dropped.append(line(cycle, value: variables[index].value))
            variables[index].value = ""
        }
        return dropped
    }

    /// A cycle as the names on it, each referring to the next and the last to the first.
    private static func firstCycle(in variables: [(name: String, value: String)]) -> [String]? {
        var values: [String: String] = [:]
        for variable in variables where values[variable.name] == nil { values[variable.name] = variable.value }
        var finished = Set<String>()
        var path: [String] = []
        func visit(_ name: String) -> [String]? {
            if let start = path.firstIndex(of: name) { return Array(path[start...]) }
            guard !finished.contains(name), let value = values[name] else { return nil }
            path.append(name)
            for reference in Template.references(in: value) {
                if let cycle = visit(reference) { return cycle }
            }
            path.removeLast()
            finished.insert(name)
            return nil
        }
        for variable in variables {
            if let cycle = visit(variable.name) { return cycle }
        }
        return nil
    }

    /// `variables a → b → a use each other in a cycle; b ({{a}}) is declared empty`, for a
    /// cycle whose last name refers to its first.
    private static func line(_ cycle: [String], value: String) -> String {
        "variables \((cycle + [cycle[0]]).joined(separator: " → ")) use each other in a cycle; \(cycle.last!) (\(value)) is declared empty"
    }
}
