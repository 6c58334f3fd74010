import Courier
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// ``TransferOptions`` reach libcurl: `expect100Timeout` — the option that proves #42 item 3,
/// a setting declared once (the value, the line that sets it, the format's table).
@Suite struct TransferOptionsTests {
    /// A server that never answers `Expect: 100-continue` gets the body only when the client's
    /// wait is over: 2 s here, not libcurl's own 1 s. (A lower bound only: a busy machine makes
    /// the wait longer, never shorter.)
    @Test func expect100TimeoutIsHowLongABodyWaitsForAContinue() async throws {
        let server = try SilentContinueServer()
        defer { server.stop() }
        let request = ConfigurableRequest("http://127.0.0.1:\(server.port)/upload")
        request.definition.method = .post
        request.definition.rawBody = Data(repeating: 0x61, count: 64 * 1024)
        request.definition.headers = ["Expect": "100-continue"]
        request.definition.responseSerializer = .raw
        request.definition.transferOptions.expect100Timeout = 2
        request.agent = NetworkAgent(config: NetworkConfig())
        try await request.run()
        let waited = try #require(Double(request.responseString ?? ""), "\(String(describing: request.responseString))")
        #expect(waited >= 1.9, "the body came after \(waited) s: libcurl's own 1 s, not the option's 2 s")
    }

    @Test func theRedirectLimitDefaultsToSixteenAndNeverGoesBelowZero() {
        expectEqual(TransferOptions().redirectLimit, 16)
        expectEqual(TransferOptions(maxRedirects: -3).redirectLimit, 0)
        #expect(TransferOptions(maxRedirects: 4) != TransferOptions(), "a reused handle tells them apart")
    }
}

/// Reads a request's head, then its body without ever answering `100 Continue`, and answers
/// 200 with the seconds between the head and the body's first byte as the body. One
/// connection; every wait bounded (10 s).
private final class SilentContinueServer: @unchecked Sendable {
    let port: Int
    private let listener: LoopbackListener

    init() throws {
        listener = try LoopbackListener()
        port = listener.port
        let listener = listener
        Thread { [listener] in
            if listener.waitForConnection(milliseconds: 10_000), let connection = listener.accept() {
                Self.answer(connection)
                close(connection)
            }
            listener.closeWhenDone()
        }.start()
    }

    func stop() { listener.stop() }

    private static func answer(_ connection: Int32) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while bytes.firstRange(of: terminator) == nil {
            guard readable(connection), bytes.count < 1 << 20 else { return }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            bytes += buffer[..<count]
        }
        let headEnded = ContinuousClock.now
        let bodyStart = bytes.firstRange(of: terminator)!.upperBound
        let head = String(decoding: bytes[..<bodyStart], as: UTF8.self).lowercased()
        let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        var received = bytes.count - bodyStart
        var firstByte: ContinuousClock.Instant? = received > 0 ? headEnded : nil
        // The whole body, so that closing after the answer resets nothing the client still sends.
        while received < length {
            guard readable(connection) else { return }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            if firstByte == nil { firstByte = .now }
            received += count
        }
        let waited = (firstByte ?? headEnded) - headEnded
        let seconds = Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
        let text = String(format: "%.3f", seconds)
        let reply = Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\nContent-Length: \(text.utf8.count)\r\n\r\n\(text)".utf8)
        _ = reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    private static func readable(_ connection: Int32) -> Bool {
        var waiting = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, 10_000) > 0
    }
}
