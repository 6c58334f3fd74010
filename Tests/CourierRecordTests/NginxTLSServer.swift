import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// nginx over TLS on 127.0.0.1 at a free port, with a CA and a server certificate (for
/// `localhost` and 127.0.0.1) made by openssl in a temporary directory: an HTTPS server
/// nobody here wrote, for `courier record`'s CONNECT tunnels. Without nginx the test is
/// cancelled (reported as skipped) with the reason.
final class NginxTLSServer: @unchecked Sendable {
    let directory: String
    let port: Int
    /// The CA that signed the server's certificate: what a client (or the proxy) trusts.
    var caFile: String { directory + "/ca.pem" }
    private let process: ChildProcess

    private init(directory: String, port: Int, process: ChildProcess) {
        self.directory = directory
        self.port = port
        self.process = process
    }

    /// Starts nginx with `locations` (the `location` blocks of its one server) and waits until
    /// it takes connections (at most 5 s).
    static func start(locations: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> NginxTLSServer {
        guard let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first(where: FileManager.default.isExecutableFile) else {
            let reason = "nginx is not installed (apt-get install nginx)"
            print("skipping: \(reason)")
            try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-record-nginx-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/logs", withIntermediateDirectories: true)
        func openssl(_ arguments: [String]) throws {
            guard try ChildProcess.run(["/usr/bin/openssl"] + arguments, discardingErrors: true).status == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl \(arguments.first ?? "") failed"])
            }
        }
        let path = { (name: String) in directory + "/" + name }
        try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=Courier record test CA",
                     "-keyout", path("ca.key"), "-out", path("ca.pem")])
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\n".write(toFile: path("server.ext"), atomically: true, encoding: .utf8)
        try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", path("server.key"), "-out", path("server.csr")])
        try openssl(["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
                     "-days", "1", "-extfile", path("server.ext"), "-out", path("server.pem")])
        let port = try LoopbackPorts.free()
        try """
        daemon off;
        worker_processes 1;
        pid \(path("nginx.pid"));
        error_log \(path("logs/error.log"));
        events { worker_connections 64; }
        http {
            access_log off;
            client_body_temp_path \(path("tmp")); proxy_temp_path \(path("tmp")); fastcgi_temp_path \(path("tmp"));
            uwsgi_temp_path \(path("tmp")); scgi_temp_path \(path("tmp"));
            default_type text/plain;
            server {
                listen 127.0.0.1:\(port) ssl;
                ssl_certificate \(path("server.pem"));
                ssl_certificate_key \(path("server.key"));
        \(locations)
            }
        }
        """.write(toFile: path("nginx.conf"), atomically: true, encoding: .utf8)
        let process = try ChildProcess.start([nginx, "-p", directory, "-c", path("nginx.conf"), "-e", path("logs/error.log")])
        let server = NginxTLSServer(directory: directory, port: port, process: process)
        // nginx says nothing when it listens: poll the port (bounded: 250 × 20 ms).
        for _ in 0..<250 {
            if LoopbackPorts.acceptsConnections(port: port) { return server }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        server.stop()
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "nginx did not start: "
            + ((try? String(contentsOfFile: path("logs/error.log"), encoding: .utf8)) ?? "")])
    }

    /// Stops nginx (its master takes the worker along on SIGTERM) and removes the files.
    func stop() {
        process.stop(SIGTERM)
        _ = process.wait()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
