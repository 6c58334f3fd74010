import Foundation
import Testing

extension EndToEndTests {
    /// A body past `spoolBodiesOver`, browsed in the real binary's workbench in tmux: it goes to
    /// a file as it arrives, and the Body tab reads it from the file — its first screen, `G` to
    /// the last line, a search for a value near the end, a fold — without holding it in memory.
    /// (The gigabyte of the issue is `make bench-tui`'s, on the release binary; here the demo's
    /// 20 MB `huge-json` with the threshold lowered to 1 MiB takes the same path.)
    @Suite struct SpooledBody {
        @Test func aSpooledBodyIsBrowsedFromItsFile() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let workspace = try String(contentsOfFile: sandbox.workspace, encoding: .utf8)
            try #require(workspace.contains("\n  maxConcurrent: 8"))
            try workspace.replacingOccurrences(of: "\n  maxConcurrent: 8", with: "\n  spoolBodiesOver: 1048576\n  maxConcurrent: 8")
                .write(toFile: sandbox.workspace, atomically: true, encoding: .utf8)
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(sandbox.workspace)", environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            try session.select("huge-json")
            try session.press("Enter")

            // The first screen and, once indexed, every line counted.
            try await session.waitFor(all: ["in a file (spoolBodiesOver): ", #""count": 62305,"#, "line 1/1,557,630 "], seconds: 90)
            let spool = sandbox.directory + "/cache/courier/spool"
            let files = try FileManager.default.contentsOfDirectory(atPath: spool).filter { $0.hasSuffix(".body") }
            try #require(files.count == 1, "\(files)")
            let attributes = try FileManager.default.attributesOfItem(atPath: spool + "/" + files[0])
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            #expect(((attributes[.size] as? Int) ?? 0) > 19_900_000, "the whole body is in the file")

            // G: the last line; the item before the end is there above it.
            try session.press("2", "2", "G")
            try await session.waitFor(all: ["line 1,557,630/1,557,630", "Every item is padded"])

            // A search as the value is shown (the body itself is minified: `"id":62000,`).
            try session.press("/")
            try session.type(#""id": 62000,"#)
            try session.press("Enter")
            let found = try await session.waitFor("match 1/1", seconds: 30)
            #expect(found.contains(#""id": 62000,"#))
            #expect(!found.contains("line 1,557,630/"), "the cursor moved to the match:\n\(found)")

            // Enter on a line inside the item folds the item around it: `▸ {` and what it hides.
            try session.press("Enter")
            let folded = try await session.waitUntil("the item folded") { $0.contains("▸     {") && $0.contains(" lines") }
            #expect(!folded.contains(#""id": 62000,"#), "the folded item's lines are hidden:\n\(folded)")
        }
    }
}
