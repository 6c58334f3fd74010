import Foundation
import HTTPTypes
import Hummingbird

/// `/digest-auth/auth/{user}/{password}[/{algorithm}]` (httpbin's shape): HTTP Digest
/// (RFC 7616) with `qop=auth`, algorithm `MD5` (the default), `SHA-256` or their `-sess`
/// forms. 200 when the answer to the challenge is right, else 401 with a fresh challenge.
enum DigestAuthRoute {
    static let realm = "courier-demo"
    /// Nonces older than this are answered with `stale=true` (a client retries without asking the user).
    static let nonceLifetime: TimeInterval = 300
    /// Signs the nonces this process issues, so that they need no storage.
    private static let secret = (0..<32).map { _ in UInt8.random(in: 0...255) }

    static func digest(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        guard exchange.segments[1] == "auth" else {
            throw DemoError(.badRequest, "only qop \"auth\" is offered (not \(exchange.segments[1]))")
        }
        let user = String(exchange.segments[2]), password = String(exchange.segments[3])
        let algorithm = exchange.segments.count > 4 ? String(exchange.segments[4]).uppercased() : "MD5"
        guard ["MD5", "SHA-256", "MD5-SESS", "SHA-256-SESS"].contains(algorithm) else {
            throw DemoError(.badRequest, "algorithm is MD5, SHA-256, MD5-sess or SHA-256-sess (not \(algorithm))")
        }
        var stale = false
        if let header = exchange.header(.authorization), let answer = DigestAnswer(header) {
            switch verify(answer, user: user, password: password, algorithm: algorithm, method: exchange.request.method.rawValue,
                          target: exchange.request.uri.string) {
            case .accepted: return DemoResponse.json(["authenticated": true, "user": .string(user), "algorithm": .string(algorithm)])
            case .stale: stale = true
            case .refused: break
            }
        }
        let challenge = "Digest realm=\"\(realm)\", qop=\"auth\", algorithm=\(canonicalName(algorithm)), "
            + "nonce=\"\(nonce(at: Date().timeIntervalSince1970))\", opaque=\"\(hash("opaque:\(realm)", "MD5"))\""
            + (stale ? ", stale=true" : "")
        throw DemoError(.unauthorized, body: ["authenticated": false], headers: [.wwwAuthenticate: challenge])
    }

    enum Verdict { case accepted, stale, refused }

    /// Checks every field the challenge fixed, then the response itself (RFC 7616 §3.4.1).
    static func verify(_ answer: DigestAnswer, user: String, password: String, algorithm: String, method: String,
                       target: String) -> Verdict {
        guard answer["username"] == user, answer["realm"] == realm, answer["uri"] == target,
              (answer["algorithm"] ?? "MD5").uppercased() == algorithm, answer["qop"] == "auth",
              let nonce = answer["nonce"], let nc = answer["nc"], let cnonce = answer["cnonce"], let response = answer["response"],
              let issued = issuedAt(nonce)
        else { return .refused }
        let expected = expectedResponse(user: user, realm: realm, password: password, algorithm: algorithm, method: method,
                                        target: target, nonce: nonce, nc: nc, cnonce: cnonce)
        guard constantTimeEqual(expected, response.lowercased()) else { return .refused }
        return Date().timeIntervalSince1970 - issued > nonceLifetime ? .stale : .accepted
    }

    /// The `response` a client must send for `qop=auth` (RFC 7616 §3.4.1), lowercase hex.
    static func expectedResponse(user: String, realm: String, password: String, algorithm: String, method: String,
                                 target: String, nonce: String, nc: String, cnonce: String) -> String {
        var secretHash = hash("\(user):\(realm):\(password)", algorithm)
        if algorithm.hasSuffix("-SESS") { secretHash = hash("\(secretHash):\(nonce):\(cnonce)", algorithm) }
        return hash("\(secretHash):\(nonce):\(nc):\(cnonce):auth:\(hash("\(method):\(target)", algorithm))", algorithm)
    }

    /// `time-signature`: when it was issued, signed with this process's secret.
    static func nonce(at time: TimeInterval) -> String {
        let stamp = String(Int(time))
        return stamp + "-" + hex(DemoHash.sha256(secret + Array(stamp.utf8)))
    }

    private static func issuedAt(_ nonce: String) -> TimeInterval? {
        guard let dash = nonce.firstIndex(of: "-"), let time = TimeInterval(nonce[..<dash]), self.nonce(at: time) == nonce else { return nil }
        return time
    }

    private static func hash(_ text: String, _ algorithm: String) -> String {
        hex(algorithm.hasPrefix("SHA-256") ? DemoHash.sha256(Array(text.utf8)) : DemoHash.md5(Array(text.utf8)))
    }

    private static func canonicalName(_ algorithm: String) -> String { algorithm.replacingOccurrences(of: "-SESS", with: "-sess") }

    private static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    private static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// The fields of an `Authorization: Digest …` header, quoted or not.
struct DigestAnswer {
    private var fields: [String: String] = [:]

    init?(_ header: String) {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("digest ") else { return nil }
        var rest = Substring(trimmed.dropFirst(7))
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "," }
            guard let equals = rest.firstIndex(of: "=") else { break }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            rest = rest[rest.index(after: equals)...]
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                while let character = rest.first, character != "\"" {
                    if character == "\\", rest.count > 1 { rest = rest.dropFirst() }
                    value.append(rest.first!)
                    rest = rest.dropFirst()
                }
                rest = rest.dropFirst()
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<end].trimmingCharacters(in: .whitespaces)
                rest = rest[end...]
            }
            fields[name] = value
        }
        guard !fields.isEmpty else { return nil }
    }

    subscript(name: String) -> String? { fields[name] }
}
