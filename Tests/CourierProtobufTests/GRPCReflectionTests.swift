import Courier
@testable import CourierProtobuf
import Foundation
import SwiftProtobuf
import Testing

/// Schemas from a server's reflection (Python's grpcio-reflection: v1alpha, and the same
/// servicer under v1's name) and from `.proto` files through protoc; then a call made with
/// messages the schema encodes and reads. Serialized: each test starts a Python server.
@Suite(.serialized) struct GRPCReflectionTests {
    static let services = ["courier.demo.Places", "grpc.health.v1.Health"]

    @Test func reflectionFallsBackToV1alphaAndItsSchemaEncodesACallAndReadsItsAnswer() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let answer = try await GRPCReflection(target: server.baseURL, agent: NetworkAgent(config: NetworkConfig())).answer()
        expectEqual(answer.version, .v1alpha)
        expectEqual(answer.services, Self.services + ["grpc.reflection.v1alpha.ServerReflection"])
        #expect(answer.unresolved.isEmpty)
        #expect(answer.schema.methodNames(ofService: "courier.demo.Places")
            == ["GetPlace", "ListPlaces", "RecordTrip", "Chat"].map { "courier.demo.Places." + $0 })

        // The schema from reflection makes the call: JSON in, JSON out.
        let method = try #require(answer.schema.method(named: "courier.demo.Places.GetPlace"))
        var definition = RequestSettings()
        definition.requestURL = server.baseURL + "/courier.demo.Places/GetPlace"
        definition.grpc = GRPCCallSettings(messages: [try answer.schema.encode(["latitude": 3, "longitude": 4], as: method.inputType.fullName)])
        let call = ConfigurableRequest(definition)
        call.agent = NetworkAgent(config: NetworkConfig())
        try await call.run()
        let reply = try answer.schema.decode(try #require(call.grpcMessages.first), as: method.outputType.fullName)
        expectEqual(reply.json, ["name": "place 3,4", "location": ["latitude": 3, "longitude": 4]])
        #expect(reply.unknownFields.isEmpty)
    }

    @Test func aServerWithReflectionV1IsAskedInV1() async throws {
        let server = try await GRPCPlacesServer.required(["--reflection", "v1"])
        defer { server.stop() }
        let answer = try await GRPCReflection(target: server.baseURL, agent: NetworkAgent(config: NetworkConfig())).answer()
        expectEqual(answer.version, .v1)
        expectEqual(answer.services, Self.services + ["grpc.reflection.v1.ServerReflection"])
        #expect(answer.schema.message(named: "google.protobuf.Duration") != nil, "an import of the file reflection sent")
        // grpcio's descriptor pool has no v1 reflection file: that service alone is unresolved.
        expectEqual(answer.unresolved, ["grpc.reflection.v1.ServerReflection": "NOT_FOUND (5): not found"])
        expectEqual(answer.schema.serviceNames, Self.services)
    }

    @Test func aServerWithoutReflectionIsSaidSo() async throws {
        let server = try await GRPCPlacesServer.required(["--reflection", "none"])
        defer { server.stop() }
        let failure = await #expect(throws: GRPCReflection.Failure.self) {
            try await GRPCReflection(target: server.baseURL, agent: NetworkAgent(config: NetworkConfig())).answer()
        }
        // grpcio answers UNIMPLEMENTED without reading the call, an answer libcurl 7.88 drops when
        // it comes before the call's body went out (docs/design/grpc.md): either is said.
        let reasons = ["UNIMPLEMENTED (12): Method not found!",
                       "the server closed the call before reading it, and libcurl dropped its answer "
                           + "(most likely UNIMPLEMENTED, or a refused authentication)"]
        #expect(reasons.map { "\(server.baseURL) has no server reflection: \($0) (neither grpc.reflection.v1 nor v1alpha)" }
            .contains(failure?.description ?? ""), "\(failure?.description ?? "")")
    }

    /// The describe text of a service, a method (with its messages) and an enum-free message.
    @Test func describePrintsProtoText() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let schema = try await GRPCReflection(target: server.baseURL, agent: NetworkAgent(config: NetworkConfig())).answer().schema
        #expect(schema.describe("courier.demo.Places") == """
            // courier.demo.Places: a service in places.proto
            service Places {
              rpc GetPlace(courier.demo.Point) returns (courier.demo.Place);                 // unary
              rpc ListPlaces(courier.demo.Area) returns (stream courier.demo.Place);         // server-streaming
              rpc RecordTrip(stream courier.demo.Point) returns (courier.demo.TripSummary);  // client-streaming
              rpc Chat(stream courier.demo.Note) returns (stream courier.demo.Note);         // bidirectional
            }
            """)
        #expect(schema.describe("courier.demo.Places/RecordTrip") == """
            // courier.demo.Places.RecordTrip: a client-streaming method of courier.demo.Places
            rpc RecordTrip(stream courier.demo.Point) returns (courier.demo.TripSummary);

            // courier.demo.Point: the request, a message in places.proto
            message Point {
              int32 latitude = 1;
              int32 longitude = 2;
            }

            // courier.demo.TripSummary: the response, a message in places.proto
            message TripSummary {
              int32 point_count = 1;
              int64 distance = 2;
              google.protobuf.Duration elapsed = 3;
            }
            """)
        #expect(schema.describe(".courier.demo.Place")?.hasPrefix("// courier.demo.Place: a message in places.proto\nmessage Place {") == true)
        expectEqual(schema.describe("courier.demo.Nope"), nil)
    }

    /// Debian's protoc with the well-known types' files from grpcio-tools (Debian has them in
    /// libprotobuf-dev, which the bootstrap does not install): the same schema as reflection's.
    @Test func protoFilesCompileWithProtocAndAnErrorIsProtocsOwn() async throws {
        guard let found = ProtoCompiler.find() else {
            print("skipping: no protoc on PATH (apt-get install protobuf-compiler, or scripts/test-servers-bootstrap.sh)")
            try Test.cancel("no protoc on PATH")
        }
        let wellKnown = ProtoFixtures.root.appendingPathComponent(".build/test-venv/lib").path
        let venvLib = try FileManager.default.contentsOfDirectory(atPath: wellKnown).first { $0.hasPrefix("python3") }
        let include = venvLib.map { "\(wellKnown)/\($0)/site-packages/grpc_tools/_proto" }
        guard let include, FileManager.default.fileExists(atPath: include + "/google/protobuf/duration.proto") else {
            print("skipping: no grpcio-tools in the test venv for the well-known types' files (scripts/test-servers-bootstrap.sh)")
            try Test.cancel("no grpcio-tools in the test venv")
        }
        let compiler = ProtoCompiler(executable: found.executable, wellKnownIncludes: [include])
        let schema = try await compiler.schema(files: [ProtoFixtures.protos + "/places.proto"])
        expectEqual(schema.serviceNames, ["courier.demo.Places"])
        expectEqual(schema.describe("courier.demo.Point")?.contains("int32 longitude = 2;"), true)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-protoc-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "syntax = \"proto3\";\nmessage Broken {\n  int32 a = ;\n}\n".write(to: folder.appendingPathComponent("broken.proto"), atomically: true, encoding: .utf8)
        let broken = await #expect(throws: ProtoCompiler.Failure.self) {
            try await compiler.schema(files: [folder.appendingPathComponent("broken.proto").path])
        }
        #expect(broken?.description.contains("broken.proto:3:13: Expected field number.") == true, "\(broken?.description ?? "")")

        try "syntax = \"proto3\";\nimport \"google/protobuf/empty.proto\";\n".write(to: folder.appendingPathComponent("needs.proto"), atomically: true, encoding: .utf8)
        // A copy of protoc in a folder of its own: protoc also looks in its prefix's include/
        // (/usr/include beside /usr/bin/protoc, where libprotobuf-dev puts the files).
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("bin/protoc").path
        try FileManager.default.copyItem(atPath: found.executable, toPath: copy)
        let bare = ProtoCompiler(executable: copy)
        let missing = await #expect(throws: ProtoCompiler.Failure.self) {
            try await bare.schema(files: [folder.appendingPathComponent("needs.proto").path])
        }
        #expect(missing?.description.contains("install libprotobuf-dev") == true, "\(missing?.description ?? "")")
    }

    @Test func importsAreOrderedBeforeTheFilesThatUseThem() throws {
        var first = Google_Protobuf_FileDescriptorProto(), second = Google_Protobuf_FileDescriptorProto(), third = Google_Protobuf_FileDescriptorProto()
        first.name = "a.proto"
        first.dependency = ["b.proto"]
        second.name = "b.proto"
        second.dependency = ["c.proto"]
        third.name = "c.proto"
        expectEqual(try ProtoSchema.dependencyOrder([first, second, third]).map(\.name), ["c.proto", "b.proto", "a.proto"])
        third.dependency = ["a.proto"]
        #expect(throws: ProtoSchema.Problem.self) { try ProtoSchema.dependencyOrder([first, second, third]) }
    }
}
