import CourierWorkspace

/// A part of the screen that takes keys and draws itself: a pane (``Pane``) or a window over
/// the panes (``Overlay``). It owns its state; what others must do comes back as
/// ``PaneWork`` for the shell to carry out, and drawing reads only its state and the context.
protocol Component: AnyObject {
    /// The key table scope of its own keys (help, hints and the palette read it too).
    var scope: KeyMap.Scope { get }
    /// Whether every key goes to a line it is typing (``type(_:context:)``).
    var isTyping: Bool { get }

    /// Carries out an action of its scope, or a moving one.
    func perform(_ action: Action, context: PaneContext) -> [PaneWork]
    /// A key while it types a line.
    func type(_ key: Key, context: PaneContext) -> [PaneWork]
    /// What it shows: from its state and the context only — no disk, engine or clock reads
    /// (the time comes in the context).
    func render(context: PaneContext) -> PaneRender
}

extension Component {
    var isTyping: Bool { false }
    func type(_ key: Key, context: PaneContext) -> [PaneWork] { [] }
}
