/// The windows open over the panes, the top one last: it takes every key and is drawn over
/// the rest. A window closes itself wherever it is on the stack (a prompt opened a
/// confirmation, then its answer closed the prompt).
struct OverlayStack {
    private var windows: [any Overlay] = []

    /// The window on top, which takes every key.
    var top: (any Overlay)? { windows.last }

    /// Opens a window over the panes (and over any window already open).
    mutating func open(_ overlay: any Overlay) {
        windows.append(overlay)
    }

    /// The open windows of a kind, wherever they are on the stack.
    func all<Kind>(_ kind: Kind.Type) -> [Kind] {
        windows.compactMap { $0 as? Kind }
    }

    /// Closes `overlay`, wherever it is on the stack.
    mutating func close(_ overlay: any Overlay) {
        windows.removeAll { $0 === overlay }
    }
}
