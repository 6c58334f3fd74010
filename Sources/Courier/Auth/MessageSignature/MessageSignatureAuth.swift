import Foundation

/// HTTP Message Signatures (RFC 9421): `Signature-Input` and `Signature` over the request
/// as it goes out — its method, final URL and header fields — with ed25519, hmac-sha256 or
/// ecdsa-p256-sha256, and `Content-Digest` (RFC 9530, sha-256) of the body when covered.
/// Written `auth: {signature: {keyId, algorithm, key or keyFile, components, created,
/// expires, nonce, tag, label}}`.
///
/// Covered by default: `@method @authority @path`, `@query` when the URL has one,
/// `content-digest` when there is a body (a multipart form's is not known before sending),
/// and `content-type` when the request has one. A covered `content-digest`, `date`,
/// `content-length`, `user-agent` or `host` the request lacks is added, so that what is
/// signed is what is sent.
public struct MessageSignatureAuth: AuthScheme {
    /// The key's name as the verifier knows it, written `keyId`; required. Sent as the
    /// `keyid` parameter (RFC 9421 §2.3); not a secret.
    public var keyID: String
    /// `ed25519`, `hmac-sha256` or `ecdsa-p256-sha256`.
    public var algorithm: String
    /// The key inline: PEM, or base64 of its bytes (an hmac secret, a raw 32-byte key). A
    /// secret, redacted wherever shown.
    public var key: String?
    /// A file with the key: PEM, or its bytes.
    public var keyFile: String?
    /// The covered components (`@method`, `content-type`, …); nil: the default set.
    public var components: [String]?
    /// `now`, or a Unix time.
    public var created = "now"
    /// Seconds after `created` when the signature expires; nil: no `expires`.
    public var expires: Int?
    /// A value the verifier can use to refuse a replay, written `nonce`: sent as the `nonce`
    /// parameter (RFC 9421 §2.3) as it is — the same for every request unless a
    /// `{{placeholder}}` makes it new. Nil: no `nonce`.
    public var nonce: String?
    /// What the signature is for, in the verifier's terms (an application or profile name),
    /// written `tag`: the `tag` parameter (RFC 9421 §2.3). Nil: no `tag`.
    public var tag: String?
    /// The name of the signature in both header fields.
    public var label = "sig1"

    /// A signature with `keyID` and `algorithm` and the key inline (`key`) or in a file
    /// (`keyFile`): give one (with both, the file is used); the key is a secret, the file's
    /// path is not. The rest at their defaults: the default components, `created` now, no
    /// `expires`, label `sig1`. Checked when the request is signed, not here: an unknown
    /// algorithm or a key that does not fit fails the request with
    /// ``RequestError/Code/invalidParameters``.
    public init(keyID: String, algorithm: String, key: String? = nil, keyFile: String? = nil) {
        self.keyID = keyID
        self.algorithm = algorithm
        self.key = key
        self.keyFile = keyFile
    }

    public static let schemeDescription = AuthSchemeDescription(
        key: "signature", title: "HTTP Message Signature",
        summary: "RFC 9421: Signature-Input and Signature over the request as sent",
        fields: [AuthField("keyId", label: "key id", required: true),
                 AuthField("algorithm", kind: .choice(SignatureAlgorithm.allCases.map(\.rawValue)), required: true),
                 AuthField("key", kind: .key), AuthField("keyFile", label: "key file", kind: .file),
                 AuthField("components", kind: .list),
                 AuthField("created", default: "now"),
                 AuthField("expires", kind: .integer(1...31_536_000)),
                 AuthField("nonce"), AuthField("tag"),
                 AuthField("label", default: "sig1", template: false)])

    public init(values: AuthValues) throws(AuthValueError) {
        let values = try values.checked(against: Self.schemeDescription)
        self.init(keyID: Self.text(values, "keyId"), algorithm: Self.text(values, "algorithm"),
                  key: values["key"], keyFile: values["keyFile"])
        guard (key == nil) != (keyFile == nil) else {
            throw AuthValueError(.missing, field: nil, "a signature needs key (inline, or {{a variable}}) or keyFile, one of them")
        }
        components = values["components"].map(AuthValues.words)
        created = Self.text(values, "created")
        expires = values["expires"].flatMap { Int($0) }
        nonce = values["nonce"]
        tag = values["tag"]
        label = Self.text(values, "label")
        guard StructuredFieldText.isKey(label) else {
            throw AuthValueError(.invalid, field: "label", "label is a lowercase name (a-z, 0-9, _ - . *), not \"\(label)\"")
        }
    }

    public var values: AuthValues {
        var values = AuthValues(["keyId": keyID, "algorithm": algorithm, "created": created, "label": label])
        values["key"] = key
        values["keyFile"] = keyFile
        values["components"] = components?.joined(separator: " ")
        values["expires"] = expires.map { String($0) }
        values["nonce"] = nonce
        values["tag"] = tag
        return values
    }

    /// The signature's header fields are credentials: a redirect to another origin goes
    /// unsigned (the transport follows redirects itself and signs again on the same origin).
    public func authorize(_ request: inout PreparedRequest) throws(RequestError) {
        request.credentialHeaderNames.formUnion(["signature", "signature-input"])
    }

    public var signsOutgoingRequest: Bool { true }

    public func sign(_ request: inout PreparedRequest) throws(RequestError) {
        try sign(&request, at: Date())
    }

    /// Signs `request` as of `now` (the `created` of `created: now`).
    func sign(_ request: inout PreparedRequest, at now: Date) throws(RequestError) {
        guard let algorithm = SignatureAlgorithm(rawValue: algorithm) else { throw SignatureBase.failure("unknown algorithm \(self.algorithm)") }
        let key = if let keyFile { try SignatureKey(file: keyFile) } else { try SignatureKey(inline: self.key ?? "") }
        let created = try createdTime(now)
        let covered = try coveredComponents(of: request)
        try addMissingFields(covered, to: &request, at: now)
        let parameters = SignatureBase.Parameters(created: created, expires: expires.map { created + $0 }, keyID: keyID,
                                                  nonce: nonce, tag: tag)
        let message = SignatureBase.Message(method: request.method.rawValue, url: request.url, headers: request.headers)
        let base = try SignatureBase(components: covered, parameters: parameters, of: message)
        let signature = try algorithm.sign(Data(base.text.utf8), key: key)
        request.replaceHeader("Signature-Input", with: "\(label)=\(base.signatureParams)")
        request.replaceHeader("Signature", with: "\(label)=" + StructuredFieldText.byteSequence(signature))
    }

    private func createdTime(_ now: Date) throws(RequestError) -> Int {
        if created == "now" { return Int(now.timeIntervalSince1970) }
        guard let time = Int(created), time >= 0 else { throw SignatureBase.failure("created is now or a Unix time, not \(created)") }
        return time
    }

    /// The components as listed (lowercased, quotes dropped), or the default set.
    private func coveredComponents(of request: PreparedRequest) throws(RequestError) -> [String] {
        if let components {
            return components.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased() }
        }
        var covered = ["@method", "@authority", "@path"]
        if (try SignatureTarget(request.url)).query != nil { covered.append("@query") }
        if request.header("Content-Digest") != nil || request.body != nil || request.bodyFile != nil { covered.append("content-digest") }
        if request.header("Content-Type") != nil { covered.append("content-type") }
        return covered
    }

    /// The covered fields the request lacks that Courier can set as they will be sent.
    private func addMissingFields(_ covered: [String], to request: inout PreparedRequest, at now: Date) throws(RequestError) {
        for component in covered where !component.hasPrefix("@") && request.header(component) == nil {
            switch component {
            case "content-digest":
                request.headers.append((name: "Content-Digest", value: "sha-256=" + StructuredFieldText.byteSequence(try bodyDigest(of: request))))
            case "content-length":
                request.headers.append((name: "Content-Length", value: String(try bodyLength(of: request))))
            case "date":
                request.headers.append((name: "Date", value: Self.httpDate(now)))
            case "user-agent":
                request.headers.append((name: "User-Agent", value: request.userAgent))
            case "host":
                request.headers.append((name: "Host", value: try SignatureTarget(request.url).authority))
            default:
                break
            }
        }
    }

    /// SHA-256 of the body: the bytes, or the file read in pieces; empty without one.
    private func bodyDigest(of request: PreparedRequest) throws(RequestError) -> Data {
        if request.multipart != nil { throw SignatureBase.failure("a multipart body's digest is not known before it is sent") }
        guard let path = request.bodyFile else { return Data(CryptoDigest.sha256.hash(request.body ?? Data())) }
        guard let file = FileHandle(forReadingAtPath: path) else { throw SignatureBase.failure("cannot read the body file \(path)") }
        defer { try? file.close() }
        let hasher = DigestHasher(.sha256)
        while let chunk = try? file.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(chunk) }
        return Data(hasher.finish())
    }

    private func bodyLength(of request: PreparedRequest) throws(RequestError) -> Int {
        if request.multipart != nil { throw SignatureBase.failure("a multipart body's length is not known before it is sent") }
        guard let path = request.bodyFile else { return request.body?.count ?? 0 }
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else {
            throw SignatureBase.failure("cannot read the body file \(path)")
        }
        return size
    }

    /// An IMF-fixdate (RFC 9110 §5.6.7): `Tue, 20 Apr 2021 02:07:55 GMT`.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
