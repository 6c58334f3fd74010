import Courier
import Foundation
import HTTPTypes
import Testing

/// gRPC calls through the engine (libcurl, HTTP/2) against Python's grpcio serving
/// Tests/Fixtures/grpc/places.proto: every call kind, the status from trailers and from a
/// trailers-only answer, deadlines, metadata both ways and gzip both ways. Messages are
/// hand-encoded protobuf here (the schema-aware codec is another module's). Serialized: each
/// test starts a Python server, and a dozen starting at once (each compiling the proto) took
/// both cores from the rest of a parallel run for seconds.
@Suite(.serialized) struct GRPCCallTests {
    /// Point(latitude, longitude) for small non-negative values and -1…-3 (ten-byte varints).
    static func point(_ latitude: Int32, _ longitude: Int32 = 0) -> Data {
        var bytes: [UInt8] = []
        for (tag, value) in [(UInt8(0x08), latitude), (0x10, longitude)] where value != 0 {
            bytes.append(tag)
            var raw = UInt64(bitPattern: Int64(value))
            repeat {
                bytes.append(UInt8(raw & 0x7F) | (raw > 0x7F ? 0x80 : 0))
                raw >>= 7
            } while raw > 0
        }
        return Data(bytes)
    }

    /// Note(location: Point(1, 1), message: text) for a text under 128 bytes.
    static func note(_ text: String) -> Data {
        Data([0x0A, 0x04, 0x08, 0x01, 0x10, 0x01, 0x12, UInt8(text.utf8.count)] + Array(text.utf8))
    }

    static func call(_ server: GRPCPlacesServer, _ method: String, _ settings: GRPCCallSettings,
                     _ configure: (inout ConfigurableRequest.Definition) -> Void = { _ in }) -> ConfigurableRequest {
        var definition = ConfigurableRequest.Definition()
        definition.requestURL = server.baseURL + "/courier.demo.Places/" + method
        definition.grpc = settings
        configure(&definition)
        let request = ConfigurableRequest(definition)
        request.agent = NetworkAgent(config: NetworkConfig())
        return request
    }

    @Test func aUnaryCallSendsItsMessageAndReadsTheAnswerAndTheStatusFromTheTrailers() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let request = Self.call(server, "GetPlace", GRPCCallSettings(messages: [Self.point(1, 2)]))
        try await request.run()
        expectEqual(request.grpcStatus?.code, .ok)
        expectEqual(request.error, nil)
        expectEqual(request.grpcMessages, [Data([0x0A, 0x09] + Array("place 1,2".utf8) + [0x12, 0x04, 0x08, 0x01, 0x10, 0x02])])
        expectEqual(request.responseTrailers[HTTPField.Name("grpc-status")!], "0")
        expectEqual(request.metrics?.httpVersion, "HTTP/2")
        let events = request.streamEvents
        expectEqual(events.map(\.direction), [.sent, .received])
        expectEqual(events.first?.data, Self.point(1, 2))
        expectEqual(request.streamState?.ended, true)
    }

    @Test func anImmediateErrorComesTrailersOnlyAndIsTheRequestsErrorWithItsName() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let request = Self.call(server, "GetPlace", GRPCCallSettings(messages: [Self.point(0, 5)]))
        await #expect(throws: RequestError.self) { try await request.run() }
        expectEqual(request.error?.family, .grpc)
        expectEqual(request.error?.code.rawValue, 5)
        expectEqual(request.error?.message, "NOT_FOUND (5): no place at 0,5")
        expectEqual(request.grpcStatus, GRPCStatus(code: .notFound, message: "no place at 0,5"))
        #expect(request.grpcMessages.isEmpty)
        #expect(request.responseTrailers.isEmpty, "trailers-only: the status is in the one header block")
    }

    @Test func theMessageIsPercentDecodedAndTheDetailsAreKept() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let wrong = Self.call(server, "GetPlace", GRPCCallSettings(messages: [Self.point(-2)]))
        await #expect(throws: RequestError.self) { try await wrong.run() }
        expectEqual(wrong.grpcStatus, GRPCStatus(code: .invalidArgument, message: "café 100% wrong"))
        let detailed = Self.call(server, "GetPlace", GRPCCallSettings(messages: [Self.point(-3)]))
        await #expect(throws: RequestError.self) { try await detailed.run() }
        expectEqual(detailed.grpcStatus?.code, .invalidArgument)
        // A google.rpc.Status: code 3, the message, and an Any naming google.rpc.BadRequest.
        let details = try #require(detailed.grpcStatus?.details)
        expectEqual(details.prefix(2), Data([0x08, 0x03]))
        #expect(String(decoding: details, as: UTF8.self).contains("type.googleapis.com/google.rpc.BadRequest"))
    }

    @Test func theDeadlineIsSentAsGRPCTimeoutAndEndsTheCallAsDeadlineExceeded() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let slow = Self.call(server, "GetPlace", GRPCCallSettings(messages: [Self.point(-1)])) { $0.deadline = 0.5 }
        await #expect(throws: RequestError.self) { try await slow.run() }
        expectEqual(slow.error?.family, .grpc)
        #expect(slow.grpcStatus?.code == .deadlineExceeded || slow.error?.code.rawValue == 4, "\(String(describing: slow.error))")
        // The server saw the deadline: it says how much of it was left.
        let timed = Self.call(server, "GetPlace", GRPCCallSettings(messages: [Self.point(1, 1)])) { $0.deadline = 30 }
        try await timed.run()
        let left = try #require(timed.responseTrailers[HTTPField.Name("x-time-remaining-ms")!].flatMap { Int($0) })
        #expect(left > 20_000 && left <= 30_000)
    }

    @Test func aServerStreamDeliversEachMessageAndAStatusAfterMessagesFailsTheCall() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let list = Self.call(server, "ListPlaces", GRPCCallSettings(messages: [Data([0x18, 0x04])]))
        var received: [Data] = []
        for try await event in list.events() where event.direction == .received { received.append(event.data) }
        expectEqual(received.count, 4)
        #expect(received.map { String(decoding: $0.dropFirst(2).prefix(7), as: UTF8.self) } == ["place 1", "place 2", "place 3", "place 4"])
        expectEqual(list.grpcStatus?.code, .ok)
        let tooMany = Self.call(server, "ListPlaces", GRPCCallSettings(messages: [Data([0x18, 0xD0, 0x0F])]))
        await #expect(throws: RequestError.self) { try await tooMany.run() }
        expectEqual(tooMany.grpcMessages.count, 2)
        expectEqual(tooMany.error?.message, "RESOURCE_EXHAUSTED (8): too many places")
    }

    @Test func aClientStreamTakesMessagesSentWhileItRunsUntilTheHalfClose() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let trip = Self.call(server, "RecordTrip", GRPCCallSettings(messages: [Self.point(1, 1)], keepsSending: true))
        #expect(trip.takesMessages)
        var directions: [StreamEvent.Direction?] = []
        for try await event in trip.events() {
            directions.append(event.direction)
            if directions == [.sent] {
                // The call is live: the rest goes through the outbox, then the half-close.
                #expect(trip.send(.binary(Self.point(2, 3))))
                #expect(trip.send(.binary(Self.point(4, 4))))
                #expect(trip.finishSending())
                #expect(!trip.send(.binary(Self.point(9, 9))), "nothing goes after the half-close")
            }
        }
        expectEqual(directions, [.sent, .sent, .sent, .received])
        #expect(trip.grpcMessages.first?.prefix(4) == Data([0x08, 0x03, 0x10, 0x06]), "3 points, 6 apart")
    }

    @Test func aBidirectionalCallInterleavesWhatEachSideSends() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let chat = Self.call(server, "Chat", GRPCCallSettings(messages: [Self.note("one")], keepsSending: true))
        var log: [String] = []
        for try await event in chat.events() {
            log.append("\(event.direction == .sent ? ">" : "<") \(String(decoding: event.data.dropFirst(8), as: UTF8.self))")
            guard event.direction == .received else { continue }
            // Each answer came while the request stream was open and paused, waiting for this.
            switch log.count {
            case 2: #expect(chat.send(.binary(Self.note("two"))))
            case 4: #expect(chat.send(.binary(Self.note("three"))))
            default: #expect(chat.finishSending())
            }
        }
        expectEqual(log, ["> one", "< echo: one", "> two", "< echo: two", "> three", "< echo: three"])
        expectEqual(chat.grpcStatus?.code, .ok)
    }

    /// A chat waits for its reader longer than the idle timeout: that is the reader's pause,
    /// not the network's, so the call lives on — and the transport sleeps meanwhile instead of
    /// polling (its loop wakes for sockets and the reader, not every millisecond).
    @Test func aCallWaitingForItsReaderNeitherTimesOutNorSpins() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let agent = NetworkAgent(config: NetworkConfig())
        let chat = Self.call(server, "Chat", GRPCCallSettings(messages: [Self.note("one")], keepsSending: true)) { $0.timeoutInterval = 0.5 }
        chat.agent = agent
        var received = 0
        for try await event in chat.events() where event.direction == .received {
            received += 1
            guard received == 1 else {
                chat.finishSending()
                continue
            }
            let before = agent.transportLoopIterations
            // Time passing is what is tested: three idle timeouts without a message.
            try await Task.sleep(for: .seconds(1.5))
            let passes = agent.transportLoopIterations - before
            #expect(passes < 100, "the transport loop went round \(passes) times while the call waited")
            #expect(chat.send(.binary(Self.note("two"))))
        }
        #expect(chat.error == nil, "\(String(describing: chat.error))")
        expectEqual(chat.grpcMessages, [Self.note("echo: one"), Self.note("echo: two")])
    }

    @Test func metadataGoesAsHeadersWithBinaryValuesInBase64AndComesBackInHeadersAndTrailers() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let metadata = [GRPCMetadataEntry(key: "X-Echo", text: "hi"), GRPCMetadataEntry(key: "x-echo-b-bin", value: Data([0x00, 0xFF]))]
        let request = Self.call(server, "GetPlace", GRPCCallSettings(messages: [Self.point(1, 2)], metadata: metadata))
        try await request.run()
        expectEqual(request.responseHeaders[HTTPField.Name("x-echo")!], "hi")
        expectEqual(request.responseTrailers[HTTPField.Name("x-echo-trailer")!], "hi")
        let binary = try #require(request.responseTrailers[HTTPField.Name("x-echo-b-trailer-bin")!])
        expectEqual(GRPCMetadata.decodedBinary(binary), Data([0x00, 0xFF]))
        let refused = Self.call(server, "GetPlace", GRPCCallSettings(messages: [], metadata: [GRPCMetadataEntry(key: "bad key", text: "x")]))
        await #expect(throws: RequestError.self) { try await refused.run() }
        expectEqual(refused.error?.family, .parameter)
    }

    @Test func gzipCompressesWhatIsSentAndInflatesWhatComesBack() async throws {
        let server = try await GRPCPlacesServer.required(["--gzip"])
        defer { server.stop() }
        let long = String(repeating: "a", count: 100)
        let chat = Self.call(server, "Chat", GRPCCallSettings(messages: [Self.note(long)], compression: .gzip))
        try await chat.run()
        #expect(chat.error == nil, "grpcio read the gzip frame: \(String(describing: chat.error))")
        expectEqual(chat.grpcMessages, [Self.note("echo: " + long)])
        expectEqual(chat.responseHeaders[HTTPField.Name("grpc-encoding")!], "gzip")
        // The answer came compressed: its raw frame is smaller than the message.
        let raw = try #require(chat.responseData)
        #expect(raw.first == 1 && raw.count < 5 + Self.note("echo: " + long).count, "\(raw.count) bytes")
    }

    @Test func aMethodTheServerLacksIsUnimplemented() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        let request = Self.call(server, "Nope", GRPCCallSettings(messages: [Data()]))
        await #expect(throws: RequestError.self) { try await request.run() }
        // grpcio answers at once, before this side's message went out, and resets the stream
        // (NO_ERROR). When the reset comes in the same read as the answer, libcurl 7.88 drops
        // the answer (seen under TSan in CI): the call is then GRPCStatus.answerLost, which
        // EarlyAnswerTests makes happen every time.
        let lost = request.grpcStatus == .answerLost
        withKnownIssue("libcurl 7.88 drops a trailers-only answer whose stream reset comes in the same read", isIntermittent: true) {
            #expect(request.grpcStatus?.code == .unimplemented, "\(String(describing: request.error))")
        } when: { lost }
    }
}
