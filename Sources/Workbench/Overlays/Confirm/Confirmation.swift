/// A question that `y` answers yes; `n` or Esc, no.
public struct Confirmation: Sendable {
    public enum Consequence: Sendable, Equatable {
        case quit
        case delete(request: String)
        /// Cancel every request in flight.
        case cancelAll
        /// Delete every cache entry.
        case purgeCache
        /// The editor left the file invalid: write back what it was before.
        case restoreFile(text: String)
    }

    public var message: String
    public var consequence: Consequence
}
