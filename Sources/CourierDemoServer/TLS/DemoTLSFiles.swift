import Foundation

/// The PEM files a client needs to talk to the TLS listeners — the CA to verify them with, and
/// the client certificate and key the client-certificate listener asks for — in a directory of
/// the demo server's own (owner-only), removed when the server stops.
public struct DemoTLSFiles: Sendable, Hashable {
    /// The directory holding the files.
    public let directory: String
    /// The CA certificate that signed the listeners' server certificate (`tls: {caFile: …}`).
    public var caFile: String { directory + "/ca.pem" }
    /// A client certificate signed by the same CA (`tls: {clientCert: …}`).
    public var clientCertificateFile: String { directory + "/client.pem" }
    /// The client certificate's private key, unencrypted (`tls: {clientKey: …}`).
    public var clientKeyFile: String { directory + "/client.key" }

    /// Where the directory is made unless a test says otherwise.
    static var temporaryDirectory: String { NSTemporaryDirectory() }

#if DemoTLS
    /// Writes the CA certificate and the client certificate and key into a new directory
    /// under `parent`.
    init(in parent: String, authority: DemoCertificateAuthority, client: DemoCertificateAuthority.Issued) throws {
        let parent = parent.hasSuffix("/") ? String(parent.dropLast()) : parent
        var template = Array((parent + "/courier-demo-tls-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw DemoTLSFilesError(reason: String(cString: strerror(errno))) }
        directory = String(cString: made)
        do {
            try Self.write(authority.certificatePEM, to: caFile)
            try Self.write(client.certificatePEM, to: clientCertificateFile)
            try Self.write(client.privateKeyPEM, to: clientKeyFile)
        } catch {
            remove()
            throw error
        }
    }

    /// Deletes the directory and the files in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Only the owner may read what is written: one of the files is a private key.
    private static func write(_ text: String, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw DemoTLSFilesError(reason: "cannot write \(path)")
        }
    }
#endif
}

#if DemoTLS
/// The TLS files could not be written (e.g. the temporary directory is full or read-only).
struct DemoTLSFilesError: Error, CustomStringConvertible {
    let reason: String
    var description: String { "the demo server's TLS files cannot be written: \(reason)" }
}
#endif
