/// Something only the terminal front can do, queued for it to carry out (the shell's
/// ``AppModel/takeEffects()``); the session asks for one through ``SessionNotice/effect(_:)``.
package enum WorkbenchEffect: Sendable, Equatable {
    /// Suspend the screen and edit `path` at `line` in `$VISUAL`/`$EDITOR`, then call
    /// ``AppModel/editorFinished(_:)``.
    case openEditor(path: String, line: Int)
    /// Put text on the clipboard (OSC 52).
    case copyToClipboard(String)
    /// Stop like Ctrl-Z in a shell; redraw on `fg`.
    case suspend
    /// Repaint every cell.
    case redraw
}
