import Foundation
import Testing

extension EndToEndTests {
    /// The real binary noticing, through its file watcher, that another program changed the
    /// request being edited: the edit is kept and marked, and `w` asks before writing.
    @Suite struct ExternalChange {
        @Test func anEditChangedOutsideIsMarkedAndWAsksBeforeWriting() async throws {
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(sandbox.workspace)", environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            try session.press("2", "u", "C-u")
            try session.type("/anything/mine")
            try session.press("Enter", "1")
            try await session.waitFor("get-args ✎")

            let head = "  get-args:\n    description: Query arguments, a generated header and a URL filter's parameter.\n"
            let text = try String(contentsOfFile: sandbox.workspace, encoding: .utf8)
            let theirs = text.replacingOccurrences(of: head + "    url: /get\n", with: head + "    url: /anything/theirs\n")
            #expect(theirs != text)
            try theirs.write(toFile: sandbox.workspace, atomically: true, encoding: .utf8)
            try await session.waitFor(all: ["get-args ✎ conflict", "changed in demo.yaml meanwhile"])

            try session.press("w")
            try await session.waitFor("m keep mine · t take theirs · b show both")
            #expect(try String(contentsOfFile: sandbox.workspace, encoding: .utf8) == theirs, "w alone wrote nothing")
            try session.press("m")
            try await session.waitFor("kept your edits of get-args")
            let written = try String(contentsOfFile: sandbox.workspace, encoding: .utf8)
            #expect(written.contains(head + "    url: /anything/mine\n"))
        }
    }
}
