import CourierChecks
import CourierFormatCore
import Foundation

extension Workspace {
    /// Reads and compiles every `expect: {schema: …}` of the requests (`expect:` and
    /// `stream: {expect:}`) and of the chains' steps, so that a schema file that is missing,
    /// outside the workspace's folders, unreadable, not JSON or YAML, or not a valid schema is
    /// an error at its `schema:` key now, not a failed check after the request was sent. A file
    /// named with `{{placeholders}}` is read when its response is checked.
    func checkSchemas() throws(WorkspaceError) {
        var expectations: [Expectation] = []
        for name in requestNames {
            guard let definition = requests[name] else { continue }
            expectations += definition.expect + definition.stream.expect
        }
        for name in chainNames {
            expectations += chains[name]?.steps.flatMap { $0.items.flatMap(\.expectations) } ?? []
        }
        var checked: Set<SchemaCheck> = []
        for case .schema(let check) in expectations where checked.insert(check).inserted {
            try check.compile(workspace: self)
        }
    }
}

/// A workspace resolves the files its checks name (`SchemaFile`) from its own folder.
extension Workspace: WorkspaceFileResolving {}
