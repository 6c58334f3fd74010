import Courier
import CourierFormat

extension WorkspaceRequest {
    /// What the runner and the workbench print beside a finished request: the engine's
    /// warning (a JSON body that did not parse under `response: auto`), or for a GraphQL
    /// request the first message of a non-empty `errors` array its response carries (a 200
    /// that still failed in part).
    public var warning: String? {
        if let warning = responseWarning { return warning }
        guard case .graphql? = source.body else { return nil }
        return GraphQLBody.errorSummary(in: responseJSON)
    }
}
