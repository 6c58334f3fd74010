import CourierWorkspace

extension KeyMap {
    /// A rebinding the config asks for: in `scope`, `action` takes `keys` (none: unbound).
    struct Rebinding {
        var scope: Scope
        var action: Action
        var keys: [Key]
        /// The entry's key in the file, where its problems are reported.
        var origin: YAMLValue
    }

    /// An action's name in the config: `sendIgnoringCache` is `send-ignoring-cache`, `editURL`
    /// is `edit-url`.
    package static func configName(of action: Action) -> String {
        var name = ""
        var previous: Character?
        for character in action.rawValue {
            if character.isUppercase, previous?.isLowercase == true { name += "-" }
            name += character.lowercased()
            previous = character
        }
        return name
    }

    /// The scopes where an action may be bound: those it has in ``standard``, and every pane's
    /// for one that applies anywhere (a pane's own key for it comes first there).
    package static func scopes(for action: Action) -> [Scope] {
        let home = Scope.allCases.filter { scope in standard.contains { $0.scope == scope && $0.action == action } }
        guard home.contains(.global) || home.contains(.list) else { return home }
        return home + Scope.allCases.filter { $0.isPane && !home.contains($0) }
    }

    /// The table `standard` becomes with the `keys:` section's rebindings, or the problems,
    /// each at its line: an unknown scope, action or key name, an action that does not belong
    /// in the scope, two actions on one key in one scope.
    static func rebound(by section: YAMLValue) -> Result<[Binding], ConfigProblems> {
        var problems = ConfigProblems()
        var rebindings: [Rebinding] = []
        let entries: [YAMLMapping.Entry]
        do {
            entries = try section.mapping(expected: "a mapping of scope.action to keys (requests.send: ctrl-r)").entries
        } catch {
            problems.append(error)
            return .failure(problems)
        }
        for entry in entries {
            problems.collect { () throws(WorkspaceError) in rebindings.append(try rebinding(entry)) }
        }
        var table = standard
        for rebinding in rebindings {
            if let index = table.firstIndex(where: { $0.scope == rebinding.scope && $0.action == rebinding.action }) {
                table[index].keys = rebinding.keys
            } else {
                let end = table.lastIndex { $0.scope == rebinding.scope }.map { $0 + 1 } ?? table.endIndex
                table.insert(Binding(keys: rebinding.keys, action: rebinding.action, scope: rebinding.scope), at: end)
            }
        }
        table.removeAll { $0.keys.isEmpty }
        for problem in conflicts(in: table, rebindings: rebindings) { problems.append(problem) }
        return problems.isEmpty ? .success(table) : .failure(problems)
    }

    private static func rebinding(_ entry: YAMLMapping.Entry) throws(WorkspaceError) -> Rebinding {
        let parts = entry.name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            throw entry.key.error(.unknownKey, "\"\(entry.name)\" is not scope.action (e.g. requests.send, global.quit)")
        }
        let scopeNames = Scope.allCases.map(\.configName)
        guard let scope = Scope.allCases.first(where: { $0.configName == parts[0] }) else {
            throw entry.key.error(.unknownKey, "unknown scope \"\(parts[0])\"\(Suggestion.clause(for: parts[0], in: scopeNames)) "
                + "(scopes: \(scopeNames.joined(separator: ", ")))")
        }
        let actionNames = Action.allCases.map(configName(of:))
        guard let action = Action.allCases.first(where: { configName(of: $0) == parts[1] }) else {
            throw entry.key.error(.unknownKey, "unknown action \"\(parts[1])\"\(Suggestion.clause(for: parts[1], in: actionNames)) "
                + "(`courier config show` lists every scope.action)")
        }
        let allowed = scopes(for: action)
        guard allowed.contains(scope) else {
            let places = allowed.filter { !$0.isPane || !allowed.contains(.global) }.map { "\($0.configName).\(parts[1])" }
            throw entry.key.error(.invalidValue, "\(parts[1]) does not apply in \(scope.configName); bind it as \(places.joined(separator: " or "))")
        }
        return Rebinding(scope: scope, action: action, keys: try keys(entry.value), origin: entry.key)
    }

    /// `ctrl-r`, a list of keys, or `none` / null / `[]` to unbind.
    private static func keys(_ value: YAMLValue) throws(WorkspaceError) -> [Key] {
        if value.isNull { return [] }
        let items: [YAMLValue]
        if case .sequence = value.node { items = try value.list() } else { items = [value] }
        var keys: [Key] = []
        for item in items {
            let name = try item.string(expected: "a key (ctrl-r, f5, G), a list of keys, or none")
            if items.count == 1, name.lowercased() == "none" { return [] }
            switch KeyName.key(name) {
            case .success(let key): if !keys.contains(key) { keys.append(key) }
            case .failure(let problem): throw item.error(.invalidValue, problem.message)
            }
        }
        return keys
    }

    /// Two actions on one key where both apply: in one scope, or in lists and anywhere (which
    /// apply together in every pane). Reported at the config entry that made it.
    private static func conflicts(in table: [Binding], rebindings: [Rebinding]) -> [WorkspaceError] {
        func group(_ scope: Scope) -> Int { scope == .list ? Scope.allCases.firstIndex(of: .global)! : Scope.allCases.firstIndex(of: scope)! }
        var problems: [WorkspaceError] = []
        for rebinding in rebindings {
            for key in rebinding.keys {
                let others = table.filter { group($0.scope) == group(rebinding.scope) && $0.keys.contains(key) && $0.action != rebinding.action }
                guard let other = others.first else { continue }
                // Two rebindings on one key: report it once, at the later one.
                if let earlier = rebindings.first(where: { $0.scope == other.scope && $0.action == other.action }),
                   let mine = rebindings.firstIndex(where: { $0.scope == rebinding.scope && $0.action == rebinding.action }),
                   let theirs = rebindings.firstIndex(where: { $0.scope == earlier.scope && $0.action == earlier.action }), theirs > mine {
                    continue
                }
                let otherName = "\(other.scope.configName).\(configName(of: other.action))"
                problems.append(rebinding.origin.error(.invalidValue, "\(KeyName.name(of: key)) is also \(otherName) "
                    + "(\(other.action.title)); unbind it (\(otherName): none) or choose another key"))
            }
        }
        return problems
    }
}
