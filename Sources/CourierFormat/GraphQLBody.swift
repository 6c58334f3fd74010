import Courier
import CourierFormatCore
import Foundation

/// `body: {graphql: {query, variables, operationName}}` — sent as GraphQL over HTTP: a JSON
/// body `{"query", "variables", "operationName"}` with `Content-Type: application/json` and
/// `Accept: application/graphql-response+json, application/json`. A `query` without `{` is a
/// file (`query: queries/user.graphql`) relative to the workspace file and inside its folder.
public struct GraphQLBody: Sendable, Hashable {
    /// The query text, or the path of a file holding it (``isFile``); a template either way.
    public var query: String
    public var variables: JSONValue?
    public var operationName: String?

    public init(query: String, variables: JSONValue? = nil, operationName: String? = nil) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
    }

    /// Every GraphQL document has a selection set in braces; a path has none.
    public var isFile: Bool { !query.contains("{") }

    /// The `Accept` a GraphQL request sends unless it sets its own.
    public static let accept = "application/graphql-response+json, application/json"

    static let keys = ["query", "variables", "operationName"]

    init(yaml value: YAMLValue) throws(WorkspaceError) {
        let map = try value.mapping(allowed: Self.keys, expected: "{query: \"{ … }\" or a .graphql file, variables: {…}, operationName: NAME}")
        query = try map.required("query", hint: "the query text, or a .graphql file").string(expected: "a query text or a file path")
        if let variables = map["variables"] {
            guard case .mapping = variables.node else { throw variables.wrongType(expected: "a mapping of variables") }
            self.variables = try variables.json()
        }
        operationName = try map["operationName"]?.string(expected: "an operation name")
    }

    /// The JSON body, filled in: `query` from the file when it is one (read by `readFile`).
    package func document(render: (String) throws -> String, renderJSON: (JSONValue) throws -> JSONValue,
                  readFile: (String) throws -> String) throws -> JSONValue {
        var members: [String: JSONValue] = ["query": .string(try render(isFile ? try readFile(query) : query))]
        if let variables { members["variables"] = try renderJSON(variables) }
        if let operationName { members["operationName"] = .string(try render(operationName)) }
        return .object(members)
    }

    /// The JSON body as written, placeholders unfilled (for exports that keep them).
    public var unrenderedJSON: JSONValue {
        var members: [String: JSONValue] = ["query": .string(query)]
        if let variables { members["variables"] = variables }
        if let operationName { members["operationName"] = .string(operationName) }
        return .object(members)
    }

    /// The first error's message of a GraphQL response (`{"errors": [{"message": …}]}`), with
    /// how many more there are; nil without a non-empty `errors` array.
    public static func errorSummary(in response: JSONValue?) -> String? {
        guard case .object(let members)? = response, case .array(let errors)? = members["errors"], let first = errors.first else {
            return nil
        }
        var message = "GraphQL error"
        if case .object(let error) = first, case .string(let text)? = error["message"] { message += ": " + text }
        return errors.count > 1 ? message + " (and \(errors.count - 1) more)" : message
    }
}

/// A GraphQL query file that cannot be read.
package struct GraphQLFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    package var description: String { "cannot read the GraphQL query file \(path) (\(reason))" }

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
