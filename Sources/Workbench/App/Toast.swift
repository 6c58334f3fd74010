/// A short-lived message in the status line.
package struct Toast: Sendable, Equatable {
    package var text: String
    package var style: Style
    package var expires: Double
    /// The event it tells of, in the Events pane (`!` goes there).
    package var event: Int?
}
