import Courier
import Foundation
import Testing

/// Network faults, each with its error family and code, its callbacks exactly once, nothing
/// left in the agent's record table, and the agent still serving afterwards.
@Suite struct FaultMatrixTests {
    /// Sends `request` (on `bed`'s agent), expects one failure with `code`, then checks that
    /// no other callback follows, the table is empty, and a normal request still succeeds.
    private func expectFault(_ request: ConfigurableRequest, _ code: RequestError.Code, bed: TestBed,
                             message: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let log = EventLog()
        request.agent = bed.agent
        request.start(success: { _ in log.record("success") }, failure: { _ in log.record("failure") })
        await log.waitForEvents(1)
        #expect(request.error?.family == .transport, sourceLocation: sourceLocation)
        #expect(request.error?.code == code, "\(request.error.map { "\($0) curl \($0.curlCode ?? 0)" } ?? "no error")", sourceLocation: sourceLocation)
        if let message {
            #expect(request.error?.message.contains(message) == true, "\(request.error?.message ?? "")", sourceLocation: sourceLocation)
        }
        let after = try await bed.request("/get").run()
        #expect(after.responseStatusCode == 200, "the agent still serves", sourceLocation: sourceLocation)
        #expect(log.events == ["failure"], "one callback, and only one", sourceLocation: sourceLocation)
        #expect(bed.agent.records().isEmpty, "nothing left in the table", sourceLocation: sourceLocation)
    }

    private func withFaultServer(_ behaviour: FaultServer.Behaviour, _ body: (FaultServer) async throws -> Void) async throws {
        let server = try FaultServer(behaviour)
        defer { server.stop() }
        try await body(server)
    }

    @Test func refused() async throws {
        try await withTestBed { bed in
            let server = try FaultServer(.silent)
            let port = server.port
            server.stop()
            try await expectFault(ConfigurableRequest("http://127.0.0.1:\(port)/x"), .cannotConnectToHost, bed: bed)
        }
    }

    @Test func aServerThatAcceptsAndNeverAnswersTimesOut() async throws {
        try await withTestBed { bed in
            try await withFaultServer(.silent) { server in
                let request = ConfigurableRequest(server.url + "/x")
                request.definition.timeoutInterval = 0.3
                try await expectFault(request, .timedOut, bed: bed, message: "No data for")
            }
        }
    }

    @Test func aSlowBodyPastTheIdleTimeoutTimesOut() async throws {
        try await withTestBed { bed in
            let request = bed.request("/drip", arguments: ["bytes": 4, "duration": 8]) { $0.timeoutInterval = 0.5 }
            try await expectFault(request, .timedOut, bed: bed)
        }
    }

    @Test func aSteadyBodyPastTheDeadlineFails() async throws {
        try await withTestBed { bed in
            // Bytes every 50 ms never trip the idle timeout; the deadline of 0.5 s does.
            let request = bed.request("/drip", arguments: ["bytes": 100, "duration": 5]) {
                $0.deadline = 0.5
                $0.timeoutInterval = 2
            }
            try await expectFault(request, .timedOut, bed: bed, message: "the request's deadline")
            #expect((request.metrics?.total ?? 10) < 2, "stopped at the deadline, long before the body's end")
        }
    }

    @Test func aServerThatClosesAfterItsHeaders() async throws {
        try await withTestBed { bed in
            try await withFaultServer(.closeAfterHeaders) { server in
                try await expectFault(ConfigurableRequest(server.url + "/x"), .networkConnectionLost, bed: bed)
            }
        }
    }

    @Test func aResetInTheMiddleOfTheBody() async throws {
        try await withTestBed { bed in
            try await withFaultServer(.resetMidBody) { server in
                try await expectFault(ConfigurableRequest(server.url + "/x"), .networkConnectionLost, bed: bed)
            }
        }
    }

    @Test func aDropInTheMiddleOfTheBody() async throws {
        try await withTestBed { bed in
            try await expectFault(bed.request("/drop", arguments: ["after": 1000]), .networkConnectionLost, bed: bed)
        }
    }

    @Test func oversizedHeaders() async throws {
        try await withTestBed { bed in
            try await withFaultServer(.oversizedHeaders(bytes: 400_000)) { server in
                try await expectFault(ConfigurableRequest(server.url + "/x"), .badServerResponse, bed: bed)
            }
        }
    }

    /// Many ordinary lines past libcurl's 300 KB cap on a header block: the server's fault
    /// (−1011), not a lost connection (libcurl says CURLE_RECV_ERROR).
    @Test func aHeaderBlockOfManyLines() async throws {
        try await withTestBed { bed in
            try await withFaultServer(.manyHeaderLines(count: 10_000)) { server in
                try await expectFault(ConfigurableRequest(server.url + "/x"), .badServerResponse, bed: bed,
                                      message: "larger than libcurl accepts")
            }
        }
    }

    /// A URL past the megabyte libcurl builds a request in fails as what it is, not as a
    /// response problem (libcurl says "out of memory", as it does for huge response headers).
    @Test func aMegabyteURL() async throws {
        try await withTestBed { bed in
            let request = ConfigurableRequest(bed.server.baseURL + "/anything/" + String(repeating: "a", count: 1_100_000))
            request.agent = bed.agent
            await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(request.error?.code, .badURL)
            #expect(request.error?.message.contains("response headers") == false, "\(request.error.map(String.init(describing:)) ?? "")")
            #expect(request.error?.message.contains("URL") == true, "\(request.error.map(String.init(describing:)) ?? "")")
        }
    }

    @Test func aRedirectLoop() async throws {
        try await withTestBed { bed in
            try await withFaultServer(.redirectLoop) { server in
                try await expectFault(ConfigurableRequest(server.url + "/loop"), .tooManyRedirects, bed: bed)
            }
        }
    }

    @Test func bytesThatAreNotHTTP() async throws {
        try await withTestBed { bed in
            try await withFaultServer(.garbage) { server in
                try await expectFault(ConfigurableRequest(server.url + "/x"), .badServerResponse, bed: bed)
            }
        }
    }

    @Test func aTLSHandshakeWithAPlainHTTPServer() async throws {
        try await withTestBed { bed in
            let https = bed.server.baseURL.replacingOccurrences(of: "http://", with: "https://")
            try await expectFault(ConfigurableRequest(https + "/get"), .secureConnectionFailed, bed: bed)
        }
    }
}
