import CourierDemoServer
import Foundation

/// The one server every contender talks to in a run: nginx on loopback when installed, else
/// Courier's demo server.
final class BenchServer {
    let kind: String
    let smallURL: String
    let bigURL: String
    /// A unary gRPC method answered by nginx over TLS with ALPN h2 (`GRPCBench`), and the CA
    /// file that verifies it; nil on the demo server or without openssl.
    private(set) var grpcURL: String?
    private(set) var grpcCAFile: String?
    private var nginx: Process?
    private var demo: DemoServer?
    private let directory: String

    private init(kind: String, smallURL: String, bigURL: String, directory: String) {
        self.kind = kind
        self.smallURL = smallURL
        self.bigURL = bigURL
        self.directory = directory
    }

    static func start(prefer: String, bigBytes: Int, scratch: String) async throws -> BenchServer {
        if prefer != "demo", let binary = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            return try startNginx(binary: binary, bigBytes: bigBytes, scratch: scratch)
        }
        let server = try await DemoServer.start()
        let bench = BenchServer(kind: "Courier demo server (Hummingbird)", smallURL: server.baseURL + "/small.json",
                                bigURL: server.baseURL + "/bytes/\(bigBytes)", directory: scratch)
        bench.demo = server
        return bench
    }

    private static func startNginx(binary: String, bigBytes: Int, scratch: String) throws -> BenchServer {
        let directory = scratch + "/nginx"
        let www = directory + "/www"
        try FileManager.default.createDirectory(atPath: www, withIntermediateDirectories: true)
        chmod(scratch, 0o755)
        // A 1 KiB JSON object: a few fields, then padding to exactly 1024 bytes.
        let head = #"{"id":1,"name":"Courier","tags":["http","libcurl","swift"],"pad":""#
        let json = head + String(repeating: "x", count: 1024 - head.utf8.count - 2) + #""}"#
        try json.write(toFile: www + "/small.json", atomically: true, encoding: .utf8)
        let big = open(www + "/big.bin", O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        ftruncate(big, off_t(bigBytes))
        close(big)
        // The gRPC method's answer: one framed 1 KiB message, then trailers with status OK. A
        // POST to a static file is 405 to nginx, so error_page turns it into the file itself.
        try FileManager.default.createDirectory(atPath: www + "/bench.Echo", withIntermediateDirectories: true)
        try GRPCBench.framed.write(to: URL(fileURLWithPath: www + "/bench.Echo/Unary"))
        let port = try freePort()
        let h2Port = try freePort()
        // TLS, not h2c: libcurl before 8.0 cannot reuse a prior-knowledge connection, so each
        // call would pay for a connection (LibcurlBuild.reusesPriorKnowledgeConnections).
        let certificate = Self.makeCertificate(in: directory)
        let user = geteuid() == 0 ? "user root root;\n" : ""
        let config = """
        \(user)daemon off;
        worker_processes 1;
        pid \(directory)/nginx.pid;
        error_log \(directory)/error.log warn;
        events { worker_connections 4096; }
        http {
            access_log off;
            client_body_temp_path \(directory)/body;
            proxy_temp_path \(directory)/proxy;
            fastcgi_temp_path \(directory)/fastcgi;
            uwsgi_temp_path \(directory)/uwsgi;
            scgi_temp_path \(directory)/scgi;
            keepalive_requests 100000000;
            keepalive_timeout 300s;
            sendfile on;
            types { application/json json; application/octet-stream bin; }
            default_type application/octet-stream;
            server { listen 127.0.0.1:\(port); root \(www); }
            \(certificate == nil ? "" : """
            server {
                listen 127.0.0.1:\(h2Port) ssl http2;
                ssl_certificate \(directory)/cert.pem;
                ssl_certificate_key \(directory)/key.pem;
                root \(www);
                location /bench.Echo/ {
                    default_type application/grpc;
                    # The request's body read before the answer (a mirror that reads it), as gRPC
                    # servers do: answering first failed about 1 % of the POSTs in a trial here.
                    mirror /read-body;
                    mirror_request_body on;
                    error_page 405 =200 $uri;
                    add_trailer grpc-status 0 always;
                    # No Content-Length (SSI drops it; the body has no directives): libcurl 7.88
                    # ends an HTTP/2 answer at its length and never reads the trailers after it.
                    ssi on;
                    ssi_types application/grpc;
                }
                location = /read-body { internal; return 204; }
            }
            """)
        }
        """
        try config.write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["-p", directory, "-c", directory + "/nginx.conf", "-e", directory + "/error.log"]
        try process.run()
        let base = "http://127.0.0.1:\(port)"
        for _ in 0..<100 where !canConnect(port: port) { usleep(50_000) }
        guard canConnect(port: port) else {
            process.terminate()
            throw BenchError("nginx did not start; see \(directory)/error.log")
        }
        let server = BenchServer(kind: "nginx \(nginxVersion(binary)) (1 worker, loopback)", smallURL: base + "/small.json",
                                 bigURL: base + "/big.bin", directory: directory)
        server.nginx = process
        if let certificate {
            server.grpcURL = "https://127.0.0.1:\(h2Port)/bench.Echo/Unary"
            server.grpcCAFile = certificate
        }
        return server
    }

    /// A self-signed certificate for 127.0.0.1 (its own CA) made by openssl in `directory`:
    /// the CA file's path, or nil without openssl.
    private static func makeCertificate(in directory: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                             "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                             "-keyout", directory + "/key.pem", "-out", directory + "/cert.pem"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? directory + "/cert.pem" : nil
    }

    func stop() async {
        if let nginx {
            nginx.terminate()
            nginx.waitUntilExit()
        }
        await demo?.stop()
    }

    private static func nginxVersion(_ binary: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["-v"]
        let pipe = Pipe()
        process.standardError = pipe
        try? process.run()
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: "/").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "?"
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        guard bound else { throw BenchError("no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func canConnect(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
