import Courier

/// The keywords about objects: the subschemas of members, and the counts and required names.
extension KeywordRun {
    mutating func applyObjectSchemas() {
        guard case .object(let object) = instance else { return }
        var evaluated: Set<String> = []
        if let properties = members["properties"]?.objectValue {
            for (name, schema) in properties {
                guard let value = object[name], !stopped else { continue }
                evaluated.insert(name)
                absorb(evaluate(["properties", name], schema, value, at: context.instance.appending(.member(name))), annotations: false)
            }
        }
        if let patterns = members["patternProperties"]?.objectValue {
            for (pattern, schema) in patterns {
                guard let regex = evaluator.graph.patterns[pattern] else { continue }
                for (name, value) in object where !stopped && regex.matches(name) {
                    evaluated.insert(name)
                    absorb(evaluate(["patternProperties", pattern], schema, value, at: context.instance.appending(.member(name))), annotations: false)
                }
            }
        }
        if let additional = members["additionalProperties"] {
            for (name, value) in object where !stopped && !evaluated.contains(name) {
                applyToExtra("additionalProperties", additional, name: name, value: value)
            }
            evaluated = Set(object.keys)
        }
        if let names = members["propertyNames"] {
            for name in object.keys where !stopped {
                let result = evaluate(["propertyNames"], names, .string(name), at: context.instance.appending(.member(name)))
                outcome.valid = outcome.valid && result.valid
                if !failFast {
                    outcome.errors += result.errors.map {
                        SchemaValidationError(instanceLocation: $0.instanceLocation, keywordLocation: $0.keywordLocation,
                                              absoluteKeywordLocation: $0.absoluteKeywordLocation, message: "the name \(JSONText.quoted(name)): \($0.message)")
                    }
                }
            }
        }
        if collects { outcome.annotations.properties.formUnion(evaluated) }
    }

    /// `additionalProperties`/`unevaluatedProperties` on one member; `false` says so plainly.
    private mutating func applyToExtra(_ keyword: String, _ schema: JSONValue, name: String, value: JSONValue) {
        let location = context.instance.appending(.member(name))
        if schema == .bool(false) {
            fail(keyword, "the property \(JSONText.quoted(name)) is not allowed (\(keyword) is false)", at: location)
        } else {
            absorb(evaluate([keyword], schema, value, at: location), annotations: false)
        }
    }

    /// Runs last: the members no other keyword of this schema or its passing subschemas evaluated.
    mutating func applyUnevaluatedProperties() {
        guard let unevaluated = members["unevaluatedProperties"], case .object(let object) = instance else { return }
        for (name, value) in object where !stopped && !outcome.annotations.properties.contains(name) {
            applyToExtra("unevaluatedProperties", unevaluated, name: name, value: value)
        }
        outcome.annotations.properties = Set(object.keys)
    }

    /// `required`, `dependentRequired`, `minProperties` and `maxProperties`.
    mutating func checkObject(_ object: [String: JSONValue]) {
        if let required = members["required"]?.arrayValue {
            for case .string(let name) in required where object[name] == nil {
                fail("required", "the required property \(JSONText.quoted(name)) is missing")
            }
        }
        if let dependent = members["dependentRequired"]?.objectValue {
            for (name, required) in dependent where object[name] != nil {
                requireProperties(required.arrayValue?.compactMap(\.stringValue) ?? [], by: name, in: object, keyword: "dependentRequired")
            }
        }
        if let minimum = members["minProperties"]?.intValue, object.count < minimum {
            fail("minProperties", "expected at least \(minimum) properties, got \(object.count)")
        }
        if let maximum = members["maxProperties"]?.intValue, object.count > maximum {
            fail("maxProperties", "expected at most \(maximum) properties, got \(object.count)")
        }
    }

    mutating func requireProperties(_ names: [String], by name: String, in object: [String: JSONValue], keyword: String) {
        for needed in names where object[needed] == nil {
            fail([keyword, name], "the property \(JSONText.quoted(name)) requires \(JSONText.quoted(needed)), which is missing")
        }
    }
}
