import Courier
import CourierDemoServer
import Foundation
import Testing
@testable import CourierFormat
@testable import CourierHistory
@testable import CourierWorkspace

/// A spooled response body (past `spoolBodiesOver`) is kept by the history by reference: a
/// redacted copy, owner-only, in `bodies/` beside the database — within
/// `config.history.spooledBytes` each and `spooledTotalBytes` together, the oldest let go —
/// and it goes when its exchange is pruned. Against the demo server's `/anything` echo, over
/// a real run.
@Suite struct HistoryKeptBodyTests {
    private static let padding = String(repeating: "x", count: 3000)

    private static func workspace(total: Int = 1 << 20) -> String {
        writeWorkspace("""
            config: {baseUrl: "{{demo}}", spoolBodiesOver: 1024, history: {spooledTotalBytes: \(total)}}
            variables: {word: swordfish-4711}
            requests:
              big:
                url: "/anything?token=tok-{{word}}&note=see-{{word}}&pad=\(padding)"
                sensitive: ["{{word}}"]
            """)
    }

    private static func keptExchanges(in state: String) throws -> [HistoryExchange] {
        let store = try HistoryStore(stateDirectory: state)
        return try store.exchanges().compactMap { try store.exchange(id: $0.id ?? 0) }
    }

    @Test func aSpooledBodyIsKeptRedactedOwnerOnlyAndGoesWithItsExchange() async throws {
        let state = temporaryDirectory("courier-state")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let path = Self.workspace()
        let run = await headlessRun(path, ["big"]) { $0.stateDirectory = state }
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        let store = try HistoryStore(stateDirectory: state)
        let exchange = try #require(try Self.keptExchanges(in: state).first)
        #expect(exchange.responseBody == nil, "past spoolBodiesOver: not in the row")
        #expect(exchange.responseBodyBytes > 3000 && exchange.responseBodySHA256 != nil)
        let kept = try #require(store.keptBodyPath(of: exchange), "kept by reference: \(String(describing: exchange.responseBodyFile))")
        let mode = (try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int) ?? 0
        expectEqual(mode, 0o600)
        let text = try String(contentsOfFile: kept, encoding: .utf8)
        #expect(!text.contains("swordfish-4711"), "the known secret is hidden: \(text.prefix(400))")
        #expect(text.contains(#""token": "‹redacted›""#) || text.contains(#""token":"‹redacted›""#), "a secret-named key's value: \(text.prefix(400))")
        #expect(text.contains(Self.padding), "the rest is as it came")
        #expect(try JSONValue(parsing: Data(text.utf8)) != .null)
        let har = String(decoding: HARExport.text([exchange]), as: UTF8.self)
        #expect(har.contains("bodies/\(exchange.responseBodyFile ?? "?")"), "HAR says where the body is kept")

        // Pruned, its kept body goes with it.
        _ = try store.prune(HistoryRetention(count: 0))
        #expect(!FileManager.default.fileExists(atPath: kept))
    }

    @Test func anOfflineRunIsAnsweredWithTheKeptBody() async throws {
        let server = try await DemoServer.start()
        let path = writeWorkspace("""
            config: {baseUrl: "http://127.0.0.1:\(server.port)", spoolBodiesOver: 1024}
            requests:
              big: {url: "/anything?pad=\(Self.padding)"}
            """)
        let state = temporaryDirectory("courier-state")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let online = await headlessRun(path, ["big"]) { $0.stateDirectory = state }
        await server.stop()
        #expect(online.status == 0, "\(online.output) \(online.errors)")
        let offline = await headlessRun(path, ["big"]) { run in
            run.stateDirectory = state
            run.offline = true
            run.json = true
        }
        #expect(offline.status == 0, "answered from the history: \(offline.output) \(offline.errors)")
        #expect(offline.output.contains { $0.contains("\"fromHistory\"") }, "\(offline.output)")
    }

    @Test func theKeptBodiesStayWithinTheirTotalTheOldestLetGo() async throws {
        let state = temporaryDirectory("courier-state")
        defer { try? FileManager.default.removeItem(atPath: state) }
        // Room for one body of about 6.6 KB (the echo holds the padding twice), not two.
        let path = Self.workspace(total: 10_000)
        for _ in 0..<2 {
            let run = await headlessRun(path, ["big"]) { $0.stateDirectory = state }
            #expect(run.status == 0, "\(run.output) \(run.errors)")
        }
        let exchanges = try Self.keptExchanges(in: state).sorted { $0.id ?? 0 < $1.id ?? 0 }
        expectEqual(exchanges.count, 2)
        #expect(exchanges[0].responseBodyFile == nil, "the older one was let go")
        #expect(exchanges[1].responseBodyFile != nil, "the newer one is kept")
        let store = try HistoryStore(stateDirectory: state)
        let files = try FileManager.default.contentsOfDirectory(atPath: store.keptBodiesDirectory)
        expectEqual(files, [try #require(exchanges[1].responseBodyFile)])
        #expect(exchanges[0].responseBodySHA256 != nil, "its row keeps the size and hash")
    }
}
