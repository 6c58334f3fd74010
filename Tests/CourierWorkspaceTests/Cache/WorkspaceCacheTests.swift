@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Testing

@Suite("Workspace cache browsing")
struct WorkspaceCacheTests {
    @Test("entries written by a run are listed with their request and freshness, then removed")
    func listAndPurge() async throws {
        let demo = repositoryRoot + "/workspaces/demo.yaml"
        let directory = temporaryDirectory("courier-cache")
        let run = await headlessRun(demo, ["cities"]) { $0.cacheDirectory = directory }
        expectEqual(run.status, 0)
        let cache = WorkspaceCache(workspace: try Workspace.load(path: demo), directory: directory)
        let entries = cache.list()
        expectEqual(entries.count, 1)
        let entry = try #require(entries.first)
        expectEqual(entry.request, "cities")
        expectEqual(entry.freshness, "fresh")
        expectEqual(entry.cacheSeconds, 600)
        expectEqual(entry.version, 2)
        expectEqual(entry.url?.hasSuffix("/anything/cities?client=courier-demo&country=fr"), true)
        #expect(cache.show(entry.key)?.body.map { String(decoding: $0, as: UTF8.self).contains("cities") } == true)
        #expect(cache.purge(expiredOnly: true).isEmpty)
        let later = Date().addingTimeInterval(3600)
        expectEqual(cache.list(now: later).first?.freshness, "expired")
        expectEqual(cache.purge(expiredOnly: true, now: later), [entry.key])
        #expect(cache.list().isEmpty)
    }

    @Test("stored URLs match request URLs with placeholders as wildcards")
    func matching() {
        #expect(WorkspaceCache.matches(url: "http://h/anything/pets/7", template: "/anything/pets/{{id}}"))
        #expect(WorkspaceCache.matches(url: "http://h/base/v2/pets", template: "pets"))
        #expect(!WorkspaceCache.matches(url: "http://h/anything/dogs", template: "/anything/pets"))
    }

    @Test("an absolute URL without a baseUrl: listed fresh as a send judges it, never purged as expired")
    func absoluteURLEntriesAreJudgedAsASendJudgesThem() async throws {
        let server = try await DemoServer.start()
        let path = writeWorkspace("""
        requests:
          absolute:
            url: \(server.baseURL)/anything/abs?page=1
            cache: {seconds: 600, version: 3}
        """)
        let directory = temporaryDirectory("courier-cache")
        let first = await headlessRun(path, ["absolute"]) { $0.cacheDirectory = directory }
        #expect(first.status == 0, "\(first.errors)")
        let cache = WorkspaceCache(workspace: try Workspace.load(path: path), directory: directory)
        let entry = try #require(cache.list().first)
        expectEqual(entry.request, "absolute")
        expectEqual(entry.freshness, "fresh")
        expectEqual(entry.cacheSeconds, 600)
        expectEqual(entry.version, 3)
        #expect(cache.purge(expiredOnly: true).isEmpty, "a fresh entry is not purged")
        // A send agrees: the next run is answered from the cache.
        let second = await headlessRun(path, ["absolute"]) { $0.cacheDirectory = directory }
        await server.stop()
        #expect(second.output.joined().contains("(from cache)"), "\(second.output)")
    }

    @Test("absolute URL templates match the whole stored URL")
    func absoluteTemplates() {
        #expect(WorkspaceCache.matches(url: "http://127.0.0.1:8080/pets/7?x=1", template: "http://127.0.0.1:8080/pets/{{id}}"))
        #expect(!WorkspaceCache.matches(url: "http://127.0.0.1:9090/pets/7", template: "http://127.0.0.1:8080/pets/{{id}}"))
    }
}
