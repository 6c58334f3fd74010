import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner
import Foundation
import Glibc
import Testing
#if canImport(Glibc)
#endif

/// `unixSocket:` and `resolve:` as a workspace gives them: a relative socket path is the
/// workspace folder's (and stays inside it), a socket that cannot be used is named in the
/// error, and a malformed `resolve:` entry is found when the file is read.
@Suite struct ConnectionRouteLoadTests {
    /// An HTTP server on a Unix socket at `path` that answers one request: 200, `over the socket`.
    final class SocketServer: @unchecked Sendable {
        private let descriptor: Int32
        private let done = DispatchSemaphore(value: 0)

        /// A socket bound at `path`, listening when `listens`.
        private static func bound(_ path: String, listens: Bool) throws -> Int32 {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
            }
            let ok = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 && (!listens || listen(fd, 4) == 0)
                }
            }
            guard fd >= 0, ok else {
                if fd >= 0 { close(fd) }
                throw POSIXError(.EADDRINUSE)
            }
            return fd
        }

        /// A socket file at `path` nothing listens on.
        static func bindOnly(_ path: String) throws { close(try bound(path, listens: false)) }

        init(path: String) throws {
            descriptor = try Self.bound(path, listens: true)
            let fd = descriptor
            DispatchQueue.global().async { [done] in
                defer { done.signal() }
                var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&waiting, 1, 10_000) > 0 else { return }
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                defer { close(client) }
                var buffer = [UInt8](repeating: 0, count: 4096)
                var request = ""
                while !request.contains("\r\n\r\n") {
                    var reading = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
                    guard poll(&reading, 1, 10_000) > 0 else { return }
                    let count = read(client, &buffer, buffer.count)
                    guard count > 0 else { return }
                    request += String(decoding: buffer[..<count], as: UTF8.self)
                }
                let answer = "HTTP/1.1 200 OK\r\nContent-Length: 15\r\nConnection: close\r\n\r\nover the socket"
                _ = answer.withCString { write(client, $0, strlen($0)) }
            }
        }

        /// Waits for the one exchange (bounded by its 10 s polls), then closes the socket.
        func stop() {
            shutdown(descriptor, Int32(SHUT_RDWR))
            done.wait()
            close(descriptor)
        }
    }

    private static func run(_ path: String, _ name: String) async throws -> RequestResult? {
        let runner = try WorkspaceRunner(workspace: try Workspace.load(path: path), options: RunOptions())
        var results: [RequestResult] = []
        _ = try await runner.run([name]) { event in
            if case .request(let result) = event { results.append(result) }
        }
        return results.first
    }

    /// The process's working directory is the package's, not the workspace's: the socket
    /// is found beside the workspace file all the same.
    @Test func aRelativeUnixSocketIsInTheWorkspaceFolder() async throws {
        let yaml = "requests:\n  local:\n    url: http://courier.invalid/\n    unixSocket: run/api.sock\n"
        let path = writeWorkspace(yaml)
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder + "/run", withIntermediateDirectories: true)
        let server = try SocketServer(path: folder + "/run/api.sock")
        defer { server.stop() }
        #expect(FileManager.default.currentDirectoryPath != folder)
        let result = try await Self.run(path, "local")
        #expect(result?.status == 200, "\(String(describing: result?.error))")
    }

    @Test func aRelativeUnixSocketOutsideTheFolderIsRefused() async throws {
        let path = writeWorkspace("requests:\n  local:\n    url: http://courier.invalid/\n    unixSocket: ../../elsewhere.sock\n")
        let result = try await Self.run(path, "local")
        let message = result?.error?.message ?? ""
        #expect(message.contains("unix socket") && message.contains("outside the workspace folder"), "\(message)")
    }

    /// libcurl says "Failed to connect to localhost port 80": the error names the socket and why.
    @Test func aUnixSocketThatCannotBeUsedIsNamed() async throws {
        let folder = temporaryDirectory("courier-socket")
        FileManager.default.createFile(atPath: folder + "/plain", contents: Data())
        try SocketServer.bindOnly(folder + "/stale.sock")  // the file stays, nothing listens
        for (socket, why) in [(folder + "/missing.sock", "no such file"), (folder + "/plain", "not a socket"),
                              (folder + "/stale.sock", "connection refused")] {
            let request = ConfigurableRequest("http://courier.invalid/")
            request.definition.connectionRoute = ConnectionRoute(unixSocket: socket)
            request.agent = NetworkAgent(config: NetworkConfig())
            await #expect(throws: RequestError.self) { try await request.run() }
            let message = request.error?.message ?? ""
            #expect(message.contains("Unix socket \(socket)") && message.contains(why), "\(message)")
            #expect(!message.contains("port 80"), "\(message)")
            expectEqual(request.error?.code, .cannotConnectToHost)
        }
    }

    @Test func aMalformedResolveEntryIsFoundWhenTheFileIsRead() throws {
        let cases = [
            ("example.com:http:127.0.0.1", "the port \"http\" is not a number from 1 to 65535"),
            ("example.com:443:api.internal", "\"api.internal\" is not an IP address"),
            ("example.com:443:", "an address is empty"),
            (":443:127.0.0.1", "the host name is empty"),
            ("example.com:70000:127.0.0.1", "not a number from 1 to 65535"),
        ]
        for (entry, words) in cases {
            let yaml = "requests:\n  r:\n    url: https://example.com/\n    resolve: [\"\(entry)\"]\n"
            let error = parseError(yaml)
            #expect(error?.description.contains("test.yaml:4:") == true && error?.description.contains(words) == true,
                    "\(entry): \(String(describing: error?.description))")
        }
        for entry in ["example.com:443:127.0.0.1", "+example.com:443:127.0.0.1,::1", "example.com:443:[::1]", "[::1]:8080:127.0.0.1"] {
            let yaml = "requests:\n  r:\n    url: https://example.com/\n    resolve: [\"\(entry)\"]\n"
            #expect(parseError(yaml) == nil, "\(entry): \(String(describing: parseError(yaml)))")
        }
    }
}
