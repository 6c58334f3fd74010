import CourierWorkspace

/// The request `courier export-curl` and `courier export code` write out: request `name` of the
/// workspace at `path`, resolved as `courier run` would with `--env`, `--var` and `{{demo}}`, and
/// its oauth2 or command token when `--fetch-token` asks for it. Throws a ``WorkspaceError`` for
/// bad input (exit status 2), anything else for a failure (1).
enum ExportedRequest {
    static func make(workspace path: String, name: String, environment: String?, variables: [String], demoURL: String,
                     fetchToken: Bool) async throws -> (request: WorkspaceRequest, token: (name: String, value: String)?) {
        var overrides: [String: String] = [:]
        for pair in variables {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            overrides[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        let loaded = try Workspace.load(path: path, extraVariables: Set(overrides.keys))
        guard loaded.requests[name] != nil else {
            throw WorkspaceError(.unknownTarget, at: nil, "\(path): no request named \"\(name)\" (batches and chains cannot be exported)")
        }
        var options = RunOptions()
        options.environment = environment
        options.overrides = overrides
        options.demoURL = demoURL
        let request = try WorkspaceRunner(workspace: loaded, options: options).makeRequest(name)
        return (request, fetchToken ? try await request.fetchedTokenHeader() : nil)
    }
}
