import Foundation
import Testing

extension CommandLineTests {
    /// `courier grpc list|describe` against Python's grpcio (reflection v1alpha): the services,
    /// one service's methods, a method with its messages, an unknown symbol said so with the
    /// services; and the same from the .proto file through protoc, where `-I` supplies the
    /// well-known types' files (grpcio-tools' copy; Debian has them in libprotobuf-dev).
    @Test func grpcListAndDescribeFromReflectionAndFromProtoFiles() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let services = try await courier(["grpc", "list", server.baseURL])
        #expect(services.status == 0, "\(services.errors)")
        expectEqual(services.output, "courier.demo.Places\ngrpc.health.v1.Health\ngrpc.reflection.v1alpha.ServerReflection\n")

        let methods = try await courier(["grpc", "list", "127.0.0.1:\(server.port)", "--plaintext", "courier.demo.Places"])
        #expect(methods.output == ["GetPlace", "ListPlaces", "RecordTrip", "Chat"].map { "courier.demo.Places.\($0)\n" }.joined(), "\(methods.errors)")

        let method = try await courier(["grpc", "describe", server.baseURL, "courier.demo.Places.GetPlace"])
        #expect(method.output.hasPrefix("""
            // courier.demo.Places.GetPlace: a unary method of courier.demo.Places
            rpc GetPlace(courier.demo.Point) returns (courier.demo.Place);

            // courier.demo.Point: the request, a message in places.proto
            message Point {
            """), "\(method.output)\(method.errors)")

        let unknown = try await courier(["grpc", "describe", server.baseURL, "courier.demo.Nope"])
        expectEqual(unknown.status, 1)
        #expect(unknown.errors == "courier grpc: no service, method, message or enum courier.demo.Nope in the schema; "
            + "the services: courier.demo.Places, grpc.health.v1.Health, grpc.reflection.v1alpha.ServerReflection\n")

        let proto = EndToEndTests.root + "/Tests/Fixtures/grpc/places.proto"
        let venvLib = EndToEndTests.root + "/.build/test-venv/lib"
        let wellKnown = (try? FileManager.default.contentsOfDirectory(atPath: venvLib))?.first { $0.hasPrefix("python3") }
            .map { "\(venvLib)/\($0)/site-packages/grpc_tools/_proto" }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/protoc"), let wellKnown else {
            print("skipping the --proto half: no /usr/bin/protoc or no grpcio-tools in the test venv (scripts/test-servers-bootstrap.sh)")
            return
        }
        let fromFile = try await courier(["grpc", "describe", "--proto", proto, "-I", EndToEndTests.root + "/Tests/Fixtures/grpc",
                                          "-I", wellKnown, "courier.demo.Places"])
        #expect(fromFile.status == 0, "\(fromFile.errors)")
        #expect(fromFile.output.contains("  rpc Chat(stream courier.demo.Note) returns (stream courier.demo.Note);         // bidirectional\n"),
                "\(fromFile.output)")
    }
}
