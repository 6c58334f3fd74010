import Foundation
import Testing

extension EndToEndTests {
    /// Runs `body` with Python's grpcio Places server and a sandbox holding `workspace` (YAML,
    /// made from the server's base URL) as `grpc.yaml`; the server is stopped and the sandbox
    /// removed afterwards, whatever happens.
    static func withGRPCWorkspace(_ workspace: (_ baseURL: String) -> String,
                                  _ body: (_ server: GRPCPlacesServer, _ sandbox: Sandbox, _ path: String) async throws -> Void) async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let path = sandbox.directory + "/grpc.yaml"
        try workspace(server.baseURL).write(toFile: path, atomically: true, encoding: .utf8)
        try await body(server, sandbox, path)
    }
}
