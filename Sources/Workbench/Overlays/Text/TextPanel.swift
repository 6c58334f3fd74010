/// Lines to read, scrollable, with keys of its own in the footer.
package struct TextPanel: Sendable {
    package enum Kind: Sendable, Equatable {
        /// A curl command: `v` reveals its secrets on screen.
        case curl(command: String, hidden: String)
        /// The editor left the workspace invalid: `e` reopens it, `d` restores the file.
        case invalidEdit(previousText: String)
        /// The file changed under the request's unsaved edit: the ``KeyMap/Scope/conflict``
        /// keys choose what to keep.
        case editConflict(request: String)
        /// An OAuth2 sign-in's URL to open.
        case authorization
        /// A request as a program, copied to the clipboard.
        case code
    }

    package var title: String
    /// What it says (a curl command's lines come from the command, as secrets show or not).
    package var lines: [StyledLine]
    package var kind: Kind
}
