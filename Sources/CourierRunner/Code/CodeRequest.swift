import Courier
import CourierFormat
import Foundation

/// A request as generated code sends it: what the engine would send (``PreparedRequest``:
/// the URL with its query, the headers, the body) with its secrets as environment variables
/// (``SecretText``) unless revealed, and a basic authorization as the user and password the
/// language's own API takes. The generators (``CodeLanguage``) write programs from it.
public struct CodeRequest: Sendable {
    /// The body.
    public enum Body: Sendable {
        case none
        /// Text (UTF-8), secrets as variables.
        case text(SecretText)
        /// Bytes that are not UTF-8 text.
        case bytes(Data)
        /// The content of a file, read when the program runs.
        case file(path: String)
        /// `multipart/form-data`; the program's library writes the boundary and its header.
        case multipart([Part])
    }

    /// A part of a multipart body.
    public enum Part: Sendable {
        case field(name: String, value: SecretText)
        /// A file read when the program runs, sent as `filename`.
        case file(name: String, path: String, filename: String, contentType: String?)
        /// Bytes sent as a file part.
        case data(name: String, data: Data, filename: String, contentType: String?)
    }

    /// The method, as sent (`POST`, `PROPFIND`).
    public var method: String
    /// The absolute URL with its query, percent-encoded.
    public var url: SecretText
    /// The headers in the order they are sent, without the basic authorization (``basicAuth``)
    /// and, for a multipart body, without `Content-Type` (its boundary is the library's).
    public var headers: [(name: String, value: SecretText)]
    /// Basic authentication's user and password.
    public var basicAuth: (user: SecretText, password: SecretText)?
    public var body: Body
    /// What the engine would do that the generated code does not (digest authentication, a
    /// client certificate, TLS and HTTP version settings, a route), in words for a comment.
    public var notCarriedOver: [String]
    /// What the engine would send, with the token header added and the basic authorization
    /// removed: curl's command is written from it (``CurlExport``).
    let prepared: PreparedRequest
    /// The secrets' variables.
    let secrets: CodeSecrets

    /// `request` as it would start now. With `revealingSecrets`, secrets are written as they
    /// are; an `oauth2:` or `command:` token, which only exists at send time, is read from
    /// `ACCESS_TOKEN` unless the caller fetched it (`token`). Throws when the request cannot
    /// be filled in, as its send would fail.
    public init(_ request: Request, revealingSecrets: Bool = false, token: (name: String, value: String)? = nil) throws(RequestError) {
        if let problem = request.argumentsProblem() {
            throw RequestError(family: .parameter, code: .invalidParameters, message: problem)
        }
        var prepared = try request.preparedRequest()
        var secrets = revealingSecrets ? CodeSecrets.revealed : CodeSecrets(request: request)
        var headers = prepared.headers
        if let header = token ?? (request as? WorkspaceRequest)?.tokenHeader, prepared.header(header.name) == nil {
            headers.append(header)
            if token == nil, let start = header.value.firstIndex(of: "<") {
                secrets.name(String(header.value[start...]), as: "ACCESS_TOKEN")
            }
        }
        if prepared.multipart != nil {
            headers.removeAll { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
        }
        var basic: (user: String, password: String)?
        if let index = headers.firstIndex(where: { $0.name.caseInsensitiveCompare("Authorization") == .orderedSame }),
           let credentials = Self.basicCredentials(headers[index].value) {
            basic = credentials
            headers.remove(at: index)
        }
        if !revealingSecrets {
            Self.nameCredentials(headers: headers, basicPassword: basic?.password, url: prepared.url, in: &secrets)
            var texts = [prepared.url] + headers.map(\.value) + (basic.map { [$0.user, $0.password] } ?? [])
            if let body = prepared.body { texts.append(String(decoding: body, as: UTF8.self)) }
            for case .field(_, let value) in prepared.multipart?.parts ?? [] { texts.append(value) }
            secrets.nameTheRest(in: texts)
        }
        method = prepared.method.rawValue
        url = secrets.text(prepared.url)
        self.headers = headers.map { (name: $0.name, value: secrets.text($0.value)) }
        basicAuth = basic.map { (user: secrets.text($0.user), password: secrets.text($0.password)) }
        body = Self.body(of: prepared, secrets: secrets)
        notCarriedOver = Self.notCarriedOver(prepared)
        prepared.headers = headers
        self.prepared = prepared
        self.secrets = secrets
    }

    /// The environment variables the program reads, in the order it first reads them.
    public var environmentNames: [String] {
        var texts = [url] + headers.map(\.value)
        if let basicAuth { texts += [basicAuth.user, basicAuth.password] }
        switch body {
        case .text(let text): texts.append(text)
        case .multipart(let parts): for case .field(_, let value) in parts { texts.append(value) }
        default: break
        }
        var seen: Set<String> = []
        return texts.flatMap(\.environmentNames).filter { seen.insert($0).inserted }
    }

    /// `Basic dXNlcjpwYXNz` → (`user`, `pass`).
    static func basicCredentials(_ value: String) -> (user: String, password: String)? {
        guard value.count > 6, value.prefix(6).lowercased() == "basic ",
              let data = Data(base64Encoded: String(value.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
              let decoded = String(data: data, encoding: .utf8), let colon = decoded.firstIndex(of: ":") else { return nil }
        return (String(decoded[..<colon]), String(decoded[decoded.index(after: colon)...]))
    }

    /// Names the credentials no variable gave: a basic password, a secret header's value (a
    /// token after its scheme), a secret query parameter's value.
    private static func nameCredentials(headers: [(name: String, value: String)], basicPassword: String?, url: String,
                                        in secrets: inout CodeSecrets) {
        if let basicPassword, !basicPassword.isEmpty, !secrets.hasSecret(in: basicPassword) {
            secrets.name(basicPassword, as: "API_PASSWORD")
        }
        for (name, value) in headers where Redaction.isSensitiveHeader(name) && !value.isEmpty && !secrets.hasSecret(in: value) {
            let words = value.split(separator: " ", maxSplits: 1)
            let lowercased = name.lowercased()
            if lowercased.hasSuffix("authorization"), words.count == 2, words[0].allSatisfy(\.isLetter) {
                secrets.name(String(words[1]), as: "API_TOKEN")
            } else {
                secrets.name(value, as: CodeSecrets.environmentName(for: name))
            }
        }
        for item in URLComponents(string: url)?.percentEncodedQueryItems ?? [] {
            guard let value = item.value, !value.isEmpty, Redaction.isSensitiveKey(item.name.removingPercentEncoding ?? item.name),
                  !secrets.hasSecret(in: value) else { continue }
            secrets.name(value, as: CodeSecrets.environmentName(for: item.name.removingPercentEncoding ?? item.name))
        }
    }

    private static func body(of prepared: PreparedRequest, secrets: CodeSecrets) -> Body {
        if let multipart = prepared.multipart {
            return .multipart(multipart.parts.map { part in
                switch part {
                case .field(let name, let value): .field(name: name, value: secrets.text(value))
                case .file(let name, let path, let filename, let contentType):
                    .file(name: name, path: path, filename: filename ?? (path as NSString).lastPathComponent, contentType: contentType)
                case .data(let name, let data, let filename, let contentType):
                    .data(name: name, data: data, filename: filename ?? name, contentType: contentType)
                }
            })
        }
        if let file = prepared.bodyFile { return .file(path: file) }
        guard let data = prepared.body, !data.isEmpty || !prepared.method.encodesArgumentsInQuery else { return .none }
        guard let text = String(data: data, encoding: .utf8) else { return .bytes(data) }
        return .text(secrets.text(text))
    }

    private static func notCarriedOver(_ prepared: PreparedRequest) -> [String] {
        var notes: [String] = []
        if let authentication = prepared.libcurlAuthentication {
            switch authentication.method {
            case .digest: notes.append("digest authentication")
            case .ntlm: notes.append("NTLM authentication")
            case .negotiate: notes.append("Negotiate (Kerberos) authentication")
            case .awsSigV4: notes.append("AWS Signature Version 4 signing")
            }
        }
        if prepared.signer != nil { notes.append("the request's signature (its auth scheme signs it as it goes out)") }
        if prepared.tlsPolicy.clientCertificate != nil { notes.append("the client certificate") }
        if !prepared.tlsPolicy.verifyPeer { notes.append("insecure TLS (the server's certificate is not verified)") }
        if prepared.tlsPolicy.caFile != nil { notes.append("the CA file") }
        if prepared.tlsPolicy.pinnedPublicKey != nil { notes.append("the pinned public key") }
        if prepared.httpVersion != .auto { notes.append("the HTTP version (\(prepared.httpVersion.rawValue))") }
        if prepared.connectionRoute != nil { notes.append("the connection route (resolve, connect-to or a Unix socket)") }
        if case .url = prepared.proxy { notes.append("the proxy") }
        return notes
    }
}
