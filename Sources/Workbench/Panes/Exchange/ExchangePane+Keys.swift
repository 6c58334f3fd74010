import CourierWorkspace

extension PaneID {
    package static let exchange = PaneID(2, "Exchange", focusNote: "again: ⇄ response")
}

extension KeyMap.Scope {
    /// The Composer part's own keys.
    package static let composer = KeyMap.Scope("Composer", config: "composer", isPane: true)
    /// The Response part's own keys.
    package static let response = KeyMap.Scope("Response", config: "response", isPane: true)
    /// The line a message to an open WebSocket session is typed on (`i`).
    package static let messageLine = KeyMap.Scope("Message line (after i)", config: "message-line", isPane: false)
}

extension Action {
    /// The stream view's `p`.
    package static let pauseStream = Action("pauseStream", "Pause or resume the stream view")
    /// `i`: the message line of an open WebSocket session.
    package static let typeMessage = Action("typeMessage", "Type a message to the WebSocket session")
    /// The message line's keys.
    package static let sendMessage = Action("sendMessage", "Send the message typed")
    package static let olderMessage = Action("olderMessage", "An earlier message sent")
    package static let newerMessage = Action("newerMessage", "A later message sent")
}

extension ExchangePane {
    static var id: PaneID { .exchange }

    /// The pane's keys as shipped (a user config may rebind them).
    static let bindings: [KeyMap.Binding] = [
        KeyMap.Binding(keys: [.enter], action: .editField, scope: .composer, hint: "edit"),
        KeyMap.Binding(keys: [.character("u")], action: .editURL, scope: .composer, hint: nil),
        KeyMap.Binding(keys: [.character("m")], action: .cycleMethod, scope: .composer, hint: "method"),
        KeyMap.Binding(keys: [.character("a")], action: .addRow, scope: .composer, hint: "add"),
        KeyMap.Binding(keys: [.character("d")], action: .deleteRow, scope: .composer, hint: nil),
        KeyMap.Binding(keys: [.character(" ")], action: .toggleRow, scope: .composer, hint: "on/off"),
        KeyMap.Binding(keys: [.character("]")], action: .nextTab, scope: .composer, hint: "tabs"),
        KeyMap.Binding(keys: [.character("[")], action: .previousTab, scope: .composer, hint: nil),
        KeyMap.Binding(keys: [.character("t")], action: .toggleTemplate, scope: .composer, hint: nil),
        KeyMap.Binding(keys: [.character("v")], action: .revealSecrets, scope: .composer, hint: nil),
        KeyMap.Binding(keys: [.character("i")], action: .typeMessage, scope: .composer, hint: "message"),
        KeyMap.Binding(keys: [.character("/")], action: .search, scope: .response, hint: "search"),
        KeyMap.Binding(keys: [.character("n")], action: .nextMatch, scope: .response, hint: nil),
        KeyMap.Binding(keys: [.character("N")], action: .previousMatch, scope: .response, hint: nil),
        KeyMap.Binding(keys: [.character("f")], action: .jsonFilter, scope: .response, hint: "$.path"),
        KeyMap.Binding(keys: [.enter, .character(" ")], action: .toggleFold, scope: .response, hint: "fold"),
        KeyMap.Binding(keys: [.character("p")], action: .pauseStream, scope: .response, hint: "pause"),
        KeyMap.Binding(keys: [.character("]")], action: .nextTab, scope: .response, hint: "tabs"),
        KeyMap.Binding(keys: [.character("[")], action: .previousTab, scope: .response, hint: nil),
        KeyMap.Binding(keys: [.character("s")], action: .saveBody, scope: .response, hint: "save"),
        KeyMap.Binding(keys: [.character("d")], action: .diffHistory, scope: .response, hint: "diff"),
        KeyMap.Binding(keys: [.character("H")], action: .exportHAR, scope: .response, hint: nil),
        KeyMap.Binding(keys: [.character("v")], action: .revealSecrets, scope: .response, hint: nil),
        KeyMap.Binding(keys: [.character("i")], action: .typeMessage, scope: .response, hint: "message"),
        KeyMap.Binding(keys: [.enter], action: .sendMessage, scope: .messageLine, hint: "send"),
        KeyMap.Binding(keys: [.up], action: .olderMessage, scope: .messageLine, hint: "history"),
        KeyMap.Binding(keys: [.down], action: .newerMessage, scope: .messageLine, hint: nil),
        KeyMap.Binding(keys: [.escape], action: .cancelLine, scope: .messageLine, hint: "leave"),
    ]
}
