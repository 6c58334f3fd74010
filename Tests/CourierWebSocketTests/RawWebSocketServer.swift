import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket server on 127.0.0.1 (a free port) written on plain sockets, for the sessions
/// that misbehave on purpose: it accepts one connection, answers the handshake, then hands the
/// connection to `behave`, which reads the client's frames and writes what it likes (or
/// nothing). Every wait is bounded; ``stop()`` closes the sockets.
final class RawWebSocketServer: @unchecked Sendable {
    /// One frame from the client (unmasked).
    struct Frame {
        var opcode: UInt8
        var payload: [UInt8]
        /// A close frame's code, nil for another frame or a close without one.
        var closeCode: UInt16? {
            opcode == 0x8 && payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
        }
    }

    /// The accepted connection, as `behave` uses it.
    final class Connection: @unchecked Sendable {
        let descriptor: Int32
        private var pending: [UInt8] = []

        init(descriptor: Int32, pending: [UInt8]) {
            self.descriptor = descriptor
            self.pending = pending
        }

        /// Writes one unmasked frame with FIN set.
        func send(opcode: UInt8, _ payload: [UInt8]) {
            var frame: [UInt8] = [0x80 | opcode]
            if payload.count < 126 {
                frame.append(UInt8(payload.count))
            } else {
                frame += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
            }
            frame += payload
            _ = frame.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }

        /// A close frame with `code`.
        func sendClose(_ code: UInt16) { send(opcode: 0x8, [UInt8(code >> 8), UInt8(code & 0xFF)]) }

        /// Half-closes: the client reads the end of the stream (FIN), the server still reads.
        func shutdownWrite() { shutdown(descriptor, Int32(SHUT_WR)) }

        /// The next frame, or nil when the client closed the connection or none came in `timeout` seconds.
        func readFrame(timeout: Double) -> Frame? {
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                if let frame = Self.parse(&pending) { return frame }
                guard fill(until: deadline) else { return nil }
            }
        }

        /// Whether the client closed the connection (end of stream) within `timeout` seconds,
        /// reading and dropping whatever frames come first.
        func waitForEnd(timeout: Double) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while deadline.timeIntervalSinceNow > 0 {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&waiting, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 4096)
                if read(descriptor, &buffer, buffer.count) <= 0 { return true }
            }
            return false
        }

        private func fill(until deadline: Date) -> Bool {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return false }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(max(1, remaining * 1000))) > 0 else { return false }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return false }
            pending += buffer[..<count]
            return true
        }

        private static func parse(_ bytes: inout [UInt8]) -> Frame? {
            guard bytes.count >= 2 else { return nil }
            var length = Int(bytes[1] & 0x7F)
            var offset = 2
            if length == 126 {
                guard bytes.count >= 4 else { return nil }
                length = Int(bytes[2]) << 8 | Int(bytes[3])
                offset = 4
            } else if length == 127 {
                guard bytes.count >= 10 else { return nil }
                length = bytes[2..<10].reduce(0) { $0 << 8 | Int($1) }
                offset = 10
            }
            let masked = bytes[1] & 0x80 != 0
            let mask = masked ? Array(bytes[offset..<min(bytes.count, offset + 4)]) : []
            if masked { offset += 4 }
            guard bytes.count >= offset + length else { return nil }
            let payload = (0..<length).map { bytes[offset + $0] ^ (masked ? mask[$0 % 4] : 0) }
            let frame = Frame(opcode: bytes[0] & 0x0F, payload: payload)
            bytes.removeFirst(offset + length)
            return frame
        }
    }

    /// `ws://127.0.0.1:PORT/`.
    let url: String
    private let listener: LoopbackListener
    private let finished = Mutex<CheckedContinuation<Void, Never>?>(nil)
    private let isFinished = Mutex(false)

    /// Listens, and serves one connection with `behave` on a thread of its own.
    init(behave: @escaping @Sendable (Connection) -> Void) throws {
        let listener = try LoopbackListener(backlog: 4)
        self.listener = listener
        url = "ws://127.0.0.1:\(listener.port)/"
        Thread.detachNewThread { [self] in
            defer { markFinished() }
            // One connection: the listener closes once it came, or after 20 s, or at stop().
            let client = listener.waitForConnection(milliseconds: 20_000) ? listener.accept() : nil
            listener.closeWhenDone()
            guard let client else { return }
            defer { close(client) }
            guard let pending = Self.handshake(client) else { return }
            behave(Connection(descriptor: client, pending: pending))
        }
    }

    /// Waits until `behave` has returned and the connection is closed.
    func served() async {
        await withCheckedContinuation { continuation in
            let now = isFinished.withLock { done -> Bool in
                if done { return true }
                finished.withLock { $0 = continuation }
                return false
            }
            if now { continuation.resume() }
        }
    }

    func stop() { listener.stop() }

    private func markFinished() {
        let waiter = isFinished.withLock { done -> CheckedContinuation<Void, Never>? in
            done = true
            return finished.withLock { $0.take() }
        }
        waiter?.resume()
    }

    /// Reads the upgrade request and answers 101; the bytes read past it (frames already sent).
    private static func handshake(_ client: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65_536 {
            let text = String(decoding: bytes, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let key = text[..<end.lowerBound].split(separator: "\r\n")
                    .first { $0.lowercased().hasPrefix("sec-websocket-key:") }
                    .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
                let accept = Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
                let answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Accept: \(accept)\r\n\r\n"
                _ = answer.withCString { write(client, $0, strlen($0)) }
                return Array(bytes[(text.utf8.distance(from: text.startIndex, to: end.upperBound))...])
            }
            var waiting = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 10_000) > 0 else { return nil }
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return nil }
            bytes += buffer[..<count]
        }
        return nil
    }
}

/// SHA-1 (FIPS 180-4), for the handshake's `Sec-WebSocket-Accept` only.
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var bytes = message + [0x80]
        while bytes.count % 64 != 56 { bytes.append(0) }
        let bits = UInt64(message.count) * 8
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64($0))) }
        for chunk in stride(from: 0, to: bytes.count, by: 64) {
            var w = (0..<16).map { i in (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[chunk + 4 * i + $1]) } }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w.append(x << 1 | x >> 31)
            }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32) = switch i {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
                let t = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, t)
            }
            h = [h[0] &+ a, h[1] &+ b, h[2] &+ c, h[3] &+ d, h[4] &+ e]
        }
        return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }
}
