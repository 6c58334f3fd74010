/// May veto a request before it starts (CTNetworking's `shouldCallAPIWithParams`).
public protocol RequestInterceptor: Sendable {
    /// False stops the request before any network use; it fails with ``RequestError/Code/vetoed``.
    func shouldStart(_ request: Request) -> Bool
}

/// Checks a request's arguments before any network use (CTNetworking's parameter validator).
public protocol ParameterValidator: Sendable {
    /// Nil when the arguments are fine; otherwise what is wrong with them, for the user.
    func problem(with arguments: JSONValue?, of request: Request) -> String?
}

/// The fail-fast checks run when a request starts.
enum Interception {
    static func check(_ request: Request, snapshot: SettingsSnapshot) throws(RequestError) {
        if !request.shouldStart() || snapshot.settings.interceptors.contains(where: { !$0.shouldStart(request) }) {
            throw RequestError(family: .parameter, code: .vetoed,
                               message: "An interceptor vetoed the request before it started.")
        }
        let arguments = request.arguments
        let problem = request.argumentsProblem()
            ?? snapshot.settings.parameterValidators.lazy.compactMap { $0.problem(with: arguments, of: request) }.first
        if let problem {
            throw RequestError(family: .parameter, code: .invalidParameters, message: "Invalid parameters: \(problem)")
        }
    }
}
