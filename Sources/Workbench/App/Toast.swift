/// A short-lived message in the status line.
public struct Toast: Sendable, Equatable {
    public var text: String
    public var style: Style
    public var expires: Double
    /// The event it tells of, in the Events pane (`!` goes there).
    public var event: Int?
}
