import Courier
import Foundation
import Testing

/// A server that answers a call before reading it, and resets the stream (NO_ERROR) in the
/// same write (EarlyAnswerServer), as grpcio does for a method it lacks when the client is
/// slow to send its message (seen under TSan: GRPCCallTests' UNIMPLEMENTED test). libcurl 7.88
/// drops such an answer when its reads fall a certain way; the call then ends as
/// GRPCStatus.answerLost — INTERNAL, saying why — never as a bare transport error or "no HTTP
/// response".
struct EarlyAnswerTests {
    private static func call(_ server: EarlyAnswerServer, messages: [Data], keepsSending: Bool = false) -> ConfigurableRequest {
        var definition = ConfigurableRequest.Definition()
        definition.requestURL = "http://127.0.0.1:\(server.port)/courier.demo.Places/Nope"
        definition.grpc = GRPCCallSettings(messages: messages, keepsSending: keepsSending)
        definition.deadline = 20  // a call libcurl never ended would fail the test, not hang it
        let request = ConfigurableRequest(definition)
        request.agent = NetworkAgent(config: NetworkConfig())
        return request
    }

    /// How a call to the server ended: its own status, or the answer lost — anything else
    /// (a transport error, "no HTTP response") is what this suite is here to rule out.
    private static func outcome(of request: ConfigurableRequest) -> String {
        if request.grpcStatus == .answerLost, request.error?.message.hasPrefix("INTERNAL (13): the server closed the call") == true {
            return "lost"
        }
        if request.grpcStatus == GRPCStatus(code: .unimplemented, message: "no such method") { return "answered" }
        return "\(String(describing: request.error))"
    }

    @Test func unaryCallsTheServerAnswersBeforeReadingEndWithItsStatusOrAsAnswerLost() async throws {
        let server = try EarlyAnswerServer()
        defer { server.stop() }
        // Whether libcurl drops the answer depends on how its reads fall: twenty calls see
        // both outcomes in most runs (counted in the output), and each must be one of them.
        var seen: [String: Int] = [:]
        for _ in 0..<20 {
            let request = Self.call(server, messages: [Data([8, 1])])
            await #expect(throws: RequestError.self) { try await request.run() }
            seen[Self.outcome(of: request), default: 0] += 1
        }
        print("EarlyAnswerTests unary outcomes: \(seen)")
        #expect(Set(seen.keys).isSubset(of: ["answered", "lost"]), "\(seen)")
    }

    @Test func anOpenCallTheServerAnswersBeforeReadingEndsOnceTheReaderGoesOn() async throws {
        let server = try EarlyAnswerServer()
        defer { server.stop() }
        // The message goes through the read callback, then the upload pauses for the reader.
        // When libcurl dropped the answer it learns nothing of the stream's end until it sends
        // again: the call ends when the reader sends or half-closes (here) — or at its deadline.
        var seen: [String: Int] = [:]
        for _ in 0..<5 {
            let request = Self.call(server, messages: [Data([8, 1])], keepsSending: true)
            do {
                for try await event in request.events() where event.direction == .sent {
                    request.finishSending()
                }
            } catch {}  // the call's error, judged below
            seen[Self.outcome(of: request), default: 0] += 1
        }
        print("EarlyAnswerTests open-call outcomes: \(seen)")
        #expect(Set(seen.keys).isSubset(of: ["answered", "lost"]), "\(seen)")
    }
}
