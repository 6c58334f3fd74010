import Foundation

/// The signature base of RFC 9421 (§2.5): one line per covered component, `"name": value`,
/// then `"@signature-params"` and the covered components with the signature's parameters —
/// the same text the `Signature-Input` member carries.
struct SignatureBase: Sendable, Equatable {
    /// The parts of a message the components are read from.
    struct Message: Sendable {
        var method: String
        /// The target URI, absolute.
        var url: String
        var headers: [(name: String, value: String)]
        /// A response's status (`@status`); nil for a request.
        var status: Int?
    }

    /// The signature's parameters (§2.3), written in this order when given.
    struct Parameters: Sendable, Equatable {
        var created: Int?
        var expires: Int?
        var keyID: String?
        var algorithm: String?
        var nonce: String?
        var tag: String?
    }

    /// The text that is signed.
    let text: String
    /// The covered components and parameters as a structured inner list: the
    /// `@signature-params` value, and the `Signature-Input` member's value.
    let signatureParams: String

    /// The derived components Courier reads (§2.2), besides header fields.
    static let derivedComponents = ["@method", "@target-uri", "@authority", "@scheme", "@request-target", "@path", "@query", "@status"]

    /// The base covering `components` (component identifiers: `@method`, `content-type`, …;
    /// lowercase) of `message`. Throws when a component is missing, repeated or unknown, or a
    /// value cannot be written as a structured field.
    init(components: [String], parameters: Parameters, of message: Message) throws(RequestError) {
        let target = try SignatureTarget(message.url)
        var lines: [String] = []
        var covered: [String] = [], identifiers: [String] = []
        for component in components {
            guard !covered.contains(component) else { throw Self.failure("\(component) is covered twice") }
            guard let identifier = StructuredFieldText.string(component) else {
                throw Self.failure("\(component) cannot be written as a component name")
            }
            let value = try Self.value(of: component, in: message, target: target)
            guard !value.contains(where: { $0 == "\n" || $0 == "\r" }) else { throw Self.failure("the value of \(component) has a line break") }
            covered.append(component)
            identifiers.append(identifier)
            lines.append("\(identifier): \(value)")
        }
        var params = "(" + identifiers.joined(separator: " ") + ")"
        func add(_ name: String, _ value: String?) { if let value { params += ";\(name)=\(value)" } }
        func string(_ name: String, _ text: String?) throws(RequestError) -> String? {
            guard let text else { return nil }
            guard let written = StructuredFieldText.string(text) else { throw Self.failure("\(name) holds a character a signature parameter cannot") }
            return written
        }
        add("created", parameters.created.flatMap(StructuredFieldText.integer))
        add("expires", parameters.expires.flatMap(StructuredFieldText.integer))
        add("keyid", try string("keyid", parameters.keyID))
        add("alg", try string("alg", parameters.algorithm))
        add("nonce", try string("nonce", parameters.nonce))
        add("tag", try string("tag", parameters.tag))
        lines.append("\"@signature-params\": " + params)
        text = lines.joined(separator: "\n")
        signatureParams = params
    }

    /// A component's value (§2.1, §2.2): a derived component from the target URI, or a header
    /// field's values, each trimmed, joined with `, `.
    private static func value(of component: String, in message: Message, target: SignatureTarget) throws(RequestError) -> String {
        switch component {
        case "@method": return message.method
        case "@target-uri": return message.url
        case "@authority": return target.authority
        case "@scheme": return target.scheme
        case "@request-target": return target.path + (target.query.map { "?" + $0 } ?? "")
        case "@path": return target.path
        case "@query": return "?" + (target.query ?? "")
        case "@status":
            guard let status = message.status else { throw failure("@status is a response's, not a request's") }
            return String(status)
        default:
            guard !component.hasPrefix("@") else {
                throw failure("\(component) is not a component Courier signs (derived ones: "
                    + derivedComponents.filter { $0 != "@status" }.joined(separator: ", ") + "; or a header field's name)")
            }
            let values = message.headers.filter { $0.name.lowercased() == component }
                .map { $0.value.trimmingCharacters(in: CharacterSet(charactersIn: " \t")) }
            guard !values.isEmpty else { throw failure("\(component) is covered but the request has no such header field") }
            return values.joined(separator: ", ")
        }
    }

    static func failure(_ reason: String) -> RequestError {
        RequestError(family: .parameter, code: .invalidParameters, message: "Cannot sign the request (HTTP Message Signatures): \(reason).")
    }
}

/// A target URI's parts as RFC 9421 derives them: the scheme and authority lowercased and
/// the default port left out (§2.2.3), the path as sent (`/` when empty), the query as sent.
struct SignatureTarget: Sendable {
    let scheme: String
    let authority: String
    let path: String
    let query: String?

    init(_ url: String) throws(RequestError) {
        guard let separator = url.range(of: "://") else { throw SignatureBase.failure("the URL \(url) is not absolute") }
        scheme = url[..<separator.lowerBound].lowercased()
        let rest = url[separator.upperBound...].prefix { $0 != "#" }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = authority, port: Substring?
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        }
        let defaultPort = scheme == "https" ? "443" : scheme == "http" ? "80" : ""
        self.authority = host.lowercased() + (port.flatMap { $0.isEmpty || $0 == defaultPort ? nil : ":" + $0 } ?? "")
        let pathAndQuery = rest[authorityEnd...]
        if let question = pathAndQuery.firstIndex(of: "?") {
            path = pathAndQuery[..<question].isEmpty ? "/" : String(pathAndQuery[..<question])
            query = String(pathAndQuery[pathAndQuery.index(after: question)...])
        } else {
            path = pathAndQuery.isEmpty ? "/" : String(pathAndQuery)
            query = nil
        }
    }
}
