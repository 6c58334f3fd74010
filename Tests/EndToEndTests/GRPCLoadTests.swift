import Foundation
import Testing

extension CommandLineTests {
    /// `courier load` on unary gRPC calls against Python's grpcio: every call counted with the
    /// same figures as HTTP requests, a status other than OK counted as an error by its gRPC
    /// code, and a streaming method refused before any call.
    @Test func loadRunsMakeUnaryCallsAndCountTheirStatuses() async throws {
        try await EndToEndTests.withGRPCWorkspace({ base in """
            variables:
              places: "\(base)"
            requests:
              get-place:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: GetPlace}
                message: {latitude: 4, longitude: 7}
              missing-place:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: GetPlace}
                message: {latitude: 0, longitude: 3}
              list-places:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: ListPlaces}
            """ }) { _, sandbox, workspace in
            func load(_ name: String) async throws -> (status: Int32, object: [String: Any]?, errors: String) {
                let run = try await courier(["load", workspace, name, "--requests", "200", "--concurrency", "4", "--json", "--no-history"],
                                            environment: sandbox.environment)
                return (run.status, try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], run.errors)
            }
            let found = try await load("get-place")
            #expect(found.status == 0, "\(found.errors)")
            #expect(found.object?["requests"] as? Int == 200, "\(String(describing: found.object))")
            #expect((found.object?["errors"] as? [Any])?.isEmpty == true, "\(String(describing: found.object?["errors"]))")

            let missing = try await load("missing-place")
            let errors = try #require(missing.object?["errors"] as? [[String: Any]], "\(missing.errors)")
            #expect(errors.count == 1 && errors[0]["family"] as? String == "grpc" && errors[0]["code"] as? Int == 5
                        && errors[0]["count"] as? Int == 200, "\(errors)")
            #expect((errors.first?["message"] as? String)?.hasPrefix("NOT_FOUND (5)") == true, "\(errors)")

            let streaming = try await load("list-places")
            #expect(streaming.status != 0)
            #expect(streaming.errors.contains("a load run makes unary calls, and ListPlaces is server streaming"), "\(streaming.errors)")
        }
    }
}
