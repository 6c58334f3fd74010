import Courier
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The code grant's redirect target (RFC 8252 §7.3): a listener on 127.0.0.1 and a free port
/// that waits, for a bounded time, for the browser to come back with `code` (or `error`).
final class LoopbackRedirect: @unchecked Sendable {
    /// `http://127.0.0.1:PORT/callback`.
    let redirectURI: String
    private let descriptor: Int32

    init() throws(RequestError) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = descriptor >= 0 && withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 4) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            if descriptor >= 0 { close(descriptor) }
            throw RequestError(family: .parameter, code: .invalidParameters,
                               message: "Invalid parameters: cannot listen on 127.0.0.1 for the OAuth2 redirect: \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
        redirectURI = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/callback"
    }

    deinit { close(descriptor) }

    /// The query of the first request to `/callback` that carries `code` or `error`, or nil
    /// when none came within `timeout` seconds. Blocks: call it off the cooperative pool.
    func waitForCallback(timeout: TimeInterval) -> [String: String]? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(min(remaining, 3600) * 1000)) > 0 else { continue }
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { continue }
            defer { close(client) }
            let query = Self.readQuery(client, until: deadline)
            let found = query.map { $0["code"] != nil || $0["error"] != nil } ?? false
            let page = found ? "Courier has the authorization code. You may close this window." : "Waiting for the authorization code."
            let answer = "HTTP/1.1 \(found ? "200 OK" : "404 Not Found")\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "Content-Length: \(page.utf8.count)\r\nConnection: close\r\n\r\n\(page)"
            _ = answer.withCString { write(client, $0, strlen($0)) }
            if found, let query { return query }
        }
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
            guard remaining > 0, poll(&waiting, 1, Int32(min(remaining, 10) * 1000)) > 0 else { return nil }
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return nil }
            bytes += buffer[..<count]
        }
        return nil
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
