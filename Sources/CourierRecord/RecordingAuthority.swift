#if DemoTLS
import CourierDemoServer
import Foundation
import NIOSSL
import Synchronization

/// The certificate authority `courier record` decrypts HTTPS with: made on first use and kept
/// in the state directory (the directory 0700, the key 0600) so that a client trusts it once,
/// and a certificate per host it signs when a client first `CONNECT`s to that host (kept in
/// memory). `courier record --ca` prints its file and how to trust it.
public final class RecordingAuthority: Sendable {
    /// The directory that holds the CA.
    public let directory: String
    /// The CA's certificate, PEM: what a client trusts (`curl --cacert`, `REQUESTS_CA_BUNDLE`).
    public var certificateFile: String { directory + "/" + Self.certificateName }
    /// Whether the CA was made now rather than read from ``directory``.
    public let isNew: Bool
    private let authority: DemoCertificateAuthority
    private let contexts = Mutex<[String: NIOSSLContext]>([:])

    static let certificateName = "courier-record-ca.pem"
    static let keyName = "courier-record-ca-key.pem"
    /// How long the CA is valid: it is kept, and trusted by hand.
    static let validity: TimeInterval = 825 * 24 * 3600
    /// How long a host's certificate is valid: what browsers accept at most (398 days).
    static let hostValidity: TimeInterval = 397 * 24 * 3600

    /// The CA kept in `directory`, made there (with the directory) when there is none.
    ///
    /// - Throws: ``RecordingAuthorityError`` when the directory cannot be made or the files
    ///   read, or are not a certificate and key that belong together.
    public init(directory: String) throws {
        self.directory = directory
        let files = FileManager.default
        let certificatePath = directory + "/" + Self.certificateName, keyPath = directory + "/" + Self.keyName
        if files.fileExists(atPath: certificatePath) || files.fileExists(atPath: keyPath) {
            do {
                let certificate = try String(contentsOfFile: certificatePath, encoding: .utf8)
                let key = try String(contentsOfFile: keyPath, encoding: .utf8)
                authority = DemoCertificateAuthority(certificatePEM: certificate, privateKeyPEM: key)
            } catch {
                throw RecordingAuthorityError(description: "cannot read the recording CA in \(directory): \(error.localizedDescription) "
                                              + "(remove \(Self.certificateName) and \(Self.keyName) there to make a new one)")
            }
            isNew = false
        } else {
            do {
                try files.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                try files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)
                let made = try DemoCertificateAuthority(subject: "/O=Courier/CN=Courier record CA (\(ProcessInfo.processInfo.hostName))",
                                                        validity: Self.validity)
                // The key first, owner-only from the start: a CA file without its key is useless.
                guard files.createFile(atPath: keyPath, contents: Data(made.privateKeyPEM.utf8), attributes: [.posixPermissions: 0o600]),
                      files.createFile(atPath: certificatePath, contents: Data(made.certificatePEM.utf8), attributes: [.posixPermissions: 0o644])
                else { throw RecordingAuthorityError(description: "cannot write the recording CA into \(directory)") }
                authority = made
            } catch let error as RecordingAuthorityError {
                throw error
            } catch {
                throw RecordingAuthorityError(description: "cannot make the recording CA in \(directory): \(error)")
            }
            isNew = true
        }
        // A certificate and key that do not belong together fail here, not at the first tunnel.
        do {
            _ = try makeContext(for: "localhost")
        } catch {
            throw RecordingAuthorityError(description: "the recording CA in \(directory) is not usable: \(error) "
                                          + "(remove \(Self.certificateName) and \(Self.keyName) there to make a new one)")
        }
    }

    /// The TLS server configuration for `host`: a certificate the CA signs for it, made once.
    func serverContext(for host: String) throws -> NIOSSLContext {
        if let known = contexts.withLock({ $0[host] }) { return known }
        let context = try makeContext(for: host)
        contexts.withLock { $0[host] = context }
        return context
    }

    private func makeContext(for host: String) throws -> NIOSSLContext {
        let issued = try authority.issueServerCertificate(forHost: host, validity: Self.hostValidity)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(issued.certificatePEM.utf8), format: .pem))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(issued.privateKeyPEM.utf8), format: .pem))
        )
        configuration.applicationProtocols = ["http/1.1"]
        return try NIOSSLContext(configuration: configuration)
    }
}
#endif

/// Why the recording CA cannot be used.
public struct RecordingAuthorityError: Error, CustomStringConvertible, Sendable {
    public let description: String
}
