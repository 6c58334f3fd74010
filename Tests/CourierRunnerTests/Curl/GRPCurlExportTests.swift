import Courier
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner
import Foundation
import Testing

/// Copy as curl on a `grpc:` request: a grpcurl command (curl cannot frame protobuf
/// messages), with the schema's files, TLS files, headers and metadata, the deadline and the
/// messages as JSON — its schema not loaded, as a copy is made before any send. Copy as code
/// refuses a call, saying so.
@Suite struct GRPCurlExportTests {
    static let workspace = """
        variables: {api: "http://127.0.0.1:50051", tenant: acme}
        requests:
          get-place:
            grpc: {target: "{{api}}", service: courier.demo.Places, method: GetPlace, proto: protos/places.proto}
            message: {latitude: 4, longitude: 7}
            metadata: {x-tenant: "{{tenant}}"}
            headers: {Authorization: Bearer abc}
            deadline: 2
          chat:
            grpc: {target: "https://h.example:8443", service: courier.demo.Places, method: Chat, descriptorSet: places.pb}
            tls: {caFile: ca.pem}
            messages:
              - send: {message: hi}
              - expect: '$.message == "echo: hi"'
              - send: {message: bye}
        """

    @Test func aCallIsCopiedAsAGrpcurlCommand() throws {
        let directory = temporaryDirectory("courier-grpcurl")
        let workspace = try Workspace.parse(yaml: Self.workspace, file: directory + "/grpc.yaml")
        let runner = try WorkspaceRunner(workspace: workspace, options: RunOptions())
        let place = try CurlExport.command(for: runner.makeRequest("get-place"))
        #expect(place == "grpcurl -plaintext -import-path \(directory)/protos -proto places.proto -H 'Authorization: Bearer abc' "
                    + #"-H 'x-tenant: acme' -max-time 2 -d '{"latitude":4,"longitude":7}' 127.0.0.1:50051 courier.demo.Places/GetPlace"#,
                "\(place)")
        let hidden = try CurlExport.command(for: runner.makeRequest("get-place"), hidingSecrets: true)
        #expect(!hidden.contains("Bearer abc") && hidden.contains("Authorization: "), "\(hidden)")
        let chat = try CurlExport.command(for: runner.makeRequest("chat"))
        // The CA file as the request's TLS has it (as libcurl is given it).
        #expect(chat == "grpcurl -cacert ca.pem -protoset \(directory)/places.pb "
                    + #"-d '{"message":"hi"} {"message":"bye"}' h.example:8443 courier.demo.Places/Chat"#, "\(chat)")
        #expect(throws: RequestError.self) { try CodeExport.program(for: runner.makeRequest("chat"), language: .python) }
    }
}
