internal import CCourierCrypto
import Foundation

/// The algorithms a message signature is made with (RFC 9421 §3.3), through the system's
/// libcrypto (CCourierCrypto), and the keys they take: PEM (PKCS#8, or SEC 1 for P-256), or
/// the key's raw bytes.
enum SignatureAlgorithm: String, Sendable, CaseIterable {
    /// EdDSA over Curve25519 (§3.3.6): deterministic. A 32-byte private key.
    case ed25519
    /// HMAC with SHA-256 (§3.3.3): a shared secret.
    case hmacSHA256 = "hmac-sha256"
    /// ECDSA over P-256 with SHA-256 (§3.3.4): r and s, 32 bytes each.
    case ecdsaP256SHA256 = "ecdsa-p256-sha256"

    /// The signature of `base` with the private key (or shared secret) in `key`.
    func sign(_ base: Data, key: SignatureKey) throws(RequestError) -> Data {
        var signature = [UInt8](repeating: 0, count: 64)
        let status: Int32
        switch self {
        case .ed25519:
            let seed = try key.ed25519Seed()
            status = base.withUnsafeBytes { base in
                seed.withUnsafeBytes { seed in
                    courier_ed25519_sign(seed.baseAddress, base.baseAddress, base.count, &signature)
                }
            }
        case .hmacSHA256:
            guard !key.bytes.isEmpty else { throw SignatureBase.failure("the hmac-sha256 secret is empty") }
            return Data(HMACSHA256.code(key: key.bytes, data: base))
        case .ecdsaP256SHA256:
            if key.pem?.contains("ENCRYPTED") == true {
                throw SignatureBase.failure("the \(rawValue) key is encrypted; give it decrypted (openssl pkey -in KEY -out PLAIN)")
            }
            status = key.withP256Bytes { keyBytes, isPEM in
                base.withUnsafeBytes { base in
                    courier_p256_sign(keyBytes.baseAddress, keyBytes.count, isPEM ? 1 : 0, base.baseAddress, base.count, &signature)
                }
            }
        }
        guard status == 0 else { throw SignatureBase.failure("the \(rawValue) key is not one (\(CryptoError.lastReported()))") }
        return Data(signature)
    }

    /// Whether `signature` of `base` verifies with the public key (or shared secret) in `key`.
    func verify(_ signature: Data, of base: Data, key: SignatureKey) -> Bool {
        switch self {
        case .ed25519:
            guard let raw = key.ed25519PublicKey() else { return false }
            return base.withUnsafeBytes { base in
                raw.withUnsafeBytes { raw in
                    signature.withUnsafeBytes {
                        courier_ed25519_verify(raw.baseAddress, base.baseAddress, base.count, $0.baseAddress, $0.count) == 1
                    }
                }
            }
        case .hmacSHA256:
            return HMACSHA256.isValid(signature, key: key.bytes, data: base)
        case .ecdsaP256SHA256:
            return key.withP256Bytes { keyBytes, isPEM in
                base.withUnsafeBytes { base in
                    signature.withUnsafeBytes {
                        courier_p256_verify(keyBytes.baseAddress, keyBytes.count, isPEM ? 1 : 0, base.baseAddress, base.count,
                                            $0.baseAddress, $0.count) == 1
                    }
                }
            }
        }
    }
}

/// Key material as written: PEM text, or the key's bytes.
struct SignatureKey: Sendable {
    /// The PEM text, when the key is PEM.
    let pem: String?
    /// The raw bytes: a PEM's DER, or the key itself.
    let bytes: Data

    /// `text` as PEM when it has a `-----BEGIN` line, else base64 of the key's bytes.
    init(inline text: String) throws(RequestError) {
        if text.contains("-----BEGIN") {
            try self.init(pem: text)
        } else if let bytes = Data(base64Encoded: text.filter { !$0.isWhitespace }) {
            self.init(pem: nil, bytes: bytes)
        } else {
            throw SignatureBase.failure("key is neither PEM nor base64")
        }
    }

    /// A file's content: PEM when it has a `-----BEGIN` line, else the key's bytes.
    init(file path: String) throws(RequestError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw SignatureBase.failure("cannot read the key file \(path)") }
        if let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN") {
            try self.init(pem: text)
        } else {
            self.init(pem: nil, bytes: data)
        }
    }

    private init(pem text: String) throws(RequestError) {
        let body = text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("-----") }.joined()
        guard let der = Data(base64Encoded: body) else { throw SignatureBase.failure("the PEM key does not decode") }
        self.init(pem: text, bytes: der)
    }

    init(pem: String?, bytes: Data) {
        self.pem = pem
        self.bytes = bytes
    }

    /// The Ed25519 OID (1.3.101.112) as DER: `06 03 2B 65 70`.
    private static let ed25519OID: [UInt8] = [0x06, 0x03, 0x2B, 0x65, 0x70]

    /// The 32-byte private key: raw, or the one in a PKCS#8 `PRIVATE KEY`
    /// (`… 06 03 2B 65 70 04 22 04 20 <32 bytes>`).
    func ed25519Seed() throws(RequestError) -> Data {
        if pem == nil, bytes.count == 32 { return bytes }
        let der = [UInt8](bytes)
        let marker = Self.ed25519OID + [0x04, 0x22, 0x04, 0x20]
        guard pem != nil, let start = Self.index(of: marker, in: der), start + marker.count + 32 <= der.count else {
            throw SignatureBase.failure("the ed25519 key is neither a PKCS#8 PEM private key nor 32 raw bytes")
        }
        return Data(der[(start + marker.count)..<(start + marker.count + 32)])
    }

    /// The 32-byte public key: raw, or the one in a `PUBLIC KEY` (`… 06 03 2B 65 70 03 21 00 <32 bytes>`).
    func ed25519PublicKey() -> Data? {
        if pem == nil, bytes.count == 32 { return bytes }
        let der = [UInt8](bytes), marker = Self.ed25519OID + [0x03, 0x21, 0x00]
        guard let start = Self.index(of: marker, in: der), start + marker.count + 32 <= der.count else { return nil }
        return Data(der[(start + marker.count)..<(start + marker.count + 32)])
    }

    /// The P-256 key as libcrypto takes it: the PEM text (PKCS#8, SEC 1 or a public key's
    /// SubjectPublicKeyInfo), or the raw bytes (a private scalar, or a public x||y).
    func withP256Bytes<T>(_ body: (UnsafeRawBufferPointer, _ isPEM: Bool) -> T) -> T {
        if let pem { return Data(pem.utf8).withUnsafeBytes { body($0, true) } }
        return bytes.withUnsafeBytes { body($0, false) }
    }

    private static func index(of marker: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= marker.count else { return nil }
        return (0...(bytes.count - marker.count)).first { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }
    }
}
