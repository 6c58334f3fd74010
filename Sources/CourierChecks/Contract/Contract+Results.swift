import Courier
import CourierFormatCore
import CourierSchema
import Foundation

extension Contract {
    /// How the contract's results begin (`contract GET /pets/{id} 200`), which no `expect:`
    /// check can (`contract` is no subject).
    public static let checkPrefix = "contract "

    /// The contract's verdict on one response to `method` `url`: one passed result, or a
    /// failed one for each violation — a request that matches no operation, an undocumented
    /// status or content type, a body that is not JSON, and each way the body fails the
    /// response's schema (with the instance path and the schema location).
    package func results(method: String, url: String, facts: ResponseFacts) -> [CheckResult] {
        let path = URLComponents(string: url)?.percentEncodedPath ?? url
        let shownPath = path.isEmpty ? "/" : path
        let (found, otherMethods) = operation(method: method, path: shownPath)
        guard let operation = found else {
            let also = otherMethods.isEmpty ? "" : " (the path has \(otherMethods.joined(separator: ", ")))"
            return [failure(.url, name: Self.checkPrefix + "\(method) \(shownPath)", "\(method) \(shownPath) is not in the contract\(also)", at: pathsLocation)]
        }
        guard let (key, response) = operation.response(for: facts.status) else {
            let documented = operation.responses.keys.sorted().joined(separator: ", ")
            return [failure(.status, name: Self.checkPrefix + operation.name,
                            "\(facts.status) is not documented for \(operation.name) (documented: \(documented.isEmpty ? "none" : documented))",
                            at: operation.location)]
        }
        let name = Self.checkPrefix + "\(operation.name) \(key)"
        let passed = [CheckResult(check: check(.status, name: name, at: response.location), passed: true, expected: "a match of the contract",
                                  actual: "a match")]
        guard !response.content.isEmpty, method != "HEAD", !(facts.body.isEmpty && facts.contentType == nil) else { return passed }
        guard let contentType = facts.contentType.flatMap(MediaRange.init) else {
            return [failure(.contentType, name: name, "no Content-Type; the contract says \(response.content.keys.sorted().joined(separator: ", "))",
                            at: response.location)]
        }
        guard let mediaKey = MediaRange.best(of: Array(response.content.keys), for: contentType) else {
            return [failure(.contentType, name: name, "\(contentType.type)/\(contentType.subtype) is not documented for \(operation.name) \(key) "
                                + "(documented: \(response.content.keys.sorted().joined(separator: ", ")))", at: response.location)]
        }
        guard let schema = response.content[mediaKey] ?? nil, contentType.isJSON else { return passed }
        return bodyResults(facts, schemaAt: schema, name: name, at: response.location) ?? passed
    }

    /// The failures of the JSON body against the schema at `reference`; nil when it matches.
    private func bodyResults(_ facts: ResponseFacts, schemaAt reference: String, name: String, at location: SourceLocation) -> [CheckResult]? {
        let schema: JSONSchema
        switch self.schema(at: reference) {
        case .success(let compiled): schema = compiled
        case .failure(let error):
            return [failure(.body, name: name, "the contract's schema at \(shown(reference)) cannot be used: \(error)", at: location)]
        }
        guard let body = facts.wholeJSON else {
            return [failure(.body, name: name, facts.wholeJSONRefusal ?? "the body is not JSON", at: location)]
        }
        let errors = schema.validate(body)
        guard !errors.isEmpty else { return nil }
        return errors.map { error in
            var result = failure(.json(JSONPath(error.instanceLocation)), name: name, error.message, at: location)
            result.note = shown(error.absoluteKeywordLocation)
            return result
        }
    }

    private func check(_ subject: CheckSubject, name: String, at location: SourceLocation) -> Check {
        Check(subject: subject, predicate: CheckPredicate(.matchesSchema, .text("contract")), text: name, location: location)
    }

    /// A failed result whose summary reads `SUBJECT: message`.
    private func failure(_ subject: CheckSubject, name: String, _ message: String, at location: SourceLocation) -> CheckResult {
        CheckResult(check: check(subject, name: name, at: location), passed: false, expected: "a match of the contract", actual: message)
    }
}

extension JSONPath {
    /// The path of a JSON Schema instance location: `/items/3/price` is `$.items[3].price`.
    init(_ location: InstanceLocation) {
        self.init(components: location.segments.map { segment in
            switch segment {
            case .member(let name): return .key(name)
            case .index(let index): return .index(index)
            }
        })
    }
}
