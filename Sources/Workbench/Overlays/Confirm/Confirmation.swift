/// A question that `y` answers yes; `n` or Esc, no.
package struct Confirmation: Sendable {
    package enum Consequence: Sendable, Equatable {
        case quit
        case delete(request: String)
        /// Cancel every request in flight.
        case cancelAll
        /// The editor left the file invalid: write back what it was before.
        case restoreFile(text: String)
        /// A question a pane asked: it hears the yes (``Pane/confirmed(_:context:)``), `question` saying which.
        case pane(PaneID, question: String)
    }

    package var message: String
    package var consequence: Consequence
}
