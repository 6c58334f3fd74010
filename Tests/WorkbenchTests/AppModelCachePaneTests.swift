import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The Cache pane: entries as they are written, their states and why a request misses.
@Suite(.serialized) struct AppModelCachePaneTests {
    /// Sends `cities` from the network and waits until the Cache pane lists its entry: the
    /// workbench reads the directory when the entry is written (no other read happens here,
    /// so a test's later reads at a time of its choosing are not overtaken by this one).
    private func cacheCities(_ app: AppHarness) async throws {
        app.select(.request("cities"))
        app.press(.character("R"))
        try await app.settle("cities listed in the Cache pane") {
            app.model.panes.cache.browser.rows.contains { $0.request == "cities" } && !app.model.panes.cache.isReading
        }
    }

    /// Waits until the Cache pane shows its latest read of the directory (reads are made off
    /// the input loop and arrive through the mailbox).
    private func listed(_ app: AppHarness, in other: AppModel? = nil) async throws {
        try await app.settle("the cache listing", in: other) { !(other ?? app.model).panes.cache.isReading }
    }

    @Test func anEntryAppearsWhenWrittenWithItsVersionAndGoesWithD() async throws {
        try await AppHarness.run { app in
            #expect(app.model.panes.cache.browser.rows.isEmpty)
            app.select(.request("cities"))
            #expect(app.screen.contains("cities: miss — no entry yet"))
            try await cacheCities(app)
            let row = try #require(app.model.panes.cache.browser.rows.first)
            expectEqual(row.request, "cities")
            expectEqual(row.state, "fresh")
            expectEqual(row.listing.storedVersion, 2)
            #expect(row.listing.sensitive)
            #expect(app.screen.contains("cities: from the cache now"))
            app.press(.character("z"), .character("4"))
            let screen = app.screen
            #expect(screen.contains("v2"))
            #expect(screen.contains("fresh"))
            #expect(screen.contains("1 entry"))
            app.press(.character("d"))
            try await listed(app)
            #expect(app.model.panes.cache.browser.rows.isEmpty)
            #expect(!app.model.session.hasFreshCacheEntry("cities"))
        }
    }

    @Test func enterShowsTheEntrysBodyAndMetadataWithoutTheSensitiveValue() async throws {
        try await AppHarness.run { app in
            try await cacheCities(app)
            app.press(.character("4"), .enter)
            expectEqual(app.model.focus, .exchange)
            #expect(app.screen.contains("Cache entry"))
            #expect(app.screen.contains("\"country\""))
            app.press(.character("]"))
            let metadata = app.screen
            #expect(metadata.contains("set (only its SHA-256 is stored)"))
            #expect(!metadata.contains("demo\""), "the sensitive value itself is never shown")
            app.press(.escape)
            #expect(app.model.panes.exchange.inspection == nil)
        }
    }

    /// The cached body is the server's echo of the request: a known secret in it (here a
    /// `sensitive` value sent under an innocent header name) is hidden as in history, until `v`.
    @Test func anOpenedEntryHidesKnownSecretsUntilRevealed() async throws {
        let secret = "tok-cache-5150"
        try await AppHarness.run(editing: {
            $0.replacingOccurrences(of: "    args: {country: fr}\n    cache:",
                                    with: "    args: {country: fr}\n    headers: {X-Note: \(secret)}\n    sensitive: [\(secret)]\n    cache:")
        }) { app in
            try await cacheCities(app)
            app.press(.character("4"), .enter)
            #expect(app.screen.contains("\"country\""))
            #expect(app.screen.contains("X-Note"), "the echoed header is shown")
            #expect(!app.screen.contains(secret))
            app.press(.escape, .character("4"))
            app.model.perform(.revealSecrets)
            app.press(.enter)
            #expect(app.screen.contains(secret), "v reveals it")
        }
    }

    @Test func everyStateShowsAsTheRequestWouldJudgeIt() async throws {
        try await AppHarness.run { app in
            try await cacheCities(app)
            let key = try #require(app.model.panes.cache.browser.rows.first?.listing.key)
            app.model.reloadCache(now: Date().addingTimeInterval(700))
            try await listed(app)
            expectEqual(app.model.panes.cache.browser.rows.first?.state, "expired")
            app.press(.character("4"), .character("D"))
            try await listed(app)
            #expect(app.model.panes.cache.browser.rows.isEmpty, "D purges expired entries")
            try await cacheCities(app)
            try app.fileText.replacingOccurrences(of: "version: 2", with: "version: 3").write(toFile: app.workspacePath, atomically: true, encoding: .utf8)
            try await app.fileChanged()
            app.model.reloadCache()
            try await listed(app)
            expectEqual(app.model.panes.cache.browser.rows.first?.state, "versionMismatch")
            #expect(app.screen.contains("-2"), "why-miss names the cache error code")
            let body = app.model.session.workspaceCache.directory + "/" + key
            try Data("tampered".utf8).write(to: URL(fileURLWithPath: body))
            app.model.reloadCache()
            try await listed(app)
            #expect(app.model.panes.cache.browser.rows.contains { $0.state == "corrupt" })
            app.press(.character("4"), .character("P"), .character("y"))
            try await listed(app)
            #expect(app.model.panes.cache.browser.rows.isEmpty)
        }
    }

    @Test func anotherUsersEntryIsASensitiveDataMismatch() async throws {
        try await AppHarness.run { app in
            try await cacheCities(app)
            let other = try app.reopened(overrides: ["user": "someone-else"])
            try await listed(app, in: other)
            expectEqual(other.panes.cache.browser.rows.first?.state, "sensitiveDataMismatch")
            other.tell(.reveal(.request("cities")))
            other.selectionChanged()
            other.tick()
            var buffer = CellBuffer(size: other.size)
            Painter(glyphs: .unicode).paint(other.frame(), over: nil, on: &buffer)
            #expect(buffer.text.contains("cities: miss — -3"))
        }
    }

    @Test func whyMissNamesEveryReasonARequestGoesToTheNetwork() async throws {
        try await AppHarness.run { app in
            /// The why-miss line of the Cache pane, painted at `now` (the loop's tick first:
            /// an entry whose time ran out is judged again then).
            func whyMiss(at now: Date = Date()) -> String {
                app.model.tick(now: now)
                var buffer = CellBuffer(size: app.model.size)
                Painter(glyphs: .unicode).paint(app.model.frame(now: now), over: nil, on: &buffer)
                return buffer.text.split(separator: "\n").first { $0.contains("cities:") }.map(String.init) ?? ""
            }
            // Wide enough for the whole line in the Cache pane's column.
            app.model.size = Size(columns: 400, rows: 40)
            app.select(.request("cities"))
            #expect(whyMiss().contains("cities: miss — no entry yet"))
            try await cacheCities(app)
            app.select(.request("cities"))
            #expect(whyMiss().contains("cities: from the cache now"))
            #expect(whyMiss(at: Date().addingTimeInterval(700)).contains("cities: miss — -1 Cache expired"))
            let key = try #require(app.model.panes.cache.browser.rows.first?.listing.key)
            let metadataPath = app.model.session.workspaceCache.directory + "/" + key + ".metadata"
            let metadata = try String(contentsOfFile: metadataPath, encoding: .utf8)
            let reasons: [(metadata: String, expected: String)] = [
                (metadata.replacingOccurrences(of: "\"version\" : 2", with: "\"version\" : 1"), "-2 Cache version mismatch"),
                (metadata.replacingOccurrences(of: "\"sensitiveDataDigest\" : \"", with: "\"sensitiveDataDigest\" : \"0"),
                 "-3 "),
                (metadata.replacingOccurrences(of: "\"appVersion\" : \"", with: "\"appVersion\" : \"9"), "-4 "),
                ("{ not json", "-6 "),
            ]
            for reason in reasons {
                #expect(reason.metadata != metadata, "the test changed the entry")
                let before = whyMiss()
                try reason.metadata.write(toFile: metadataPath, atomically: true, encoding: .utf8)
                // The verdict is judged on events, not per frame: selecting the request is one.
                #expect(whyMiss() == before, "not read again while drawing")
                app.select(.request("cities"))
                #expect(whyMiss().contains("cities: miss — \(reason.expected)"), "\(whyMiss())")
            }
            try metadata.write(toFile: metadataPath, atomically: true, encoding: .utf8)
            app.select(.request("cities"))
            #expect(whyMiss().contains("cities: from the cache now"))
            try Data("tampered".utf8).write(to: URL(fileURLWithPath: app.model.session.workspaceCache.directory + "/" + key))
            app.select(.request("cities"))
            #expect(whyMiss().contains("cities: miss — -7 "), "\(whyMiss())")
            try app.fileText.replacingOccurrences(of: "seconds: 600", with: "seconds: 0")
                .write(toFile: app.workspacePath, atomically: true, encoding: .utf8)
            try await app.fileChanged()
            #expect(whyMiss().contains("cities: to the network — cache time 0"), "\(whyMiss())")
        }
    }

    /// Drawing reads no directory and judges nothing: the listing and the verdict change on
    /// events (here an entry's expiry), and any number of frames in between cost no I/O.
    @Test func framesReadTheDirectoryOnlyWhenSomethingChanged() async throws {
        try await AppHarness.run { app in
            try await cacheCities(app)
            app.select(.request("cities"))
            app.press(.character("4"))
            let now = Date()
            app.model.tick(now: now)
            let reads = app.model.panes.cache.browser.reads
            let judgements = app.model.panes.cache.judgements
            for frame in 0..<50 {
                let at = now.addingTimeInterval(Double(frame) / 10)
                app.model.tick(now: at)
                var buffer = CellBuffer(size: app.model.size)
                Painter(glyphs: .unicode).paint(app.model.frame(now: at), over: nil, on: &buffer)
                #expect(buffer.text.contains("cities: from the cache now"))
            }
            #expect(app.model.panes.cache.browser.reads == reads, "50 frames, no directory read")
            #expect(app.model.panes.cache.judgements == judgements, "50 frames, no verdict judged")
            app.model.tick(now: now.addingTimeInterval(700))
            try await listed(app)
            #expect(app.model.panes.cache.browser.reads == reads + 1, "the entry's expiry is an event")
            expectEqual(app.model.panes.cache.browser.rows.first?.state, "expired")
        }
    }

    /// The version is what a user checks when a request misses: never cut, at any width.
    @Test func theVersionColumnShowsTheWholeVersion() async throws {
        let edit = { (text: String) in text.replacingOccurrences(of: "version: 2\n      sensitive", with: "version: 31337\n      sensitive") }
        try await AppHarness.run(editing: edit) { app in
            try await cacheCities(app)
            app.press(.character("4"), .character("z"))
            #expect(app.screen.contains("v31337"), "zoomed")
            app.press(.character("z"))
            app.model.size = Size(columns: 80, rows: 24)
            #expect(app.screen.contains("v31337"), "at 80×24")
        }
    }

    /// Another process's changes to the directory show without any event of this one: the
    /// pane watches the directory (inotify) and reads it again.
    @Test func changesMadeByOthersShowWithoutAnEventHere() async throws {
        try await AppHarness.run(watchingCache: true) { app in
            try await cacheCities(app)
            let directory = app.model.session.workspaceCache.directory
            let key = try #require(app.model.panes.cache.browser.rows.first?.listing.key)
            let copy = String(repeating: "0", count: key.count)
            let files = FileManager.default
            try files.copyItem(atPath: directory + "/" + key + ".metadata", toPath: directory + "/" + copy + ".metadata")
            try files.copyItem(atPath: directory + "/" + key, toPath: directory + "/" + copy)
            try await app.settle("the copied entry listed") { app.model.panes.cache.browser.rows.count == 2 }
            try files.removeItem(atPath: directory + "/" + key)
            try files.removeItem(atPath: directory + "/" + key + ".metadata")
            try await app.settle("the removed entry gone") {
                app.model.panes.cache.browser.rows.map(\.listing.key) == [copy]
            }
        }
    }
}
