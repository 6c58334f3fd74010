import Foundation
import Testing
@testable import Workbench

@Suite("Workspace cache browsing")
struct WorkspaceCacheTests {
    @Test("entries written by a run are listed with their request and freshness, then removed")
    func listAndPurge() async throws {
        let demo = repositoryRoot + "/workspaces/demo.yaml"
        let directory = temporaryDirectory("courier-cache")
        let run = await headlessRun(demo, ["cities"]) { $0.cacheDirectory = directory }
        #expect(run.status == 0)
        let cache = WorkspaceCache(workspace: try Workspace.load(path: demo), directory: directory)
        let entries = cache.list()
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(entry.request == "cities")
        #expect(entry.freshness == "fresh")
        #expect(entry.cacheSeconds == 600)
        #expect(entry.version == 2)
        #expect(entry.url?.hasSuffix("/anything/cities?client=courier-demo&country=fr") == true)
        #expect(cache.show(entry.key)?.body.map { String(decoding: $0, as: UTF8.self).contains("cities") } == true)
        #expect(cache.purge(expiredOnly: true).isEmpty)
        let later = Date().addingTimeInterval(3600)
        #expect(cache.list(now: later).first?.freshness == "expired")
        #expect(cache.purge(expiredOnly: true, now: later) == [entry.key])
        #expect(cache.list().isEmpty)
    }

    @Test("stored URLs match request URLs with placeholders as wildcards")
    func matching() {
        #expect(WorkspaceCache.matches(path: "/anything/pets/7", template: "/anything/pets/{{id}}"))
        #expect(WorkspaceCache.matches(path: "/base/v2/pets", template: "pets"))
        #expect(!WorkspaceCache.matches(path: "/anything/dogs", template: "/anything/pets"))
    }
}
