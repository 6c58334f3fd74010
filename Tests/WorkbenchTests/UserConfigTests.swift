import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The user config as the file says it: themes, keys, the other settings, and every problem at
/// its line and column.
@Suite struct UserConfigTests {
    private func config(_ yaml: String) throws -> UserConfig {
        try UserConfig.parse(yaml: yaml, file: "/home/u/.config/courier/config.yaml").get()
    }

    private func problems(_ yaml: String) -> [String] {
        switch UserConfig.parse(yaml: yaml, file: "config.yaml") {
        case .success: return []
        case .failure(let problems): return problems.errors.map(\.description)
        }
    }

    @Test func anEmptyFileAndNoFileAreTheDefaults() throws {
        let empty = try config("")
        expectEqual(empty.theme, .dark)
        expectEqual(empty.bindings.count, KeyMap.standard.count)
        #expect(empty.editor == nil && empty.workspace == nil && !empty.ascii && empty.history)
        let absent = try UserConfig.read(ConfigLocation(path: temporaryDirectory() + "/config.yaml", isExplicit: false)).get()
        expectEqual(absent.theme, .dark)
    }

    @Test func aFileNamedOnPurposeMustExist() {
        let missing = temporaryDirectory() + "/mine.yaml"
        guard case .failure(let problems) = UserConfig.read(ConfigLocation(option: missing, environment: [:])) else {
            Issue.record("a missing --config file read as the defaults")
            return
        }
        expectEqual(problems.errors.map(\.description), ["error: \(missing): no such config file"])
    }

    @Test func theOtherSettings() throws {
        let read = try config("""
            editor: code -w
            workspace: api/shop.yaml
            ascii: true
            history: false
            layout: grid
            """)
        expectEqual(read.layout, .grid)
        #expect(try config("").layout == .accordion, "the accordion unless the config says grid")
        #expect(throws: ConfigProblems.self) { try config("layout: gird") }
        expectEqual(read.editor, "code -w")
        #expect(read.workspace == "/home/u/.config/courier/api/shop.yaml", "relative to the config's folder")
        #expect(read.ascii)
        #expect(!read.history)
        #expect(try config("editor: null\nworkspace: ~").editor == nil, "null is the default, as `show` writes it")
    }

    @Test func theFileIsLookedForWhereTheOptionTheVariableOrXDGSays() {
        let home = ["HOME": "/home/u"]
        expectEqual(ConfigLocation(environment: home).path, "/home/u/.config/courier/config.yaml")
        #expect(ConfigLocation(environment: home.merging(["XDG_CONFIG_HOME": "/x"]) { $1 }).path == "/x/courier/config.yaml")
        #expect(ConfigLocation(environment: home.merging(["XDG_CONFIG_HOME": "rel"]) { $1 }).path == "/home/u/.config/courier/config.yaml",
                "the XDG spec ignores a relative path")
        let named = ConfigLocation(environment: home.merging(["COURIER_CONFIG": "/c.yaml", "XDG_CONFIG_HOME": "/x"]) { $1 })
        expectEqual(named, ConfigLocation(path: "/c.yaml", isExplicit: true))
        expectEqual(ConfigLocation(option: "/o.yaml", environment: ["COURIER_CONFIG": "/c.yaml"]).path, "/o.yaml")
    }

    @Test func everyProblemIsReportedAtItsLineAndColumnInFileOrder() {
        let found = problems("""
            theme: lihgt
            keys:
              requests.sned: ctrl-x
              global.quit: ctlr-q
            editr: vim
            history: maybe
            """)
        #expect(found == [
            "config.yaml:1:8: error: theme: unknown theme \"lihgt\"; did you mean \"light\"? (built in: dark, light, high-contrast, mono)",
            "config.yaml:3:3: error: keys: unknown action \"sned\"; did you mean \"send\"? (`courier config show` lists every scope.action)",
            "config.yaml:4:16: error: keys.global.quit: unknown key \"ctlr-q\"; did you mean \"ctrl-q\"? (a character, space, ctrl-a…z, "
                + "f1…f12, enter, esc, tab, shift-tab, backspace, delete, up, down, left, right, home, end, pgup, pgdn)",
            "config.yaml:5:1: error: unknown setting \"editr\"; did you mean \"editor\"? (expected one of: theme, keys, editor, workspace, ascii, history, layout)",
            "config.yaml:6:10: error: history: expected true or false, found the string \"maybe\"",
        ])
    }

    @Test func brokenYAMLIsASyntaxErrorAtItsPlace() {
        let found = problems("theme: light\nkeys: [\n")
        expectEqual(found.count, 1)
        #expect(found.first?.hasPrefix("config.yaml:3:1: error: invalid YAML") == true, "\(found)")
    }

    @Test func theShownConfigReadsBackAsTheSameConfig() throws {
        let original = try config("""
            theme: {base: light, colors: {method.get: "#ff0000"}}
            keys:
              global.send: [ctrl-r, f6]
              global.help: "?"
              requests.filter: none
            editor: vim
            """)
        let again = try config(original.yaml)
        expectEqual(again.yaml, original.yaml)
        expectEqual(again.bindings.map(\.keys), original.bindings.map(\.keys))
        expectEqual(again.theme[.methodGet].foreground.extended, 196)
        expectEqual(try config(UserConfig().yaml).yaml, UserConfig().yaml)
    }
}
