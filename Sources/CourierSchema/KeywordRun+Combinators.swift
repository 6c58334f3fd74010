import Courier

/// `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else` and `dependentSchemas`.
extension KeywordRun {
    mutating func applyCombinators() {
        if let all = members["allOf"]?.arrayValue {
            for (i, schema) in all.enumerated() where !stopped {
                absorb(evaluate(["allOf", String(i)], schema, instance))
            }
        }
        if let any = members["anyOf"]?.arrayValue, !stopped { applyAnyOf(any) }
        if let one = members["oneOf"]?.arrayValue, !stopped { applyOneOf(one) }
        if let not = members["not"], !stopped, evaluate(["not"], not, instance, failFast: true).valid {
            fail("not", "must not match the schema in \"not\"")
        }
        if let condition = members["if"], !stopped { applyConditional(condition) }
        if let dependent = members["dependentSchemas"]?.objectValue, case .object(let object) = instance {
            for (name, schema) in dependent where object[name] != nil && !stopped {
                absorb(evaluate(["dependentSchemas", name], schema, instance))
            }
        }
        if node.vocabulary.contains(.legacy), let dependencies = members["dependencies"]?.objectValue,
           case .object(let object) = instance {
            for (name, dependency) in dependencies where object[name] != nil && !stopped {
                if let required = dependency.arrayValue {
                    requireProperties(required.compactMap(\.stringValue), by: name, in: object, keyword: "dependencies")
                } else {
                    absorb(evaluate(["dependencies", name], dependency, instance))
                }
            }
        }
    }

    private mutating func applyAnyOf(_ schemas: [JSONValue]) {
        var matched = false
        var branches: [Outcome] = []
        // Every branch runs when annotations count: `unevaluated*` sees what each passing one evaluated.
        for (i, schema) in schemas.enumerated() {
            let branch = evaluate(["anyOf", String(i)], schema, instance, failFast: true)
            if branch.valid {
                matched = true
                if collects { outcome.annotations.merge(branch.annotations) } else { break }
            } else if !failFast {
                branches.append(evaluate(["anyOf", String(i)], schema, instance, failFast: false))
            }
        }
        if !matched { fail("anyOf", "matches none of the \(schemas.count) schemas in \"anyOf\"" + Self.summary(branches)) }
    }

    private mutating func applyOneOf(_ schemas: [JSONValue]) {
        var passing: [Int] = []
        var annotations = Annotations()
        var branches: [Outcome] = []
        for (i, schema) in schemas.enumerated() {
            let branch = evaluate(["oneOf", String(i)], schema, instance, failFast: true)
            if branch.valid {
                passing.append(i)
                annotations = branch.annotations
            } else if !failFast {
                branches.append(evaluate(["oneOf", String(i)], schema, instance, failFast: false))
            }
        }
        switch passing.count {
        case 1: if collects { outcome.annotations.merge(annotations) }
        case 0: fail("oneOf", "matches none of the \(schemas.count) schemas in \"oneOf\"" + Self.summary(branches))
        default: fail("oneOf", "matches \(passing.count) of the schemas in \"oneOf\" (\(passing.map(String.init).joined(separator: ", "))), expected exactly one")
        }
    }

    /// The first failure of each branch, briefly: `(0: expected string, got integer; 1: …)`.
    private static func summary(_ branches: [Outcome]) -> String {
        let firsts = branches.enumerated().compactMap { i, branch in
            branch.errors.first.map { "\(i): \($0.message)" }
        }
        return firsts.isEmpty ? "" : " (" + firsts.joined(separator: "; ") + ")"
    }

    private mutating func applyConditional(_ condition: JSONValue) {
        let test = evaluate(["if"], condition, instance, failFast: true)
        if test.valid {
            if collects { outcome.annotations.merge(test.annotations) }
            if let then = members["then"] { absorb(evaluate(["then"], then, instance)) }
        } else if let otherwise = members["else"] {
            absorb(evaluate(["else"], otherwise, instance))
        }
    }
}
