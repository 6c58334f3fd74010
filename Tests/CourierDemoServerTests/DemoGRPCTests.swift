#if DemoTLS && GRPC
import Courier
import CourierProtobuf
import Foundation
import Testing
@testable import CourierDemoServer

/// The demo server's gRPC service (courier.demo.Places) through the engine: its reflection
/// read by Courier's client, each kind of call over plaintext HTTP/2 (`{{demoGRPC}}`) and over
/// TLS, a status other than OK, and a method it lacks.
@Suite("Demo server gRPC service", .serialized)
struct DemoGRPCTests {
    /// A call of `method` sending `messages` (JSON by `schema`; a method the schema lacks
    /// sends Points), run to its end.
    private static func call(_ base: String, _ method: String, _ messages: [JSONValue], schema: ProtoSchema,
                             caFile: String? = nil) async throws -> ConfigurableRequest {
        let input = schema.shape(ofMethodAt: "/courier.demo.Places/" + method)?.input ?? "courier.demo.Point"
        var definition = ConfigurableRequest.Definition()
        definition.requestURL = base + "/courier.demo.Places/" + method
        definition.grpc = GRPCCallSettings(messages: try messages.map { try schema.encode($0, as: input) })
        definition.tlsPolicy = TLSPolicy(caFile: caFile)
        let config = NetworkConfig()
        config.proxy = .none
        let request = ConfigurableRequest(definition)
        request.agent = NetworkAgent(config: config)
        try? await request.run()
        return request
    }

    private static func answers(_ request: ConfigurableRequest, schema: ProtoSchema, as type: String) throws -> [JSONValue] {
        try request.grpcMessages.map { try schema.decode($0, as: "courier.demo." + type).json }
    }

    @Test func everyKindOfCallIsAnsweredAndReflectionDescribesTheService() async throws {
        try await DemoTLSListenerTests.withTLSServer { endpoints in
            let base = endpoints.plaintextHTTP2BaseURL
            let reflection = try await GRPCReflection(target: base).answer()
            expectEqual(reflection.services, ["courier.demo.Places"])
            let schema = reflection.schema
            #expect(schema.methodNames(ofService: "courier.demo.Places")
                        == ["GetPlace", "ListPlaces", "RecordTrip", "Chat"].map { "courier.demo.Places." + $0 })

            let place = try await Self.call(base, "GetPlace", [.object(["latitude": .int(4), "longitude": .int(7)])], schema: schema)
            #expect(place.grpcStatus?.code == .ok && place.metrics?.httpVersion == "HTTP/2", "\(String(describing: place.error))")
            expectEqual(try Self.answers(place, schema: schema, as: "Place").first?["name"], .string("place 4,7"))

            let nowhere = try await Self.call(base, "GetPlace", [.object(["latitude": .int(0), "longitude": .int(3)])], schema: schema)
            expectEqual(nowhere.grpcStatus, GRPCStatus(code: .notFound, message: "no place at 0,3"))

            let list = try await Self.call(base, "ListPlaces", [.object(["limit": .int(3)])], schema: schema)
            #expect(try Self.answers(list, schema: schema, as: "Place").map { $0["name"] } == ["place 1", "place 2", "place 3"].map(JSONValue.string))
            // With perSecond, the firehose: 5,000 at 100,000 a second (at the 0.3 s pace, 25 minutes). The
            // request keeps the newest 2,000 (its stream limits).
            let firehose = try await Self.call(base, "ListPlaces", [.object(["limit": .int(5000), "perSecond": .int(100_000)])], schema: schema)
            let places = try Self.answers(firehose, schema: schema, as: "Place")
            #expect(firehose.grpcStatus?.code == .ok && places.count == 2000 && places.last?["name"] == .string("place 5000")
                        && places.last?["location"] == .object(["latitude": .int(5000), "longitude": .int(5000)]),
                    "\(String(describing: firehose.grpcStatus)) \(places.count)")

            let trip = try await Self.call(base, "RecordTrip", [.object(["latitude": .int(1), "longitude": .int(1)]),
                                                                 .object(["latitude": .int(3), "longitude": .int(2)])], schema: schema)
            let summary = try #require(try Self.answers(trip, schema: schema, as: "TripSummary").first)
            #expect(summary["pointCount"] == .int(2) && summary["distance"] == .string("3"), "\(summary)")

            let chat = try await Self.call(base, "Chat", [.object(["message": .string("hi")]), .object(["message": .string("again")])],
                                           schema: schema)
            #expect(try Self.answers(chat, schema: schema, as: "Note").map { $0["message"] } == [.string("echo: hi"), .string("echo: again")])

            let lacking = try await Self.call(base, "Nope", [], schema: schema)
            #expect(lacking.grpcStatus?.code == .unimplemented, "\(String(describing: lacking.grpcStatus))")

            // Over TLS (ALPN h2), verified against the demo CA.
            let secure = try await Self.call(endpoints.baseURL, "GetPlace", [.object(["latitude": .int(2), "longitude": .int(3)])],
                                             schema: schema, caFile: endpoints.files.caFile)
            #expect(secure.grpcStatus?.code == .ok, "\(String(describing: secure.error))")
        }
    }

    /// The committed descriptor set is Tests/Fixtures/grpc/places.proto compiled: the same
    /// messages and services, described alike.
    @Test func theCommittedSchemaIsPlacesProtoCompiled() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("places-\(UUID().uuidString).pb").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/protoc"),
              FileManager.default.fileExists(atPath: "/usr/include/google/protobuf/duration.proto") else {
            print("skipping: no /usr/bin/protoc with libprotobuf-dev's include files to compile places.proto with")
            return
        }
        let result = try ChildProcess.run(["/usr/bin/protoc", "--include_imports", "--descriptor_set_out=" + out, "-I", root + "/Tests/Fixtures/grpc",
                                           "-I", "/usr/include", root + "/Tests/Fixtures/grpc/places.proto"])
        try #require(result.status == 0, "\(result.output)")
        let compiled = try ProtoSchema(descriptorSet: Data(contentsOf: URL(fileURLWithPath: out)))
        let committed = try ProtoSchema(descriptorSet: DemoPlacesSchema.descriptorSet)
        for symbol in ["courier.demo.Places", "courier.demo.Point", "courier.demo.Area", "courier.demo.Place", "courier.demo.TripSummary",
                       "courier.demo.Note"] {
            #expect(committed.describe(symbol) == compiled.describe(symbol), "\(symbol)")
        }
    }
}
#endif
