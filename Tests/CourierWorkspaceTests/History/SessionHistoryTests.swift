import Courier
import CourierDemoServer
import Foundation
import Testing
@testable import CourierHistory
@testable import CourierRunner
@testable import CourierWorkspace

/// Streams in the history, against the demo server's `/ws` and `/sse`: a WebSocket session's
/// transcript is recorded both ways (bounded, redacted), exported to HAR as Chrome exports
/// one and replayed by `courier run --offline`; a server-sent event stream keeps its text,
/// exported as HAR content and replayed as events. (The History tab's view of them is
/// WorkbenchTests' SessionHistoryTests.)
@Suite struct SessionHistoryTests {
    private static let secretSession = """
        variables: {apiKey: ws-key-5521}
        requests:
          echo:
            url: "{{demoWS}}/ws"
            sensitive: ["{{apiKey}}"]
            messages:
              - send: "hello"
              - expect: data == "hello"
              - send: {type: subscribe, token: tok-json-8830}
              - expect: $.type == "ack"
              - send: "key {{apiKey}} here"
              - {wait: 0.2}
              - binary: AAEC/w==
              - {wait: 0.2}
              - close: {code: 4000, reason: done}
        """

    @Test func aWebSocketSessionIsRecordedBothWaysAndRedacted() async throws {
        try await withWebSocketDemoServer { server in
            let state = temporaryDirectory("courier-state")
            let done = await recordedRun(writeWorkspace(Self.secretSession), ["echo"], server: server, state: state)
            #expect(done.status == 0, "\(done.output) \(done.errors)")
            let exchange = try #require(try HistoryStore(stateDirectory: state).exchangesWithBodies().first)
            let transcript = try #require(exchange.transcript, "the session's messages are recorded")
            expectEqual(transcript.dropped, 0)
            let rows = transcript.messages.map { ($0.direction, $0.name, String(decoding: $0.data, as: UTF8.self)) }
            #expect(rows.contains { $0.0 == .received && $0.2.contains("\"welcome\"") }, "\(rows)")
            #expect(rows.contains { $0 == (.sent, "text", "hello") } && rows.contains { $0 == (.received, "text", "hello") }, "\(rows)")
            #expect(rows.contains { $0.0 == .sent && $0.1 == "binary" } && rows.contains { $0.0 == .received && $0.1 == "binary" })
            #expect(transcript.messages.first { $0.name == "binary" }?.data == Data([0, 1, 2, 255]))
            #expect(rows.contains { $0 == (.sent, "close", "4000 done") }, "\(rows)")
            expectEqual(transcript.messages.map(\.sequence), Array(1...transcript.messages.count))
            #expect(zip(transcript.messages, transcript.messages.dropFirst()).allSatisfy { $0.elapsed <= $1.elapsed && $0.time <= $1.time })
            let now = Date().timeIntervalSince1970
            #expect(transcript.messages.allSatisfy { $0.time > now - 120 && $0.time <= now }, "times are dates")
            // What is secret — a sensitive variable's value, a secret-named JSON key's — is not
            // in the transcript, either way, nor anywhere in the database or in HAR.
            let sent = try #require(rows.first { $0.0 == .sent && $0.2.hasPrefix("key ") })
            expectEqual(sent.2, "key \(Redaction.placeholder) here")
            #expect(rows.contains { $0.0 == .received && $0.2 == "key \(Redaction.placeholder) here" }, "the echo too: \(rows)")
            #expect(rows.contains { $0.0 == .sent && $0.2.contains("\"subscribe\"") && $0.2.contains(Redaction.placeholder) }, "\(rows)")
            let har = String(decoding: HARExport.text([exchange]), as: UTF8.self)
            var sinks = ["HAR": har]
            for file in try FileManager.default.contentsOfDirectory(atPath: state) where file.hasPrefix("history") {
                sinks[file] = String(decoding: try Data(contentsOf: URL(fileURLWithPath: state + "/" + file)), as: UTF8.self)
            }
            // On disk the database is its file and its write-ahead log (a committed row may not
            // be checkpointed yet).
            let database = (sinks["history.sqlite"] ?? "") + (sinks["history.sqlite-wal"] ?? "")
            #expect(database.contains("\"subscribe\""), "the transcript is readable text in the database")
            for (sink, text) in sinks {
                for secret in ["ws-key-5521", "tok-json-8830"] { #expect(!text.contains(secret), "\(sink): \(secret)") }
            }
            let mode = try FileManager.default.attributesOfItem(atPath: state + "/history.sqlite")[.posixPermissions] as? Int
            expectEqual(mode, 0o600)
        }
    }

    @Test func aLongSessionKeepsItsNewestMessagesWithinTheBodyLimitAndSaysHowManyWentBefore() async throws {
        try await withWebSocketDemoServer { server in
            let state = temporaryDirectory("courier-state")
            let chunk = String(repeating: "x", count: 60)
            let steps = (1...6).map { "      - send: \"\($0)\(chunk)\"\n      - expect: 'data == \"\($0)\(chunk)\"'" }.joined(separator: "\n")
            let path = writeWorkspace("""
                config: {history: {bodyBytes: 200}}
                requests:
                  long:
                    url: "{{demoWS}}/ws"
                    messages:
                \(steps)
                """)
            let done = await recordedRun(path, ["long"], server: server, state: state)
            #expect(done.status == 0, "\(done.output) \(done.errors)")
            let transcript = try #require(try HistoryStore(stateDirectory: state).exchangesWithBodies().first?.transcript)
            // welcome + 6 sent + 6 echoed + the closes: only the newest that fit in 200 bytes.
            #expect(transcript.messages.reduce(0) { $0 + $1.data.count } <= 200)
            #expect(transcript.messages.count >= 3 && transcript.messages.count <= 6, "\(transcript.messages.map(\.name))")
            #expect(transcript.dropped + transcript.messages.count >= 14, "\(transcript.dropped)")
            expectEqual(transcript.messages.last?.name, "close")
            #expect(transcript.messages.contains { String(decoding: $0.data, as: UTF8.self) == "6\(chunk)" })
            expectEqual(transcript.lines.first, "… \(transcript.dropped) earlier messages were not kept (the history keeps the newest)")
        }
    }

    @Test func theMessageCountIsBoundedToo() throws {
        let events = (1...5).map { index in
            var event = StreamEvent.message(Data("m\(index)".utf8), direction: index.isMultiple(of: 2) ? .received : .sent, name: "text")
            event.sequence = index + 10
            event.elapsed = Double(index) / 10
            return event
        }
        let transcript = try #require(HistoryTranscript(events: events, total: 15, messageLimit: 2, byteLimit: 1 << 20,
                                                         scope: VariableScope(variables: [:])))
        #expect(transcript.messages.map { String(decoding: $0.data, as: UTF8.self) } == ["m4", "m5"])
        expectEqual(transcript.dropped, 13)
        #expect(transcript.lines == ["… 13 earlier messages were not kept (the history keeps the newest)",
                                     "←  +0.400 s  text  m4", "→  +0.500 s  text  m5"])
        expectEqual(HistoryTranscript(events: [], total: 0, messageLimit: 2, byteLimit: 10, scope: VariableScope(variables: [:])), nil)
    }

    /// A gRPC call's messages keep their JSON (by the method's schema), redacted as a JSON
    /// body; their protobuf bytes stay unless the JSON had a secret to hide.
    @Test func aCallsMessagesKeepTheirJSONAndTheirBytesUnlessASecretIsInThem() throws {
        let plain = Data([0x12, 0x02, 0x68, 0x69]), secret = Data([0x0A, 0x03, 0x61, 0x62, 0x63])
        let events = [StreamEvent.message(plain, direction: .sent, name: "message"), StreamEvent.message(secret, direction: .received, name: "message")]
        let json: (Data, Bool) -> JSONValue? = { data, sent in
            data == plain ? .object(["message": .string("hi")]) : .object(["password": .string("abc"), "sent": .bool(sent)])
        }
        let transcript = try #require(HistoryTranscript(events: events, total: 2, messageLimit: 10, byteLimit: 1 << 20,
                                                         scope: VariableScope(variables: [:]), json: json))
        #expect(transcript.messages.map(\.json) == [#"{"message":"hi"}"#, #"{"password":"\#(Redaction.placeholder)","sent":false}"#])
        #expect(transcript.messages.map(\.data) == [plain, Data()], "the bytes with a secret in them are not kept")
        let allBinary = transcript.messages.allSatisfy { $0.isBinary }
        #expect(allBinary)
        #expect(transcript.lines.last?.hasSuffix(#"message  {"password":"\#(Redaction.placeholder)","sent":false}"#) == true, "\(transcript.lines)")
        // Stored and read back, the JSON and the bytes stay as they were.
        let coded = try JSONDecoder().decode(HistoryTranscript.self, from: JSONEncoder().encode(transcript))
        expectEqual(coded, transcript)
        #expect(String(decoding: transcript.body, as: UTF8.self).hasPrefix(#"> message {"message":"hi"}"#))
    }

    @Test func harCarriesTheMessagesAsChromeExportsThem() async throws {
        try await withWebSocketDemoServer { server in
            let state = temporaryDirectory("courier-state")
            let done = await recordedRun(repositoryRoot + "/workspaces/demo.yaml", ["ws-echo", "ticker"], server: server, state: state)
            #expect(done.status == 0, "\(done.output) \(done.errors)")
            let file = state + "/run.har"
            try HARExport.write(from: try HistoryStore(stateDirectory: state), query: HistoryQuery(), to: file)
            let har = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
            let entries = try #require((har?["log"] as? [String: Any])?["entries"] as? [[String: Any]])
            let session = try #require(entries.first { ($0["request"] as? [String: Any])?["url"] as? String == server.baseURL.replacingOccurrences(of: "http:", with: "ws:") + "/ws" })
            expectEqual(session["_resourceType"] as? String, "websocket")
            expectEqual((session["response"] as? [String: Any])?["status"] as? Int, 101)
            let messages = try #require(session["_webSocketMessages"] as? [[String: Any]])
            for message in messages {
                #expect(Set(message.keys) == ["type", "time", "opcode", "data"], "\(message)")
                #expect(["send", "receive"].contains(message["type"] as? String))
                #expect(message["time"] is Double && message["data"] is String)
            }
            #expect(messages.contains { $0["type"] as? String == "send" && $0["opcode"] as? Int == 1 && $0["data"] as? String == "hello" })
            #expect(messages.contains { $0["type"] as? String == "receive" && $0["opcode"] as? Int == 1 && $0["data"] as? String == "hello" })
            // Binary data in base64, as Chrome writes it.
            #expect(messages.contains { $0["type"] as? String == "send" && $0["opcode"] as? Int == 2 && $0["data"] as? String == "AAEC/w==" }, "\(messages)")
            #expect(messages.contains { $0["opcode"] as? Int == 8 && $0["data"] as? String == "4000 done" })
            let times = messages.compactMap { $0["time"] as? Double }
            #expect(times == times.sorted() && times.first.map { abs($0 - Date().timeIntervalSince1970) < 120 } == true, "\(times)")
            // A server-sent event stream: its text is the response's content, with its type.
            let ticker = try #require(entries.first { (($0["request"] as? [String: Any])?["url"] as? String)?.hasPrefix(server.baseURL + "/sse?count=20&rate=10") == true },
                                      "\(entries.map { ($0["request"] as? [String: Any])?["url"] ?? "" })")
            #expect(ticker["_webSocketMessages"] == nil && ticker["_resourceType"] == nil)
            let content = try #require((ticker["response"] as? [String: Any])?["content"] as? [String: Any])
            #expect((content["mimeType"] as? String)?.hasPrefix("text/event-stream") == true, "\(content)")
            #expect((content["text"] as? String)?.contains("event: tick\nid: 1\ndata: {\"n\":1,") == true, "\(content)")
        }
    }

    /// The offline run prints the live run's transcript line for line, from the history.
    @Test func offlineReplayPrintsTheRecordedTranscript() async throws {
        try await withWebSocketDemoServer { server in
            let state = temporaryDirectory("courier-state")
            let demo = repositoryRoot + "/workspaces/demo.yaml"
            let live = await recordedRun(demo, ["ws-echo", "ticker"], server: server, state: state)
            #expect(live.status == 0, "\(live.output) \(live.errors)")
            let offline = await recordedRun(demo, ["ws-echo", "ticker"], server: server, state: state, offline: true)
            #expect(offline.status == 0, "\(offline.output) \(offline.errors)")
            let liveSession = live.output.filter { $0.hasPrefix("  ws-echo  #") }
            let replayedSession = offline.output.filter { $0.hasPrefix("  ws-echo  #") }
            #expect(liveSession.contains { $0.contains("  →  text  hello") } && liveSession.contains { $0.contains("  ←  binary  4 bytes: 00 01 02 ff") })
            expectEqual(replayedSession, liveSession)
            let result = try #require(offline.output.first { $0.hasPrefix("  ✓ ws-echo  ") }, "\(offline.output)")
            #expect(result.contains("(from history #") && result.contains("streamed \(liveSession.count) messages"), "\(result)")
            // A server-sent event stream replays its events (numbered again, timed by the replay).
            let liveTicks = live.output.filter { $0.hasPrefix("  ticker  #") }.map(Self.withoutTime)
            let replayedTicks = offline.output.filter { $0.hasPrefix("  ticker  #") }.map(Self.withoutTime)
            #expect(liveTicks.count == 20 && replayedTicks == liveTicks, "\(replayedTicks)")
            #expect(offline.output.contains { $0.hasPrefix("  ✓ ticker  ") && $0.contains("(from history #") })
            // --json: each replayed message with its direction.
            let json = await recordedRun(demo, ["ws-echo"], server: server, state: state, offline: true, json: true)
            let events = try jsonLines(json.output).filter { $0["type"] as? String == "event" }
            expectEqual(events.count, liveSession.count)
            #expect(Set(events.compactMap { $0["direction"] as? String }) == ["sent", "received"])
        }
    }

    private static func withoutTime(_ line: String) -> String {
        line.components(separatedBy: "  ").enumerated().filter { $0.offset != 3 }.map(\.element).joined(separator: "  ")
    }
}
