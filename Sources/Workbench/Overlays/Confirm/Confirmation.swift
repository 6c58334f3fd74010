/// A question that `y` answers yes; `n` or Esc, no.
public struct Confirmation: Sendable {
    public enum Consequence: Sendable, Equatable {
        case quit
        case delete(request: String)
        /// Cancel every request in flight.
        case cancelAll
        /// The editor left the file invalid: write back what it was before.
        case restoreFile(text: String)
        /// A question a pane asked: it hears the yes (``Pane/confirmed(_:context:)``), `question` saying which.
        case pane(PaneID, question: String)
    }

    public var message: String
    public var consequence: Consequence
}
