import Foundation
import Testing

extension CommandLineTests {
    /// gRPC calls in the history, against Python's grpcio: kept with their messages as JSON
    /// and their status (`courier history`, `history show`), exported as HAR with the frames
    /// in base64 and the messages as JSON, and answered again offline — the server stopped —
    /// with the same status, messages and checks.
    @Test func grpcCallsAreKeptInTheHistoryExportedAsHARAndReplayedOffline() async throws {
        try await EndToEndTests.withGRPCWorkspace({ base in """
            variables:
              places: "\(base)"
            requests:
              get-place:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: GetPlace}
                message: {latitude: 4, longitude: 7}
                expect:
                  - status == OK
                  - $.name == "place 4,7"
              missing-place:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: GetPlace}
                message: {latitude: 0, longitude: 3}
                expect: [status == NOT_FOUND]
              chat:
                grpc: {target: "{{places}}", service: courier.demo.Places, method: Chat}
                messages:
                  - send: {message: hi}
                  - expect: '$.message == "echo: hi"'
            """ }) { server, sandbox, workspace in
            let environment = sandbox.environment
            let run = try await courier(["run", workspace, "get-place", "missing-place", "chat"], environment: environment)
            #expect(run.status == 0, "\(run.output)\(run.errors)")

            // The list says each call's status, not HTTP 200; `show` has the messages as JSON.
            let list = try await courier(["history", workspace], environment: environment)
            let lines = list.output.split(separator: "\n")
            #expect(lines.contains { $0.contains(" get-place ") && $0.contains("  OK  ") }, "\(list.output)")
            #expect(lines.contains { $0.contains(" missing-place ") && $0.contains("NOT_FOUND (5)") }, "\(list.output)")
            let chatID = try #require(lines.first { $0.contains(" chat ") }.flatMap { $0.split(separator: " ").first?.dropFirst() })
            let show = try await courier(["history", "show", String(chatID)], environment: environment)
            #expect(show.output.contains(#"> message {"message":"hi"}"#), "\(show.output)")
            #expect(show.output.contains(#"< message {"location":{},"message":"echo: hi"}"#), "\(show.output)")
            #expect(show.output.contains("grpc-status: 0"), "the trailers:\n\(show.output)")

            // HAR: the frames in base64 (the message "hi" is field 2, a string: 12 02 68 69), the
            // messages as JSON, the status.
            let har = sandbox.directory + "/calls.har"
            let export = try await courier(["history", workspace, "--har", har], environment: environment)
            #expect(export.status == 0, "\(export.errors)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: har))) as? [String: Any])
            let entries = try #require((document["log"] as? [String: Any])?["entries"] as? [[String: Any]])
            let chat = try #require(entries.first { ($0["comment"] as? String)?.contains("· chat") == true })
            expectEqual(chat["_resourceType"] as? String, "grpc")
            let postData = try #require((chat["request"] as? [String: Any])?["postData"] as? [String: Any])
            expectEqual(postData["mimeType"] as? String, "application/grpc")
            expectEqual(Data(base64Encoded: postData["text"] as? String ?? ""), Data([0, 0, 0, 0, 4, 0x12, 0x02, 0x68, 0x69]))
            #expect((postData["comment"] as? String)?.contains(#"{"message":"hi"}"#) == true, "\(postData)")
            let messages = try #require(chat["_grpcMessages"] as? [[String: Any]])
            #expect(messages.map { $0["type"] as? String } == ["send", "receive"])
            expectEqual(((messages.last?["json"] as? [String: Any])?["message"] as? String), "echo: hi")
            expectEqual((chat["_grpcStatus"] as? [String: Any])?["name"] as? String, "OK")
            let missing = try #require(entries.first { ($0["comment"] as? String)?.contains("· missing-place") == true })
            expectEqual((missing["_grpcStatus"] as? [String: Any])?["code"] as? Int, 5)

            // Offline, with the server gone: the same statuses, messages and checks.
            server.stop()
            let offline = try await courier(["run", workspace, "get-place", "missing-place", "chat", "--offline", "--no-history"],
                                            environment: environment)
            #expect(offline.status == 0, "\(offline.output)\(offline.errors)")
            #expect(offline.output.contains(#"←  message  {"location":{},"message":"echo: hi"}"#), "\(offline.output)")
            #expect(offline.output.split(separator: "\n").contains { $0.contains("✓ missing-place") && $0.contains("NOT_FOUND") },
                    "\(offline.output)")
            #expect(offline.output.split(separator: "\n").contains { $0.contains("✓ get-place") && $0.contains("2 checks passed") },
                    "\(offline.output)")
        }
    }
}
