@testable import Courier
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A header value with a control character never reaches the wire, whichever way it came in:
/// a request's own headers (checked by the builder), an authenticator's credentials and a load
/// run's prepared requests (both set after the builder, checked by the transport before
/// libcurl). Before, an authenticator's `Bearer abc\r\nX-Injected: yes` arrived as two header
/// fields, a `\r\n\r\nGET /smuggled` as a second request, and ESC or BEL went out raw.
@Suite struct HeaderInjectionTests {
    /// Hands out one fixed set of fields.
    struct FixedAuthenticator: RequestAuthenticator {
        let fields: [String: String]
        func credentials(for request: Request) async throws -> [String: String] { fields }
    }

    static let injections = [
        "Bearer abc\r\nX-Injected: yes",
        "Bearer abc\r\nContent-Length: 0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: 127.0.0.1",
        "Bearer abc\nX-Injected: yes",
        "Bearer \u{1B}]0;pwned\u{07}abc",
        "Bearer abc\u{7F}",
    ]

    private static func agent() -> NetworkAgent {
        let config = NetworkConfig()
        config.proxy = .none
        return NetworkAgent(config: config)
    }

    @Test(arguments: injections)
    func anAuthenticatorsValueWithAControlCharacterIsNotSent(_ value: String) async throws {
        let server = try ArrivalRecorder()
        defer { server.stop() }
        let request = ConfigurableRequest("http://127.0.0.1:\(server.port)/get")
        request.definition.authenticator = FixedAuthenticator(fields: ["Authorization": value])
        request.agent = Self.agent()
        let error = await #expect(throws: RequestError.self) { try await request.run() }
        #expect(error?.message.contains("\"Authorization\"") == true, "\(String(describing: error))")
        #expect(error?.message.contains("control character") == true, "\(String(describing: error))")
        #expect(server.heads.isEmpty, "nothing went out: \(server.heads)")
    }

    @Test(arguments: ["a\u{1B}[2Jb", "a\u{07}b", "a\u{7F}b", "a\u{1}b"])
    func aRequestsOwnValueWithEscBelOrDelIsRefused(_ value: String) async throws {
        let server = try ArrivalRecorder()
        defer { server.stop() }
        let request = ConfigurableRequest("http://127.0.0.1:\(server.port)/get", headers: ["X-Value": value])
        request.agent = Self.agent()
        let error = await #expect(throws: RequestError.self) { try await request.run() }
        #expect(error?.message.contains("cannot be sent") == true, "\(String(describing: error))")
        #expect(server.heads.isEmpty)
    }

    @Test func aTabAndNonASCIITextAreSent() async throws {
        let server = try ArrivalRecorder()
        defer { server.stop() }
        let request = ConfigurableRequest("http://127.0.0.1:\(server.port)/get", headers: ["X-Value": "a\tcaf\u{E9}"])
        request.definition.authenticator = FixedAuthenticator(fields: ["Authorization": "Bearer abc.def"])
        request.agent = Self.agent()
        try await request.run()
        let head = try #require(server.heads.first)
        #expect(head.contains("\r\nX-Value: a\tcaf\u{E9}\r\n"))
        #expect(head.contains("\r\nAuthorization: Bearer abc.def\r\n"))
    }

    /// A load run sends prepared requests straight to the transport: the same gate holds.
    @Test func aLoadRunsPreparedRequestWithALineBreakIsNotSent() async throws {
        let server = try ArrivalRecorder()
        defer { server.stop() }
        let request = PreparedRequest(url: "http://127.0.0.1:\(server.port)/get", method: .get,
                                      headers: [("Authorization", "Bearer abc\r\nX-Injected: yes")], body: nil,
                                      timeoutInterval: 10, tlsPolicy: TLSPolicy(), proxy: .none, userAgent: "courier-test")
        let samples = Samples()
        let driver = LoadDriver(plan: LoadPlan(model: .closed(concurrency: 1), requests: 3), requests: [request], sink: samples)
        _ = await driver.run()
        let all = samples.all
        expectEqual(all.count, 3)
        #expect(all.allSatisfy { $0.error?.message.contains("control character") == true }, "\(all.map(\.error))")
        #expect(server.heads.isEmpty, "nothing went out: \(server.heads)")
    }

    @Test func theCheckDescribesWhatItFound() {
        expectEqual(HeaderFieldCheck.controlCharacter(in: "plain value\twith tab"), nil)
        expectEqual(HeaderFieldCheck.controlCharacter(in: "a\r\nb"), "CR (a line break)")
        #expect(HeaderFieldCheck.controlCharacter(in: "a\u{1B}b") == "ESC (0x1B)")
        #expect(HeaderFieldCheck.controlCharacter(in: "a\u{0}b") == "NUL")
        expectEqual(HeaderFieldCheck.refusal(name: "X:Y", value: "v")?.contains("not an HTTP token"), true)
    }

    private final class Samples: LoadSampleSink {
        private let kept = Mutex<[LoadSample]>([])
        func record(_ sample: LoadSample) { kept.withLock { $0.append(sample) } }
        var all: [LoadSample] { kept.withLock { $0 } }
    }
}

/// A loopback listener that keeps the head of every request that arrives (up to the blank
/// line, with whatever came in the same reads) and answers each with an empty 200, closing
/// the connection. `stop()` ends it.
final class ArrivalRecorder: @unchecked Sendable {
    let port: Int
    private let listener: LoopbackListener
    private let received = Mutex<[String]>([])

    /// What arrived, one entry per connection.
    var heads: [String] { received.withLock { $0 } }

    init() throws {
        listener = try LoopbackListener()
        port = listener.port
        let listener = listener
        Thread { [self, listener] in
            while let connection = listener.accept() {
                let head = Self.readHead(connection)
                received.withLock { $0.append(head) }
                let reply = Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
                _ = reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(connection)
            }
            listener.closeWhenDone()
        }.start()
    }

    func stop() {
        listener.stop()
    }

    /// Up to the head's end, and whatever came with it (a smuggled request, say).
    private static func readHead(_ connection: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while bytes.firstRange(of: terminator) == nil, bytes.count < 1 << 20 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
