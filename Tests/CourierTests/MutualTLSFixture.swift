import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A CA, a server certificate for 127.0.0.1 and client certificates made with openssl in a
/// temporary directory, and the servers the mTLS and HTTP/2 tests talk to: nginx (started
/// with its own prefix and config, `daemon off`) and `openssl s_server`.
final class MutualTLSFixture: @unchecked Sendable {
    let directory: URL
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    /// The password of `client.key` (encrypted) and of `client.p12`.
    static let keyPassword = "hunter2"
    private var processes: [(name: String, process: ChildProcess)] = []

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-mtls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let ssl = SelfSignedServer.openssl
        try ssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=Courier Test CA",
                 "-keyout", path("ca.key"), "-out", path("ca.pem")])
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\n".write(toFile: path("server.ext"), atomically: true, encoding: .utf8)
        try ssl(["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", path("server.key"), "-out", path("server.csr")])
        try ssl(["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
                 "-days", "1", "-extfile", path("server.ext"), "-out", path("server.pem")])
        try ssl(["req", "-newkey", "rsa:2048", "-subj", "/CN=courier-client", "-passout", "pass:\(Self.keyPassword)",
                 "-keyout", path("client.key"), "-out", path("client.csr")])
        try ssl(["x509", "-req", "-in", path("client.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
                 "-days", "1", "-out", path("client.pem")])
        try ssl(["pkcs12", "-export", "-in", path("client.pem"), "-inkey", path("client.key"), "-passin", "pass:\(Self.keyPassword)",
                 "-out", path("client.p12"), "-passout", "pass:\(Self.keyPassword)"])
        // A client certificate of a CA the server does not trust, and a key of no certificate here.
        try ssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=stranger",
                 "-keyout", path("stranger.key"), "-out", path("stranger.pem")])
    }

    /// nginx's path; without nginx the test is cancelled (reported as skipped) with the reason.
    static func nginx(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        guard let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first(where: FileManager.default.isExecutableFile) else {
            let reason = "nginx is not installed (make bench's bootstrap installs it: apt-get install nginx)"
            print("skipping: \(reason)")
            try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
        }
        return nginx
    }

    /// Starts nginx with `servers` (server blocks; `PORT1`, `PORT2`, … are replaced by free
    /// ports, returned in order) and waits until every port takes connections.
    func startNginx(_ nginx: String, servers: String, ports count: Int) throws -> [Int] {
        var ports: [Int] = []
        for _ in 0..<count { ports.append(try SelfSignedServer.freeLoopbackPort()) }
        var blocks = servers
        for (index, port) in ports.enumerated().reversed() { blocks = blocks.replacingOccurrences(of: "PORT\(index + 1)", with: String(port)) }
        try FileManager.default.createDirectory(atPath: path("nginx/logs"), withIntermediateDirectories: true)
        let temp = path("nginx/tmp")
        try """
        daemon off;
        worker_processes 1;
        pid \(path("nginx/nginx.pid"));
        error_log \(path("nginx/logs/error.log"));
        events { worker_connections 64; }
        http {
            access_log off;
            client_body_temp_path \(temp); proxy_temp_path \(temp); fastcgi_temp_path \(temp); uwsgi_temp_path \(temp); scgi_temp_path \(temp);
            ssl_certificate \(path("server.pem"));
            ssl_certificate_key \(path("server.key"));
            default_type text/plain;
        \(blocks)
        }
        """.write(toFile: path("nginx/nginx.conf"), atomically: true, encoding: .utf8)
        try start(nginx, ["-p", path("nginx"), "-c", path("nginx/nginx.conf"), "-e", path("nginx/logs/error.log")], ports: ports)
        return ports
    }

    /// `openssl s_server` asking for a client certificate of the test CA and refusing the
    /// handshake without one (`-Verify 1 -verify_return_error`).
    func startStrictOpenSSLServer() throws -> Int {
        let port = try SelfSignedServer.freeLoopbackPort()
        try start("/usr/bin/openssl", ["s_server", "-accept", "127.0.0.1:\(port)", "-cert", path("server.pem"), "-key", path("server.key"),
                                       "-CAfile", path("ca.pem"), "-Verify", "1", "-verify_return_error", "-www"], ports: [port])
        return port
    }

    private func start(_ executable: String, _ arguments: [String], ports: [Int]) throws {
        let process = try ChildProcess.start([executable] + arguments)
        processes.append(((executable as NSString).lastPathComponent, process))
        // Neither server says when it listens on a pipe we can await: poll the ports (bounded: 250 × 20 ms).
        for _ in 0..<250 {
            if ports.allSatisfy(SelfSignedServer.acceptsConnections) { return }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(executable) did not start: "
            + ((try? String(contentsOfFile: path("nginx/logs/error.log"), encoding: .utf8)) ?? "")])
    }

    /// Stops the servers (nginx's master takes its worker along on SIGTERM) and removes the files.
    func stop() {
        for (name, process) in processes {
            process.stop(name == "nginx" ? SIGTERM : SIGKILL)
        }
        processes.removeAll()
        try? FileManager.default.removeItem(at: directory)
    }
}
