import Testing
@testable import CourierWorkspace
@testable import Workbench

/// `keys:` in the user config: what a rebound key does in the workbench, what help, the status
/// line and the palette say of it, and the rebindings refused at their line.
@Suite(.serialized) struct KeyRebindingTests {
    private func table(_ yaml: String) throws -> [KeyMap.Binding] {
        try UserConfig.parse(yaml: yaml, file: "config.yaml").get().bindings
    }

    private func problems(_ yaml: String) -> [String] {
        guard case .failure(let problems) = UserConfig.parse(yaml: yaml, file: "config.yaml") else { return [] }
        return problems.errors.map(\.description)
    }

    @Test func theReboundKeySendsAndTheOldOneNoLonger() async throws {
        let rebound = try table("keys:\n  requests.activate: ctrl-r\n  global.quit: ctrl-q\n")
        try await KeyMap.$bindings.withValue(rebound) {
            try await AppHarness.run { app in
                app.press(.enter)
                #expect(app.model.session.exchanges.isEmpty, "Enter no longer sends")
                app.press(.control("r"))
                try await app.settle("the response") { app.screen.contains("200 OK") }
                app.press(.character("q"))
                #expect(!app.model.wantsToQuit && app.model.overlay == nil)
                app.press(.control("q"))
                #expect(app.model.wantsToQuit)
            }
        }
        #expect(KeyMap.bindings.count == KeyMap.standard.count, "outside the run the table is the standard one")
    }

    @Test func helpTheHintsAndThePaletteShowTheReboundKeys() async throws {
        let rebound = try table("keys:\n  requests.activate: ctrl-r\n  global.send: f6\n  requests.filter: none\n")
        try await KeyMap.$bindings.withValue(rebound) {
            try await AppHarness.run(size: Size(columns: 120, rows: 200)) { app in
                let status = app.screen.split(separator: "\n").last.map(String.init) ?? ""
                #expect(status.contains("Ctrl-R send/run") && !status.contains("↵ send/run"), "\(status)")
                #expect(!status.contains("filter"), "an unbound action has no hint")
                app.press(.character("?"))
                let help = app.screen
                #expect(help.contains("Ctrl-R      Send, or run the batch or chain"), "\(help)")
                #expect(help.contains("F6          Send the selected request"))
                #expect(!help.contains("Ctrl-G F5"))
                app.press(.escape, .character(":"))
                app.type("send the selected")
                #expect(app.screen.contains("F6"), "\(app.screen)")
            }
        }
    }

    @Test func twoActionsOnOneKeyAreAConflictAtTheLineThatMadeIt() {
        #expect(problems("""
            keys:
              requests.rename: n
              global.help: j
              global.send: ctrl-r
              requests.duplicate: ctrl-r
            """) == [
            "config.yaml:2:3: error: keys: n is also requests.new-request (New request); unbind it (requests.new-request: none) or choose another key",
            "config.yaml:3:3: error: keys: j is also list.down (Down); unbind it (list.down: none) or choose another key",
        ], "a pane's own key before a general one is no conflict: ctrl-r duplicates in Requests, sends elsewhere")
        #expect(problems("keys:\n  requests.rename: n\n  requests.new-request: N\n").isEmpty, "moving the other one away resolves it")
    }

    @Test func anActionOutsideItsScopeOrAnUnknownNameIsRefused() {
        #expect(problems("""
            keys:
              global.toggle-fold: z
              conflict.quit: q
              cache.send: F7
              send: ctrl-r
              list.down: [ctrl-n, ctrl-j]
            """) == [
            "config.yaml:2:3: error: keys: toggle-fold does not apply in global; bind it as response.toggle-fold",
            "config.yaml:3:3: error: keys: quit does not apply in conflict; bind it as global.quit",
            "config.yaml:5:3: error: keys: \"send\" is not scope.action (e.g. requests.send, global.quit)",
            "config.yaml:6:23: error: keys.list.down[1]: ctrl-j reaches the workbench as enter; bind enter instead",
        ], "cache.send is fine: an action of anywhere may have a pane's own key")
    }

    @Test func actionsAreNamedInKebabCaseAndEveryNameIsUnique() {
        expectEqual(KeyMap.configName(of: .sendIgnoringCache), "send-ignoring-cache")
        expectEqual(KeyMap.configName(of: .editURL), "edit-url")
        expectEqual(KeyMap.configName(of: .exportHAR), "export-har")
        expectEqual(Set(Action.allCases.map(KeyMap.configName(of:))).count, Action.allCases.count)
    }

    @Test func keyNamesReadAsTheTerminalSendsThem() {
        let names = ["q", "G", "?", "space", "Ctrl-R", "f12", "enter", "esc", "shift-tab", "pgdn", "del"]
        let keys = names.compactMap { try? KeyName.key($0).get() }
        #expect(keys == [.character("q"), .character("G"), .character("?"), .character(" "), .control("r"), .function(12),
                         .enter, .escape, .backTab, .pageDown, .delete])
        expectEqual(keys.map(KeyName.name(of:)), ["q", "G", "?", "space", "ctrl-r", "f12", "enter", "esc", "shift-tab", "pgdn", "delete"])
        #expect((try? KeyName.key("f13").get()) == nil && (try? KeyName.key("alt-x").get()) == nil)
    }
}
