import Courier
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The code grant's redirect target (RFC 8252 §7.3): a listener on 127.0.0.1 that waits, for
/// a bounded time, for the browser to come back with `code` (or `error`) and the `state` the
/// authorization request sent. It is bound before the URL to open is told, so the URL never
/// names a port another process holds. A callback whose `state` does not match (forged by
/// another local process, or from an older attempt) is answered 400 and the wait goes on:
/// it cannot end the flow and make the real callback be refused.
final class LoopbackRedirect: @unchecked Sendable {
    /// `http://127.0.0.1:PORT/callback`.
    let redirectURI: String
    let port: UInt16
    private let descriptor: Int32

    /// What the wait ended with.
    enum Outcome: Equatable {
        /// The query of the callback with the expected state (and `code` or `error`).
        case callback([String: String])
        /// None came in time; `refused` callbacks with another state came and were answered 400.
        case timedOut(refused: Int)

        /// Why no code came, for the flow's error: the time waited and the refused callbacks.
        func failure(redirectURI: String, timeout: TimeInterval) -> String {
            guard case .timedOut(let refused) = self else { return "" }
            var text = "no authorization code came back to \(redirectURI) within \(Int(timeout)) s"
            if refused > 0 {
                text += " (\(refused) redirect\(refused == 1 ? "" : "s") with a state that did not match the authorization "
                    + "request's came and \(refused == 1 ? "was" : "were") refused: forged by another program, or from an older attempt)"
            }
            return text
        }
    }

    /// Listens on 127.0.0.1:`port`, or on a free port when nil. A port another process holds
    /// fails at once, naming it.
    init(port: UInt16? = nil) throws(RequestError) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var reuse: Int32 = 1
        // A fixed port stays usable right after an earlier run (its socket in TIME_WAIT); a
        // listening socket of another process still refuses the bind on Linux.
        if port != nil, descriptor >= 0 {
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = (port ?? 0).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = descriptor >= 0 && withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 8) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            let failure = errno
            if descriptor >= 0 { close(descriptor) }
            if let port, failure == EADDRINUSE {
                throw RequestError(family: .parameter, code: .invalidParameters,
                                   message: "Invalid parameters: the OAuth2 redirect port \(port) (redirectPort) on 127.0.0.1 is held by "
                                       + "another process, which would receive the authorization code: stop it, or register and "
                                       + "set another redirectPort (nothing was opened)")
            }
            throw RequestError(family: .parameter, code: .invalidParameters,
                               message: "Invalid parameters: cannot listen on 127.0.0.1\(port.map { ":\($0)" } ?? "") for the OAuth2 redirect: "
                                   + String(cString: strerror(failure)))
        }
        self.descriptor = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
        redirectURI = "http://127.0.0.1:\(self.port)/callback"
    }

    deinit { close(descriptor) }

    /// Waits up to `timeout` seconds for the callback that carries `state` and `code` or
    /// `error`. One with another state is answered 400 and told to `refused` (with the
    /// state it had), and the wait goes on. Blocks: call it off the cooperative pool.
    func waitForCallback(state: String, timeout: TimeInterval, refused: (String) -> Void = { _ in }) -> Outcome {
        let deadline = Date().addingTimeInterval(timeout)
        var refusals = 0
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return .timedOut(refused: refusals) }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(max(1, min(remaining, 3600) * 1000))) > 0 else { continue }
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { continue }
            defer { close(client) }
            // A client that connects and says nothing holds the wait for 10 s at most.
            let query = Self.readQuery(client, until: min(deadline, Date().addingTimeInterval(10)))
            guard let query, query["code"] != nil || query["error"] != nil else {
                Self.answer(client, status: "404 Not Found", "Waiting for the authorization code.")
                continue
            }
            guard query["state"] == state else {
                refusals += 1
                Self.answer(client, status: "400 Bad Request",
                            "The state of this redirect does not match the authorization request Courier made: it was refused "
                                + "(forged, or from an older attempt). Courier still waits for the real redirect.")
                refused(query["state"] ?? "")
                continue
            }
            Self.answer(client, status: "200 OK", query["error"] == nil ? "Courier has the authorization code. You may close this window."
                            : "Courier has the authorization server's answer. You may close this window.")
            return .callback(query)
        }
    }

    /// ``waitForCallback(state:timeout:refused:)`` on a thread of its own, each refusal told
    /// through `tell` (standard error for the CLI; the workbench's status line, where a write
    /// to standard error would scribble over the screen).
    func callback(state: String, timeout: TimeInterval, tell: @escaping @Sendable (String) -> Void) async -> Outcome {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: self.waitForCallback(state: state, timeout: timeout) { _ in
                    tell(Self.refusedSentence(self.redirectURI))
                })
            }
        }
    }

    private static func answer(_ client: Int32, status: String, _ page: String) {
        let answer = "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(page.utf8.count)\r\nConnection: close\r\n\r\n\(page)"
        _ = answer.withCString { write(client, $0, strlen($0)) }
    }

    /// The decoded query of a `GET /callback?…` request read from `client`; nil for any other.
    private static func readQuery(_ client: Int32, until deadline: Date) -> [String: String]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 16_384 {
            if let end = String(decoding: bytes, as: UTF8.self).range(of: "\r\n") {
                let line = String(String(decoding: bytes, as: UTF8.self)[..<end.lowerBound])
                let parts = line.split(separator: " ")
                guard parts.count >= 2, parts[0] == "GET", let components = URLComponents(string: String(parts[1])),
                      components.path == "/callback" else { return nil }
                var query: [String: String] = [:]
                for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
                return query
            }
            var waiting = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, poll(&waiting, 1, Int32(max(1, min(remaining, 10) * 1000))) > 0 else { return nil }
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return nil }
            bytes += buffer[..<count]
        }
        return nil
    }

    /// What the user is told when a callback was refused.
    static func refusedSentence(_ redirectURI: String) -> String {
        "A redirect to \(redirectURI) came with a state that does not match the authorization "
            + "request's (forged by another program, or from an older attempt): it was refused; still waiting for yours."
    }
}

/// PKCE (RFC 7636): a random verifier and its S256 challenge.
struct PKCE: Sendable {
    let verifier: String
    let challenge: String

    init() {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        verifier = PKCE.base64URL(Data(random))
        challenge = PKCE.challenge(of: verifier)
    }

    /// base64url(SHA-256(verifier)), unpadded.
    static func challenge(of verifier: String) -> String {
        let hex = Array(SHA256Hex.of(Data(verifier.utf8)).utf8)
        let digest = stride(from: 0, to: hex.count, by: 2).map { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
        return base64URL(Data(digest))
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
