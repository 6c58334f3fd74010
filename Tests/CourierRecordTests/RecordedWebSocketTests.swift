import Courier
import CourierDemoServer
import CourierRecord
import Foundation
import Testing

/// A WebSocket through the proxy, with a client and a server nobody here wrote: Python's
/// websockets, whose client reaches any proxy with CONNECT and then speaks plain HTTP inside
/// (the tunnel tells it from TLS by its first byte), upgrades, and talks through the pipe; the
/// session is recorded as a `ws://` request.
@Suite struct RecordedWebSocketTests {
    static let script = """
        import asyncio, sys
        from websockets.asyncio.server import serve
        from websockets.asyncio.client import connect

        async def echo(ws):
            async for message in ws:
                await ws.send("echo " + message)

        async def main():
            async with serve(echo, "127.0.0.1", 0) as server:
                port = server.sockets[0].getsockname()[1]
                async with connect(f"ws://127.0.0.1:{port}/chat?room=7", proxy=sys.argv[1], open_timeout=20) as ws:
                    for text in ["one", "two"]:
                        await ws.send(text)
                        print(await asyncio.wait_for(ws.recv(), 20))
                print(port)

        asyncio.run(main())
        """

    /// The venv's Python with websockets, or the test is skipped saying why.
    static func python() throws -> String {
        let python = HTTPBinServer.python.path
        guard FileManager.default.isExecutableFile(atPath: python),
              (try? ChildProcess.run([python, "-c", "from websockets.asyncio.client import connect"], discardingErrors: true))?.status == 0 else {
            let reason = "no websockets in .build/test-venv (make test installs it: scripts/test-servers-bootstrap.sh)"
            print("skipping: \(reason)")
            try Test.cancel(Comment(rawValue: reason))
        }
        return python
    }

    @Test(.timeLimit(.minutes(1))) func aSessionPassesThroughAndIsRecordedAsAWebSocketRequest() async throws {
        let python = try Self.python()
        let (exchanges, sink) = AsyncStream.makeStream(of: RecordedExchange.self)
        let proxy = try await RecordingProxy.start(port: 0, authority: nil) { sink.yield($0) }
        defer { Task { await proxy.stop() } }
        let result = try await ChildProcess.finish([python, "-c", Self.script, "http://127.0.0.1:\(proxy.port)"])
        let lines = result.output.split(separator: "\n").map(String.init)
        try #require(lines.count == 3, "\(result.output)")
        expectEqual(Array(lines.prefix(2)), ["echo one", "echo two"])
        let port = lines[2]
        var iterator = exchanges.makeAsyncIterator()
        let recorded = try #require(await iterator.next())
        expectEqual(recorded.status, 101)
        expectEqual(recorded.url, "ws://127.0.0.1:\(port)/chat?room=7")
        expectEqual(recorded.responseHeader("Upgrade")?.lowercased(), "websocket")
        let yaml = RecordingFiles(workspace: nil, har: nil, origin: "test").workspace(of: [recorded]).workspace.yaml()
        #expect(yaml.contains("url: \"{{host_127_0_0_1_ws_url}}/chat?room=7\"") && yaml.contains("host_127_0_0_1_ws_url: ws://127.0.0.1:\(port)"),
                "\(yaml)")
        #expect(!yaml.contains("Sec-WebSocket") && !yaml.contains("status == 101"), "\(yaml)")
    }

    static let secureScript = """
        import asyncio, ssl, sys
        from websockets.asyncio.server import serve
        from websockets.asyncio.client import connect

        async def echo(ws):
            async for message in ws:
                await ws.send("secure " + message)

        async def main():
            served = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            served.load_cert_chain(sys.argv[2], sys.argv[3])
            trusted = ssl.create_default_context(cafile=sys.argv[4])
            async with serve(echo, "127.0.0.1", 0, ssl=served) as server:
                port = server.sockets[0].getsockname()[1]
                async with connect(f"wss://127.0.0.1:{port}/feed", proxy=sys.argv[1], ssl=trusted, open_timeout=20) as ws:
                    await ws.send("hello")
                    print(await asyncio.wait_for(ws.recv(), 20))
                print(port)

        asyncio.run(main())
        """

    /// wss:// through the proxy: the client trusts the recording CA (the proxy decrypts), the
    /// proxy trusts the server's own CA (`--upstream-cacert`) and speaks TLS to it.
    @Test(.timeLimit(.minutes(1))) func aSecureSessionPassesThroughBothTLSLegs() async throws {
        let python = try Self.python()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-record-wss-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let upstreamCA = try DemoCertificateAuthority(subject: "/CN=Courier record test upstream CA", validity: 3600)
        let server = try upstreamCA.issueServerCertificate(forHost: "127.0.0.1", validity: 3600)
        try upstreamCA.certificatePEM.write(toFile: directory + "/upstream-ca.pem", atomically: true, encoding: .utf8)
        try server.certificatePEM.write(toFile: directory + "/server.pem", atomically: true, encoding: .utf8)
        try server.privateKeyPEM.write(toFile: directory + "/server.key", atomically: true, encoding: .utf8)
        let authority = try RecordingAuthority(directory: directory + "/record")
        let (exchanges, sink) = AsyncStream.makeStream(of: RecordedExchange.self)
        let proxy = try await RecordingProxy.start(port: 0, authority: authority, upstreamCAFile: directory + "/upstream-ca.pem") { sink.yield($0) }
        defer { Task { await proxy.stop() } }
        let result = try await ChildProcess.finish([python, "-c", Self.secureScript, "http://127.0.0.1:\(proxy.port)", directory + "/server.pem",
                                                    directory + "/server.key", authority.certificateFile])
        let lines = result.output.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(result.output)")
        expectEqual(lines[0], "secure hello")
        var iterator = exchanges.makeAsyncIterator()
        let recorded = try #require(await iterator.next())
        expectEqual(recorded.status, 101)
        expectEqual(recorded.url, "wss://127.0.0.1:\(lines[1])/feed")
    }
}
