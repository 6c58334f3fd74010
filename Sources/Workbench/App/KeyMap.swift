import CourierWorkspace

/// Which keys do what, where. A key means the action of the focused scope first, then of
/// lists in general, then of the whole workbench; dispatch, the help overlay, the status
/// line's hints and the palette all read ``bindings``, so they cannot drift from what the
/// keys do — rebound keys included.
package enum KeyMap {
    /// Where a binding applies: a pane's own keys (declared beside the pane), or the
    /// shell's — lists, anywhere, windows, questions, pickers, a line being typed.
    package struct Scope: Sendable, Hashable, CustomStringConvertible {
        /// Its name in help: `In flight`.
        package let rawValue: String
        /// Its name in the user config: `in-flight`.
        package let configName: String
        /// A pane's scope: its keys come before those of lists and of the whole workbench.
        package let isPane: Bool

        package init(_ name: String, config: String, isPane: Bool) {
            rawValue = name
            configName = config
            self.isPane = isPane
        }

        /// Every scope: the panes' in their order, then the shell's (a pane's key for
        /// anywhere, like Load's `L`, is in the shell's `global`).
        package static var allCases: [Scope] {
            let shell: [Scope] = [.conflict, .list, .global, .window, .question, .picker, .services, .typing]
            var seen = Set(shell)
            let panes = PaneSet.kinds.flatMap { $0.bindings.map(\.scope) }.filter { seen.insert($0).inserted }
            return panes + shell
        }

        package var description: String { rawValue }

        package static func == (lhs: Scope, rhs: Scope) -> Bool { lhs.configName == rhs.configName }
        package func hash(into hasher: inout Hasher) { hasher.combine(configName) }
    }

    /// Keys for an action in a scope, and the short label the status line shows.
    package struct Binding: Sendable {
        package var keys: [Key]
        package var action: Action
        package var scope: Scope
        /// Shown among the status line's hints for the scope when set.
        package var hint: String?
    }

    /// The keys as shipped, before a user config rebinds any.
    package static let standard: [Binding] = global + focusBindings + list + PaneSet.kinds.flatMap { $0.bindings } + conflict
        + window + question + picker + services + typing

    /// `1`–`9` go to the panes by number.
    private static var focusBindings: [Binding] {
        PaneID.allCases.map { Binding(keys: [.character(Character("\($0.rawValue)"))], action: .focus($0), scope: .global) }
    }

    /// The table in effect: ``standard``, or the user config's (``UserConfig/bindings``) for
    /// the workbench run inside `KeyMap.$bindings.withValue(_:operation:)`. A task-local value,
    /// so that a test rebinding keys changes no other test's table.
    @TaskLocal package static var bindings: [Binding] = standard

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

    private static let services: [Binding] = [
        Binding(keys: [.character("n")], action: .newRequest, scope: .services, hint: "new request"),
        Binding(keys: [.enter], action: .chooseItem, scope: .services, hint: "choose"),
        Binding(keys: [.character("r")], action: .reloadSchema, scope: .services, hint: "reload"),
        Binding(keys: [.up, .control("k")], action: .previousItem, scope: .services, hint: nil),
        Binding(keys: [.down, .control("n")], action: .nextItem, scope: .services, hint: nil),
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
    package static func action(for key: Key, in scope: Scope) -> Action? {
        for candidate in [scope, .list, .global] {
            if let binding = bindings.first(where: { $0.scope == candidate && $0.keys.contains(key) }) {
                return binding.action
            }
        }
        return nil
    }

    /// The action `key` means in `scope` itself, with no fallback: an overlay's own keys.
    package static func ownAction(for key: Key, in scope: Scope) -> Action? {
        bindings.first { $0.scope == scope && $0.keys.contains(key) }?.action
    }

    /// The keys of an action in a scope (or, without one, where it applies everywhere), for
    /// labels: "j ↓". A scope's own binding comes before the general ones.
    package static func keys(for action: Action, in scope: Scope? = nil) -> [Key] {
        let table = bindings.filter { $0.action == action && !$0.keys.isEmpty }
        let general = table.first { $0.scope == .global || $0.scope == .list }
        return (table.first { $0.scope == scope } ?? general ?? (scope == nil ? table.first : nil))?.keys ?? []
    }

    /// The status line's hints for a scope: key and label pairs.
    package static func hints(for scope: Scope, where applies: (Action) -> Bool = { _ in true }) -> [(key: String, label: String)] {
        bindings.filter { ($0.scope == scope || $0.scope == .global) && $0.hint != nil && !$0.keys.isEmpty && applies($0.action) }
            .map { (key: label(of: $0.keys[0]), label: $0.hint!) }
    }

    /// A key as the help overlay and hints write it.
    package static func label(of key: Key) -> String {
        switch key {
        case .enter: return "↵"
        default: return key.description
        }
    }
}

extension KeyMap.Scope {
    /// The choice `w` offers when the file changed under an unsaved edit.
    package static let conflict = KeyMap.Scope("Edit conflict (after w)", config: "conflict", isPane: false)
    package static let list = KeyMap.Scope("Moving around", config: "list", isPane: false)
    package static let global = KeyMap.Scope("Anywhere", config: "global", isPane: false)
    /// Help, variables, curl, messages: what every window over the panes takes.
    package static let window = KeyMap.Scope("Windows", config: "window", isPane: false)
    /// A yes/no question.
    package static let question = KeyMap.Scope("Questions", config: "question", isPane: false)
    /// The command palette and the environment picker.
    package static let picker = KeyMap.Scope("Palette and pickers", config: "picker", isPane: false)
    /// The gRPC service browser.
    package static let services = KeyMap.Scope("gRPC services", config: "services", isPane: false)
    /// A line being typed: a filter, a field, a search, a prompt.
    package static let typing = KeyMap.Scope("Typing a line", config: "typing", isPane: false)
}
