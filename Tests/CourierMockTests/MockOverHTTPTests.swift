import Courier
import CourierMock
import CourierWorkspace
import Foundation
import Testing

/// The mock on HTTP, called by clients nobody here wrote: Python's `requests`, every answer
/// validated by `openapi-core` against the OpenAPI document it was made from.
@Suite struct MockOverHTTPTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path + "/Fixtures/mock"
    static let workspace = """
        requests:
          listPets: {url: "{{base}}/pets"}
          getPet:
            url: "{{base}}/pets/{{petId}}"
            mock: {delay: 150ms}
          addPet: {method: POST, url: "{{base}}/pets", body: {json: {name: Rex}}}
        variables: {base: "http://localhost", petId: "1"}
        """

    private func checkWithOpenAPICore(transport: MockServer.Transport) async throws -> [JSONValue] {
        let python = try venvPython(importing: "requests, openapi_core")
        let document = Self.fixtures + "/petstore.yaml"
        let service = try mockService(Self.workspace) { $0.openAPIFile = document }
        let server = try await MockServer.start(service, transport: transport)
        var arguments = [Self.fixtures + "/check_with_openapi_core.py", server.baseURL, document]
        if let caFile = server.caFile { arguments.append(caFile) }
        // Off the concurrency pool: the mock's responder runs there, and a process waited for
        // on it could starve the server it calls.
        let result = try await ChildProcess.finish([python] + arguments, discardingErrors: true)
        await server.stop()
        #expect(result.status == 0, "\(result.output)")
        return try #require(JSONValue(parsing: Data(result.output.utf8))["calls"]?.arrayValue)
    }

    @Test func everyAnswerMadeFromTheDocumentValidatesWithOpenAPICore() async throws {
        let calls = try await checkWithOpenAPICore(transport: .http1)
        #expect(calls.count == 10)
        for call in calls.dropLast() {
            #expect(call["valid"] == .bool(true), "\(call["method"]!) \(call["path"]!): \(call["error"]!) — \(call["body"]!)")
        }
        func body(_ index: Int) -> JSONValue? { calls[index]["body"]?.stringValue.flatMap { try? JSONValue(parsing: Data($0.utf8)) } }
        #expect(calls.map { $0["status"]?.intValue } == [200, 200, 200, 200, 404, 201, 422, 200, 204, 404])
        #expect(body(0)?.arrayValue?.count == 2)                 // minItems: 2, made from the schema
        #expect(body(2)?["name"] == "Rex")                        // the first example by name
        #expect(body(3)?["name"] == "Tom")                        // Prefer: example=tom
        #expect(body(4)?["title"] == "Not found")                 // Prefer: code=404, a $ref'd response's example
        #expect(body(9)?["routes"]?.arrayValue?.contains("GET /pets/{petId}") == true)
        // getPet's mock: block only delays: the document answers, 150 ms later.
        for index in [2, 3, 4] {
            let elapsed = try #require(calls[index]["elapsed_ms"]?.doubleValue)
            #expect(elapsed >= 150, "\(calls[index]["path"]!): \(elapsed) ms")
        }
    }

    @Test func overTLSWithTheCAItMade() async throws {
        let calls = try await checkWithOpenAPICore(transport: .tls)
        #expect(calls.count == 10)
        #expect(calls.dropLast().allSatisfy { $0["valid"] == .bool(true) })
    }

    /// libcurl over HTTP/2 (TLS by ALPN, and without TLS by prior knowledge).
    @Test(arguments: [MockServer.Transport.tls, .http2])
    func http2ByLibcurl(transport: MockServer.Transport) async throws {
        let service = try mockService(Self.workspace) { $0.openAPIFile = Self.fixtures + "/petstore.yaml" }
        let server = try await MockServer.start(service, transport: transport)
        var arguments = ["curl", "-sS", "-o", "/dev/null", "-w", "%{http_version} %{response_code}"]
        arguments += transport == .tls ? ["--http2", "--cacert", try #require(server.caFile)] : ["--http2-prior-knowledge"]
        arguments.append(server.baseURL + "/pets/7")
        let result = try await ChildProcess.finish(["/usr/bin/curl"] + arguments.dropFirst(), discardingErrors: true)
        await server.stop()
        #expect(result.output == "2 200", "\(result.status)")
    }
}
