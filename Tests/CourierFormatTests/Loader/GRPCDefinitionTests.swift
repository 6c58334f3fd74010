import Courier
import Foundation
import Testing
@testable import CourierFormat
@testable import CourierFormatCore

/// `grpc:` requests as the loader reads them: the call's URL and method, the schema source,
/// the message with where each field was written, metadata and the script — and what a call
/// has no use for, or writes wrongly, as errors at the key.
@Suite("gRPC requests in a workspace")
struct GRPCDefinitionTests {
    @Test func aCallReadsItsTargetSchemaMessageMetadataAndScript() throws {
        let workspace = try parseWorkspace("""
            variables: {places: "http://127.0.0.1:50051"}
            requests:
              chat:
                grpc:
                  target: "{{places}}"
                  service: courier.demo.Places
                  method: Chat
                  proto: [protos/places.proto]
                  importPaths: [protos]
                  compression: gzip
                message:
                  location: {latitude: 1}
                  message: hi
                metadata: {x-tenant: acme, x-trace-bin: AAEC}
                messages:
                  - send: {message: again}
                  - {expect: '$.message == "echo: again"', timeout: 2}
                  - wait: 0.5
                  - close
            """)
        let request = try #require(workspace.requests["chat"])
        let call = try #require(request.grpc)
        #expect(request.url == "{{places}}/courier.demo.Places/Chat")
        expectEqual(request.method, .post)
        expectEqual(call.schema, .protos(files: ["protos/places.proto"], importPaths: ["protos"]))
        expectEqual(call.compression, .gzip)
        expectEqual(call.message?.json, ["location": ["latitude": 1], "message": "hi"])
        expectEqual(call.message?.location(of: "$.location.latitude")?.description, "test.yaml:12:18")
        expectEqual(call.message?.location(of: "$.location.latitude")?.line, 12)
        expectEqual(call.message?.location(of: "$.message")?.line, 13)
        #expect(call.message?.location(of: "$.nowhere.deep")?.line == 12, "an unknown path: the nearest value holding it, the message")
        expectEqual(call.metadata.map(\.key), ["x-tenant", "x-trace-bin"])
        expectEqual(call.steps.count, 4)
        if case .expect(let condition, let timeout) = call.steps[1] {
            #expect(condition.text == "$.message == \"echo: again\"" && timeout == 2)
        } else {
            Issue.record("the second step is not an expect: \(call.steps[1])")
        }
        expectEqual(call.steps[3], .close)
        expectEqual(call.url(target: "127.0.0.1:50051"), "https://127.0.0.1:50051/courier.demo.Places/Chat")
    }

    @Test func withoutASchemaNamedReflectionIsAskedAndHostPortGoesPlainWhenSaid() throws {
        let workspace = try parseWorkspace("""
            requests:
              get:
                grpc: {target: "localhost:50051", service: a.B, method: C, plaintext: true}
            """)
        let call = try #require(workspace.requests["get"]?.grpc)
        expectEqual(call.schema, .reflection)
        expectEqual(call.url(target: call.target), "http://localhost:50051/a.B/C")
        #expect(call.message == nil && call.steps.isEmpty)
    }

    @Test(arguments: [
        ("grpc: {target: x, service: a.B, method: C}\n    url: /x", "4:10: error: requests.r.url: not for a gRPC request (its server is grpc.target)"),
        ("grpc: {target: x, service: a.B, method: C}\n    body: {json: {}}", "4:11: error: requests.r.body: not for a gRPC request (it sends message: or messages:)"),
        ("grpc: {target: x, service: a.B, method: a.B.C}", "3:45: error: requests.r.grpc.method: a method's name alone (\"a.B.C\" has a . or /); the service goes in service:"),
        ("grpc: {target: x, service: a.B, method: C, proto: a.proto, reflection: true}",
         "3:76: error: requests.r.grpc.reflection: one schema source: proto, descriptorSet or reflection (found proto and reflection)"),
        ("grpc: {target: x, service: a.B, method: C, compression: br}", "3:61: error: requests.r.grpc.compression: unknown compression \"br\" (expected gzip)"),
        ("grpc: {target: x, service: a.B, method: C}\n    message: [1]", "4:14: error: requests.r.message: expected a message: a mapping of its fields (proto3 JSON), found a list"),
        ("grpc: {target: x, service: a.B, method: C}\n    messages: [{ping: x}]", "4:17: error: requests.r.messages[0]: unknown key \"ping\" (expected one of: send, expect, wait, close, timeout)"),
        ("url: /x\n    message: {a: 1}", "4:14: error: requests.r.message: only a gRPC request (one with grpc:) has it"),
        ("grpc: {service: a.B, method: C}", "3:11: error: requests.r.grpc: missing key \"target\""),
    ])
    func whatACallCannotHaveIsAnErrorAtTheKey(body: String, expected: String) {
        let error = parseError("requests:\n  r:\n    \(body)\n")
        #expect(error?.description.hasPrefix("test.yaml:" + expected) == true, "\(error?.description ?? "no error")")
    }
}
