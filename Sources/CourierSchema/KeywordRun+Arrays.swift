import Courier

/// The keywords about arrays: `prefixItems`, `items`, `contains` (with its bounds), draft-07's
/// list `items` and `additionalItems`, `unevaluatedItems`, and the counts and uniqueness.
extension KeywordRun {
    mutating func applyArraySchemas() {
        guard case .array(let elements) = instance else { return }
        var evaluatedPrefix = 0
        let legacy = node.vocabulary.contains(.legacy)
        let tuple = legacy ? members["items"]?.arrayValue : members["prefixItems"]?.arrayValue
        if let tuple {
            let keyword = legacy ? "items" : "prefixItems"
            for (i, schema) in tuple.enumerated() where i < elements.count && !stopped {
                absorb(evaluate([keyword, String(i)], schema, elements[i], at: context.instance.appending(.index(i))), annotations: false)
            }
            evaluatedPrefix = min(tuple.count, elements.count)
        }
        let restKeyword = legacy ? (tuple == nil ? "items" : "additionalItems") : "items"
        if let rest = members[restKeyword], rest.arrayValue == nil {
            for i in evaluatedPrefix..<elements.count where !stopped {
                let location = context.instance.appending(.index(i))
                if rest == .bool(false) {
                    fail(restKeyword, "the item at index \(i) is not allowed (only \(evaluatedPrefix) items are)", at: location)
                } else {
                    absorb(evaluate([restKeyword], rest, elements[i], at: location), annotations: false)
                }
            }
            if collects && evaluatedPrefix < elements.count { outcome.annotations.allItems = true }
        }
        if collects { outcome.annotations.items.formUnion(0..<evaluatedPrefix) }
        if let contains = members["contains"], !stopped { applyContains(contains, elements) }
    }

    private mutating func applyContains(_ schema: JSONValue, _ elements: [JSONValue]) {
        var matching: [Int] = []
        for (i, element) in elements.enumerated()
        where evaluate(["contains"], schema, element, at: context.instance.appending(.index(i)), failFast: true).valid {
            matching.append(i)
        }
        if collects { outcome.annotations.items.formUnion(matching) }
        let bounded = node.vocabulary.contains(.validation) && !node.vocabulary.contains(.legacy)
        let minimum = bounded ? members["minContains"]?.intValue ?? 1 : 1
        if matching.count < minimum {
            let keyword = bounded && members["minContains"] != nil ? "minContains" : "contains"
            fail(keyword, "expected at least \(minimum) \(minimum == 1 ? "item" : "items") matching \"contains\", got \(matching.count)")
        }
        if bounded, let maximum = members["maxContains"]?.intValue, matching.count > maximum {
            fail("maxContains", "expected at most \(maximum) items matching \"contains\", got \(matching.count)")
        }
    }

    /// Runs after every other keyword: the items nothing else of this schema evaluated.
    mutating func applyUnevaluatedItems() {
        guard let unevaluated = members["unevaluatedItems"], case .array(let elements) = instance,
              !outcome.annotations.allItems else { return }
        for (i, element) in elements.enumerated() where !stopped && !outcome.annotations.items.contains(i) {
            let location = context.instance.appending(.index(i))
            if unevaluated == .bool(false) {
                fail("unevaluatedItems", "the item at index \(i) is not allowed (unevaluatedItems is false)", at: location)
            } else {
                absorb(evaluate(["unevaluatedItems"], unevaluated, element, at: location), annotations: false)
            }
        }
        outcome.annotations.allItems = true
    }

    /// `minItems`, `maxItems` and `uniqueItems`.
    mutating func checkArray(_ elements: [JSONValue]) {
        if let minimum = members["minItems"]?.intValue, elements.count < minimum {
            fail("minItems", "expected at least \(minimum) items, got \(elements.count)")
        }
        if let maximum = members["maxItems"]?.intValue, elements.count > maximum {
            fail("maxItems", "expected at most \(maximum) items, got \(elements.count)")
        }
        if members["uniqueItems"] == .bool(true), let (first, second) = Self.firstDuplicate(elements) {
            fail("uniqueItems", "expected unique items, but the items at index \(first) and \(second) are equal")
        }
    }

    /// The first pair of equal items, by hash buckets (not every pair: arrays may be long).
    private static func firstDuplicate(_ elements: [JSONValue]) -> (Int, Int)? {
        var buckets: [Int: [Int]] = [:]
        for (j, element) in elements.enumerated() {
            var hasher = Hasher()
            element.schemaHash(into: &hasher)
            let hash = hasher.finalize()
            if let i = buckets[hash]?.first(where: { elements[$0].schemaEquals(element) }) { return (i, j) }
            buckets[hash, default: []].append(j)
        }
        return nil
    }
}
