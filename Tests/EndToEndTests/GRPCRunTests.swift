import Foundation
import Testing

extension CommandLineTests {
    /// A workspace's `grpc:` requests run by `courier run` against Python's grpcio: the four
    /// kinds of call, with their schema from reflection and from the .proto file; `expect:` on
    /// the status by name, trailers, the last message and the message count; a status a check
    /// expects (NOT_FOUND) as a success; a bidirectional script whose `expect:` steps wait for
    /// the server's answers; a capture from one call's answer sent by the next; and a message
    /// field the type lacks as an error at the field's line and column, before any call.
    @Test func workspaceGRPCRequestsRunWithTheirChecksScriptsAndCaptures() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let folder = sandbox.directory
        let proto = EndToEndTests.root + "/Tests/Fixtures/grpc/places.proto"
        let hasProtoc = FileManager.default.isExecutableFile(atPath: "/usr/bin/protoc")
            && FileManager.default.fileExists(atPath: "/usr/include/google/protobuf/duration.proto")
        if !hasProtoc { print("the .proto requests use reflection instead: no /usr/bin/protoc with libprotobuf-dev's include files") }
        try FileManager.default.copyItem(atPath: proto, toPath: folder + "/places.proto")
        let fromProto = hasProtoc ? ", proto: places.proto" : ""
        let workspace = folder + "/grpc.yaml"
        try """
            variables:
              places: "\(server.baseURL)"
              latitude: "1"
            requests:
              get-place:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: GetPlace}
                message: {latitude: 4, longitude: 7}
                metadata: {x-echo: hello}
                expect:
                  - status == OK
                  - $.name == "place 4,7"
                  - $.location.longitude == 7
                  - trailer x-echo-trailer == hello
              missing-place:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: GetPlace\(fromProto)}
                message: {latitude: 0, longitude: 3}
                expect: [status == NOT_FOUND, status == 5, 'trailer grpc-message == "no place at 0,3"']
              list-places:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: ListPlaces\(fromProto)}
                message: {limit: 4}
                expect: [messages == 4, $.name == "place 4"]
                stream: {expect: [$.name startsWith "place "]}
              record-trip:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: RecordTrip}
                messages:
                  - send: {latitude: 1, longitude: 1}
                  - send: {latitude: 3, longitude: 2}
                expect: [$.pointCount == 2, $.distance == "3"]
              chat:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: Chat}
                messages:
                  - send: {message: hi}
                  - expect: '$.message == "echo: hi"'
                  - send: {message: again}
                  - expect: '$.message == "echo: again"'
                expect: [messages == 2]
              chat-about:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: Chat}
                messages:
                  - send: {message: "{{placeName}}"}
                  - expect: '$.message == "echo: {{placeName}}"'
              chat-unanswered:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: Chat}
                messages:
                  - send: {message: hi}
                  - {expect: $.message == "never", timeout: 0.5}
              chat-ended-early:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: Chat}
                messages:
                  - send: {message: bye}
                  - expect: '$.message == "echo: bye"'
                  - send: {message: again}
                  - {expect: '$.message == "echo: again"', timeout: 30}
              bad-field:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: GetPlace}
                message:
                  latitude: "{{latitude}}"
                  longitud: 2
                  longitude: [3]
            chains:
              place-then-trip:
                steps:
                  - request: get-place
                    capture: {placeName: $.name}
                  - request: chat-about
              place-then-bad:
                steps:
                  - request: get-place
                  - request: bad-field
            """.write(toFile: workspace, atomically: true, encoding: .utf8)

        func courierRun(_ arguments: String...) async throws -> (status: Int32, output: String, errors: String) {
            try await courier(["run", workspace] + arguments + ["--no-history"], environment: sandbox.environment)
        }
        let run = try await courierRun("get-place", "missing-place", "list-places", "record-trip", "chat", "--json")
        let results = Self.results(run.output)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        for name in ["get-place", "missing-place", "list-places", "record-trip", "chat"] {
            #expect(results[name]?["ok"] as? Bool == true, "\(name): \(results[name] ?? [:])")
        }
        expectEqual(results["get-place"]?["grpcStatus"] as? String, "OK")
        expectEqual(results["missing-place"]?["grpcStatus"] as? String, "NOT_FOUND")
        expectEqual((results["list-places"]?["checks"] as? [[String: Any]])?.count, 3)

        // The chain's capture fills the chat's second message; the script waits for each answer.
        let chain = try await courierRun("place-then-trip")
        #expect(chain.status == 0, "\(chain.output)\(chain.errors)")
        #expect(chain.output.contains("←  message  {\"location\":{},\"message\":\"echo: place 4,7\"}"), "\(chain.output)")

        let unanswered = try await courierRun("chat-unanswered")
        expectEqual(unanswered.status, 1)
        #expect(unanswered.output.contains("messages[1]: expect $.message == \"never\": no message from the server met it within 0.5 s"),
                "\(unanswered.output)")

        // The server ends the call after "bye": the script's next steps cannot run, which fails
        // the call at once (not after the expect's 30 s). Debian's libcurl 7.88 loses the whole
        // answer of a stream the server ends while this side's upload is paused (waiting for the
        // script) — in some runs, not all — and the call then fails for that instead: "The
        // server sent no HTTP response".
        let ended = try await courierRun("chat-ended-early")
        expectEqual(ended.status, 1)
        withKnownIssue("libcurl 7.88 drops the answer of a call the server ends while the upload is paused", isIntermittent: true) {
            #expect(ended.output.contains("the call ended with 2 of its messages: steps not played")
                        || ended.output.contains("messages[3]: expect $.message == \"echo: again\": the call ended before a message met it"),
                    "\(ended.output)")
        }

        // Both of the message's problems are bad input, each at its line, before any call: the
        // chain's first step is not sent. The placeholder is left to the send.
        let bad = try await courierRun("place-then-bad")
        #expect(bad.status == 2, "\(bad.output)\(bad.errors)")
        #expect(!bad.output.contains("get-place"), "\(bad.output)")
        #expect(bad.errors.split(separator: "\n") == [
            "\(workspace):58:7: error: message field longitud: no field \"longitud\" in courier.demo.Point (latitude, longitude)",
            "\(workspace):59:7: error: message field longitude: an integer, not an array",
        ])
    }

    /// `courier run --json`'s request lines by request name.
    private static func results(_ output: String) -> [String: [String: Any]] {
        var results: [String: [String: Any]] = [:]
        for line in output.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let name = object["name"] as? String else { continue }
            results[name] = object
        }
        return results
    }
}
