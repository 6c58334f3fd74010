/// What an unsaved draft was made from, and whether the workspace file changed under it
/// since: saving then would overwrite that change, or lose the draft, so the user chooses.
package struct DraftOrigin: Sendable {
    /// The request as the file had it when the draft began: what a change made outside is
    /// told from, and what a request deleted outside is written again from (with the draft).
    package var base: RequestDefinition
    /// Set while the file's version differs from `base` in what the draft edits.
    package var conflict: EditConflict?

    package init(base: RequestDefinition) {
        self.base = base
    }
}

/// How the file changed under an unsaved draft.
package enum EditConflict: Sendable, Equatable {
    /// Another program changed the request's method, URL, arguments, headers or form fields.
    case changed
    /// Another program removed the request from the file (or renamed it).
    case deleted
}
