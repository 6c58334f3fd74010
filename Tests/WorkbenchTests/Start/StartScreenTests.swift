import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The start screen as data: what it shows and what its keys choose, with no terminal.
@Suite("The start screen")
struct StartScreenTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func screen(recent: [(String, Double)] = [], missing: Set<String> = [], hasWorkspaceHere: Bool = false,
                        size: Size = Size(columns: 100, rows: 30)) -> StartScreen {
        let entries = recent.map { RecentWorkspaces.Entry(path: $0.0, opened: now - $0.1) }
        return StartScreen(setup: .init(directory: "/home/ann/src/shop", recent: entries, missing: missing,
                                        hasWorkspaceHere: hasWorkspaceHere, home: "/home/ann"), size: size)
    }

    private func text(_ frame: Frame) -> String {
        var buffer = CellBuffer(size: frame.size)
        Painter(glyphs: .unicode).paint(frame, over: nil, on: &buffer)
        return (0..<frame.size.rows).map { row in (0..<frame.size.columns).map { buffer[row, $0].text }.joined() }
            .joined(separator: "\n")
    }

    @Test func itListsTheRecentWorkspacesWithTildeAndAgeAndTheKeys() {
        let start = screen(recent: [("/home/ann/api/courier.yaml", 300), ("/srv/old.yaml", 3 * 86_400)], missing: ["/srv/old.yaml"])
        let shown = text(start.frame(now: now))
        #expect(shown.contains("Recent workspaces"))
        #expect(shown.contains("> ~/api/courier.yaml"))
        #expect(shown.contains("5 min ago"))
        #expect(shown.contains("/srv/old.yaml  (missing)"))
        #expect(shown.contains("3 days ago"))
        #expect(shown.contains("No workspace in ~/src/shop"))
        for action in ["Enter    open the selected workspace", "i        start a workspace here", "d        open the demo",
                       "q        quit", "?        help"] {
            #expect(shown.contains(action), "\(action)\n\(shown)")
        }
    }

    @Test func aLongPathIsCutInTheMiddleSoItsFileNameShows() {
        let long = "/tmp/ci-clone-under-a-long-path-like-a-ci-runner-workspace/builds/courier-project-checkout/main/workspaces/demo.yaml"
        let start = screen(recent: [(long, 60), ("/srv/" + String(repeating: "x", count: 90) + "/old.yaml", 120)],
                           missing: ["/srv/" + String(repeating: "x", count: 90) + "/old.yaml"], size: Size(columns: 80, rows: 24))
        let shown = text(start.frame(now: now))
        #expect(shown.contains("/workspaces/demo.yaml") && shown.contains("/tmp/ci-clone") && shown.contains("…"), "\(shown)")
        #expect(shown.contains("/old.yaml  (missing)"), "\(shown)")
        #expect(shown.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 80 })
    }

    @Test func enterOpensTheSelectedOneButNotAMissingOne() {
        let start = screen(recent: [("/a.yaml", 10), ("/b.yaml", 20)], missing: ["/b.yaml"])
        expectEqual(start.handle(.down), nil)
        #expect(start.handle(.enter) == nil, "a missing file cannot be opened")
        expectEqual(start.notice?.contains("not there any more"), true)
        expectEqual(start.handle(.up), nil)
        expectEqual(start.handle(.enter), .open("/a.yaml"))
    }

    @Test func withNothingRecentEnterSaysWhatToDoInstead() {
        let start = screen()
        #expect(text(start.frame(now: now)).contains("none yet"))
        expectEqual(start.handle(.enter), nil)
        expectEqual(start.notice?.contains("press i"), true)
    }

    @Test func iAsksForABaseURLAndRefusesOneThatIsNotAURL() {
        let start = screen()
        expectEqual(start.handle(.character("i")), nil)
        let asking = start.frame(now: now)
        #expect(text(asking).contains("Base URL of your API: http://localhost:8080"))
        #expect(asking.cursor != nil)
        _ = start.handle(.control("u"))
        for character in "localhost" { _ = start.handle(.character(character)) }
        expectEqual(start.handle(.enter), nil)
        #expect(text(start.frame(now: now)).contains("not an http:// or https:// URL"))
        _ = start.handle(.control("a"))
        for character in "http://" { _ = start.handle(.character(character)) }
        expectEqual(start.handle(.enter), .initHere(baseURL: "http://localhost"))
    }

    @Test func iWhereAWorkspaceIsAlreadyOffersToOpenIt() {
        let start = screen(hasWorkspaceHere: true)
        expectEqual(start.handle(.character("i")), nil)
        #expect(text(start.frame(now: now)).contains("There is a courier.yaml here already"))
        expectEqual(start.handle(.enter), .open("/home/ann/src/shop/courier.yaml"))
    }

    @Test func dOpensTheDemoAndQQuits() {
        expectEqual(screen().handle(.character("d")), .demo)
        expectEqual(screen().handle(.character("q")), .quit)
        let start = screen()
        _ = start.handle(.character("?"))
        #expect(text(start.frame(now: now)).contains("Keys on this screen"))
        expectEqual(start.handle(.escape), nil)
        expectEqual(start.mode, .browsing)
    }

    @Test func aCorruptListIsOneLineOnTheScreen() {
        let start = StartScreen(setup: .init(directory: "/x", recent: [], problem: "the list of recent workspaces could not be read",
                                             home: "/home/ann"), size: Size(columns: 80, rows: 24))
        #expect(text(start.frame(now: now)).contains("the list of recent workspaces could not be read"))
    }

    @Test func aLongListShowsTheSelectedRowOnASmallScreen() {
        let recent = (0..<20).map { ("/w\($0).yaml", Double($0) * 60) }
        let start = screen(recent: recent, size: Size(columns: 80, rows: 24))
        for _ in 0..<19 { _ = start.handle(.down) }
        let shown = text(start.frame(now: now))
        #expect(shown.contains("> /w19.yaml"))
        #expect(shown.contains("?        help"))
    }
}
