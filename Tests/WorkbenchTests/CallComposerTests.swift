import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The composer on a `grpc:` request: Metadata and Message tabs, the message checked against
/// the method's schema once it is loaded (what is wrong named at its field and line), and a
/// URL line that takes no edit.
@Suite struct CallComposerTests {
    static let calls = """
          good-call:
            grpc: {target: "http://127.0.0.1:9", service: courier.demo.Places, method: GetPlace, proto: places.proto}
            message: {latitude: 4, longitude: 7}
            metadata: {x-tenant: acme}
          bad-call:
            grpc: {target: "http://127.0.0.1:9", service: courier.demo.Places, method: GetPlace, proto: places.proto}
            message: {latitude: 4, longitud: 7}

        """

    /// protoc on PATH (or COURIER_PROTOC), which compiles the test's .proto file.
    static var hasProtoc: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment["COURIER_PROTOC"] { return FileManager.default.isExecutableFile(atPath: named) }
        return (environment["PATH"] ?? "").split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/protoc") }
    }

    @Test func theMessageTabChecksTheMessageByTheMethodsSchema() async throws {
        guard Self.hasProtoc else {
            print("skipping: no protoc (apt-get install protobuf-compiler, or scripts/test-servers-bootstrap.sh)")
            try Test.cancel("no protoc")
        }
        try await AppHarness.run(editing: { $0.replacingOccurrences(of: "\nrequests:\n", with: "\nrequests:\n" + Self.calls) }) { app in
            try FileManager.default.copyItem(atPath: repositoryRoot + "/Tests/Fixtures/grpc/places.proto", toPath: app.directory + "/places.proto")
            app.select(.request("bad-call"))
            app.press(.character("2"), .character("]"), .character("]"))
            let before = app.screen
            #expect(before.contains("Metadata") && before.contains("Message"), "\(before)")
            #expect(before.contains("The schema is not loaded yet"), "\(before)")
            #expect(before.contains("\"longitud\": 7"), "the message as JSON:\n\(before)")
            // Sending loads the schema, then refuses the message before any call.
            app.press(.character("1"), .enter)
            try await app.settle("bad-call refused") { app.model.session.exchanges["bad-call"]?.stoppedAt != nil }
            app.press(.character("2"))
            let refused = app.screen
            #expect(refused.contains(#"message field longitud: no field "longitud" in courier.demo.Point"#), "\(refused)")
            #expect(refused.contains("demo.yaml:38:"), "the line it is written on:\n\(refused)")
            // The other call on the same schema is checked too.
            app.select(.request("good-call"))
            app.press(.character("2"))
            let good = app.screen
            #expect(good.contains("✓ a courier.demo.Point by the schema"), "\(good)")
            #expect(good.contains("gRPC    http://127.0.0.1:9/courier.demo.Places/GetPlace"), "\(good)")
            app.press(.character("["), .character("["))
            #expect(app.screen.contains("x-tenant  acme"), "\(app.screen)")
            // Its server and method are in grpc:, not on the URL line.
            app.press(.character("u"))
            #expect(app.screen.contains("a gRPC call's server, service and method are in its grpc:"), "\(app.screen)")
            #expect(app.model.session.drafts.isEmpty)
        }
    }
}
