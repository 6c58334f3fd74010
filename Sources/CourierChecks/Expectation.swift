import Courier
import CourierFormatCore
import Foundation

/// One item of `expect:`: a check of one subject (``Check``), or a JSON Schema the body must
/// match (``SchemaCheck``).
package enum Expectation: Sendable, Hashable {
    case check(Check)
    case schema(SchemaCheck)

    /// Every item of an `expect:` list (one item alone may stand without the list).
    package static func list(_ yaml: YAMLValue) throws(WorkspaceError) -> [Expectation] {
        let items: [YAMLValue]
        if case .sequence = yaml.node { items = try yaml.list() } else { items = [yaml] }
        var expectations: [Expectation] = []
        for item in items {
            if case .mapping = item.node, let map = try? item.mapping(), map["schema"] != nil {
                expectations.append(.schema(try SchemaCheck(yaml: item)))
            } else {
                expectations.append(.check(try Check(yaml: item)))
            }
        }
        return expectations
    }

    /// Whether it looks at the status: then the status itself is not validated (2xx), the
    /// checks decide, as `expect: [status == 404]` means a 404 is the right answer.
    public var checksStatus: Bool {
        if case .check(let check) = self, check.subject == .status { return true }
        return false
    }

    /// Every expectation run on `facts` (all of them, whatever fails), in order; a schema
    /// check gives one result per violation.
    package static func evaluate(_ expectations: [Expectation], on facts: ResponseFacts,
                                render: (String) throws(TemplateError) -> String,
                                loadSchema: (String) throws -> (document: JSONValue, uri: String)) -> [CheckResult] {
        let checks = expectations.compactMap { if case .check(let check) = $0 { check } else { nil } }
        var lineResults = Check.evaluate(checks, on: facts, render: render)[...]
        var results: [CheckResult] = []
        for expectation in expectations {
            switch expectation {
            case .check: results.append(lineResults.removeFirst())
            case .schema(let schema): results += schema.results(on: facts, render: render, load: loadSchema)
            }
        }
        return results
    }
}
