import CourierWorkspace

/// Which keys do what, where. A key means the action of the focused scope first, then of
/// lists in general, then of the whole workbench; dispatch, the help overlay, the status
/// line's hints and the palette all read ``bindings``, so they cannot drift from what the
/// keys do — rebound keys included.
public enum KeyMap {
    /// Where a binding applies.
    public enum Scope: String, Sendable, CaseIterable {
        case requests = "Requests", composer = "Composer", response = "Response"
        case inFlight = "In flight", cache = "Cache", runs = "Runs", events = "Events"
        /// The choice `w` offers when the file changed under an unsaved edit.
        case conflict = "Edit conflict (after w)"
        case list = "Moving around", global = "Anywhere"
        /// Help, variables, curl, messages: what every window over the panes takes.
        case window = "Windows"
        /// A yes/no question.
        case question = "Questions"
        /// The command palette and the environment picker.
        case picker = "Palette and pickers"
        /// A line being typed: a filter, a field, a search, a prompt.
        case typing = "Typing a line"

        /// The scope's name in the user config: `requests`, `in-flight`, `global`.
        public var configName: String {
            switch self {
            case .inFlight: return "in-flight"
            case .conflict: return "conflict"
            case .list: return "list"
            case .global: return "global"
            case .window: return "window"
            case .question: return "question"
            case .picker: return "picker"
            case .typing: return "typing"
            default: return rawValue.lowercased()
            }
        }

        /// A pane's scope: its keys come before those of lists and of the whole workbench.
        public var isPane: Bool { ![.conflict, .list, .global, .window, .question, .picker, .typing].contains(self) }
    }

    /// Keys for an action in a scope, and the short label the status line shows.
    public struct Binding: Sendable {
        public var keys: [Key]
        public var action: Action
        public var scope: Scope
        /// Shown among the status line's hints for the scope when set.
        public var hint: String?
    }

    /// The keys as shipped, before a user config rebinds any.
    public static let standard: [Binding] = requests + composer + response + inFlight + cache + runs + events + conflict + list + global
        + window + question + picker + typing

    /// The table in effect: ``standard``, or the user config's (``UserConfig/bindings``) for
    /// the workbench run inside `KeyMap.$bindings.withValue(_:operation:)`. A task-local value,
    /// so that a test rebinding keys changes no other test's table.
    @TaskLocal public static var bindings: [Binding] = standard

    private static let requests: [Binding] = [
        Binding(keys: [.enter], action: .activate, scope: .requests, hint: "send/run"),
        Binding(keys: [.character("R")], action: .sendIgnoringCache, scope: .requests, hint: "no cache"),
        Binding(keys: [.character("S")], action: .stepChain, scope: .requests, hint: nil),
        Binding(keys: [.character(" ")], action: .toggleMark, scope: .requests, hint: "mark"),
        Binding(keys: [.character("/")], action: .filter, scope: .requests, hint: "filter"),
        Binding(keys: [.character("n")], action: .newRequest, scope: .requests, hint: nil),
        Binding(keys: [.character("D")], action: .duplicate, scope: .requests, hint: nil),
        Binding(keys: [.character("d")], action: .delete, scope: .requests, hint: nil),
        Binding(keys: [.character("r")], action: .rename, scope: .requests, hint: nil),
    ]

    private static let composer: [Binding] = [
        Binding(keys: [.enter], action: .editField, scope: .composer, hint: "edit"),
        Binding(keys: [.character("u")], action: .editURL, scope: .composer, hint: nil),
        Binding(keys: [.character("m")], action: .cycleMethod, scope: .composer, hint: "method"),
        Binding(keys: [.character("a")], action: .addRow, scope: .composer, hint: "add"),
        Binding(keys: [.character("d")], action: .deleteRow, scope: .composer, hint: nil),
        Binding(keys: [.character(" ")], action: .toggleRow, scope: .composer, hint: "on/off"),
        Binding(keys: [.character("]")], action: .nextTab, scope: .composer, hint: "tabs"),
        Binding(keys: [.character("[")], action: .previousTab, scope: .composer, hint: nil),
        Binding(keys: [.character("t")], action: .toggleTemplate, scope: .composer, hint: nil),
        Binding(keys: [.character("v")], action: .revealSecrets, scope: .composer, hint: nil),
    ]

    private static let response: [Binding] = [
        Binding(keys: [.character("/")], action: .search, scope: .response, hint: "search"),
        Binding(keys: [.character("n")], action: .nextMatch, scope: .response, hint: nil),
        Binding(keys: [.character("N")], action: .previousMatch, scope: .response, hint: nil),
        Binding(keys: [.character("f")], action: .jsonFilter, scope: .response, hint: "$.path"),
        Binding(keys: [.enter, .character(" ")], action: .toggleFold, scope: .response, hint: "fold"),
        Binding(keys: [.character("]")], action: .nextTab, scope: .response, hint: "tabs"),
        Binding(keys: [.character("[")], action: .previousTab, scope: .response, hint: nil),
        Binding(keys: [.character("s")], action: .saveBody, scope: .response, hint: "save"),
        Binding(keys: [.character("d")], action: .diffHistory, scope: .response, hint: "diff"),
        Binding(keys: [.character("H")], action: .exportHAR, scope: .response, hint: nil),
        Binding(keys: [.character("v")], action: .revealSecrets, scope: .response, hint: nil),
    ]

    private static let inFlight: [Binding] = [
        Binding(keys: [.character("x")], action: .cancel, scope: .inFlight, hint: "cancel"),
        Binding(keys: [.character("X")], action: .cancelAll, scope: .inFlight, hint: "all"),
        Binding(keys: [.character("f")], action: .filter, scope: .inFlight, hint: "filter"),
        Binding(keys: [.character("o")], action: .sortTable, scope: .inFlight, hint: "sort"),
    ]

    private static let cache: [Binding] = [
        Binding(keys: [.enter], action: .open, scope: .cache, hint: "open"),
        Binding(keys: [.character("d")], action: .deleteEntry, scope: .cache, hint: "delete"),
        Binding(keys: [.character("D")], action: .purgeExpired, scope: .cache, hint: "purge old"),
        Binding(keys: [.character("P")], action: .purgeAll, scope: .cache, hint: nil),
        Binding(keys: [.character("f")], action: .filter, scope: .cache, hint: "filter"),
    ]

    private static let runs: [Binding] = [
        Binding(keys: [.character(" "), .character("s")], action: .nextStep, scope: .runs, hint: "step"),
        Binding(keys: [.character("c")], action: .continueChain, scope: .runs, hint: "continue"),
        Binding(keys: [.character("r")], action: .retryStep, scope: .runs, hint: "retry"),
        Binding(keys: [.character(">")], action: .skipStep, scope: .runs, hint: "skip"),
        Binding(keys: [.character("x")], action: .stopRun, scope: .runs, hint: "stop"),
        Binding(keys: [.enter], action: .open, scope: .runs, hint: "open/rerun"),
    ]

    private static let events: [Binding] = [
        Binding(keys: [.enter], action: .open, scope: .events, hint: "open"),
        Binding(keys: [.character("f")], action: .filter, scope: .events, hint: "filter"),
        Binding(keys: [.character("p")], action: .pauseLog, scope: .events, hint: "pause"),
    ]

    private static let conflict: [Binding] = [
        Binding(keys: [.character("m")], action: .keepMine, scope: .conflict, hint: "keep mine"),
        Binding(keys: [.character("t")], action: .takeTheirs, scope: .conflict, hint: "take theirs"),
        Binding(keys: [.character("b")], action: .showBoth, scope: .conflict, hint: "show both"),
    ]

    private static let list: [Binding] = [
        Binding(keys: [.character("k"), .up], action: .up, scope: .list),
        Binding(keys: [.character("j"), .down], action: .down, scope: .list),
        Binding(keys: [.character("h"), .left], action: .left, scope: .list),
        Binding(keys: [.character("l"), .right], action: .right, scope: .list),
        Binding(keys: [.pageUp], action: .pageUp, scope: .list),
        Binding(keys: [.pageDown], action: .pageDown, scope: .list),
        Binding(keys: [.control("u")], action: .halfPageUp, scope: .list),
        Binding(keys: [.control("d")], action: .halfPageDown, scope: .list),
        Binding(keys: [.character("g"), .home], action: .top, scope: .list),
        Binding(keys: [.character("G"), .end], action: .bottom, scope: .list),
    ]

    private static let window: [Binding] = [
        Binding(keys: [.escape, .character("q"), .enter], action: .closeWindow, scope: .window, hint: "close"),
        Binding(keys: [.character("v")], action: .revealSecrets, scope: .window, hint: "secrets"),
        Binding(keys: [.character("e")], action: .editInEditor, scope: .window, hint: "edit again"),
        Binding(keys: [.character("d")], action: .restoreFile, scope: .window, hint: "restore the file"),
    ]

    private static let question: [Binding] = [
        Binding(keys: [.character("y"), .character("Y")], action: .answerYes, scope: .question, hint: "yes"),
        Binding(keys: [.character("n"), .character("N")], action: .answerNo, scope: .question, hint: "no"),
    ]

    private static let picker: [Binding] = [
        Binding(keys: [.enter], action: .chooseItem, scope: .picker, hint: "choose"),
        Binding(keys: [.up, .control("k")], action: .previousItem, scope: .picker, hint: "previous"),
        Binding(keys: [.down, .control("n")], action: .nextItem, scope: .picker, hint: "next"),
    ]

    private static let typing: [Binding] = [
        Binding(keys: [.enter], action: .commitLine, scope: .typing, hint: "apply"),
        Binding(keys: [.escape], action: .cancelLine, scope: .typing, hint: "cancel"),
        Binding(keys: [.tab, .backTab], action: .nextField, scope: .typing, hint: "other field"),
    ]

    private static let global: [Binding] = [
        Binding(keys: [.escape], action: .back, scope: .global),
        Binding(keys: [.character("q"), .control("c")], action: .quit, scope: .global),
        Binding(keys: [.character("?")], action: .help, scope: .global, hint: "help"),
        Binding(keys: [.character(":"), .control("p")], action: .palette, scope: .global),
        Binding(keys: [.tab], action: .focusNext, scope: .global),
        Binding(keys: [.backTab], action: .focusPrevious, scope: .global),
        Binding(keys: [.character("1")], action: .focusRequests, scope: .global),
        Binding(keys: [.character("2")], action: .focusExchange, scope: .global),
        Binding(keys: [.character("3")], action: .focusInFlight, scope: .global),
        Binding(keys: [.character("4")], action: .focusCache, scope: .global),
        Binding(keys: [.character("5")], action: .focusRuns, scope: .global),
        Binding(keys: [.character("6")], action: .focusEvents, scope: .global),
        Binding(keys: [.character("z")], action: .zoom, scope: .global),
        Binding(keys: [.control("g"), .function(5)], action: .send, scope: .global),
        Binding(keys: [.character("x")], action: .cancel, scope: .global),
        Binding(keys: [.character("!")], action: .showFailure, scope: .global),
        Binding(keys: [.character("w"), .control("s")], action: .save, scope: .global),
        Binding(keys: [.character("e")], action: .editInEditor, scope: .global),
        Binding(keys: [.character("E")], action: .pickEnvironment, scope: .global),
        Binding(keys: [.character("V")], action: .showVariables, scope: .global),
        Binding(keys: [.character("I")], action: .importCurl, scope: .global),
        Binding(keys: [.character("C")], action: .copyAsCurl, scope: .global),
        Binding(keys: [.character("O")], action: .toggleOffline, scope: .global),
        Binding(keys: [.control("l")], action: .redraw, scope: .global),
        Binding(keys: [.control("z")], action: .suspend, scope: .global),
    ]

    /// The action `key` means in `scope`, falling back to lists and then the whole workbench.
    public static func action(for key: Key, in scope: Scope) -> Action? {
        for candidate in [scope, .list, .global] {
            if let binding = bindings.first(where: { $0.scope == candidate && $0.keys.contains(key) }) {
                return binding.action
            }
        }
        return nil
    }

    /// The action `key` means in `scope` itself, with no fallback: an overlay's own keys.
    public static func ownAction(for key: Key, in scope: Scope) -> Action? {
        bindings.first { $0.scope == scope && $0.keys.contains(key) }?.action
    }

    /// The keys of an action in a scope (or, without one, where it applies everywhere), for
    /// labels: "j ↓". A scope's own binding comes before the general ones.
    public static func keys(for action: Action, in scope: Scope? = nil) -> [Key] {
        let table = bindings.filter { $0.action == action && !$0.keys.isEmpty }
        let general = table.first { $0.scope == .global || $0.scope == .list }
        return (table.first { $0.scope == scope } ?? general ?? (scope == nil ? table.first : nil))?.keys ?? []
    }

    /// The status line's hints for a scope: key and label pairs.
    public static func hints(for scope: Scope, where applies: (Action) -> Bool = { _ in true }) -> [(key: String, label: String)] {
        bindings.filter { ($0.scope == scope || $0.scope == .global) && $0.hint != nil && !$0.keys.isEmpty && applies($0.action) }
            .map { (key: label(of: $0.keys[0]), label: $0.hint!) }
    }

    /// A key as the help overlay and hints write it.
    public static func label(of key: Key) -> String {
        switch key {
        case .enter: return "↵"
        default: return key.description
        }
    }
}
