/// A rule a response broke although its status and JSON template were fine: a business rule
/// (CTNetworking's `isCorrectWithCallBackData`: a 200 whose body says `"code": 500`) or a
/// check a workspace asked for. ``Request/responseViolations(in:)`` returns them; any fails the
/// request with ``RequestError/Code/responseRejected``.
public struct ResponseViolation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What is wrong, fit to show a user: `expected "ok", got "error"`.
    public var message: String
    /// Where in the JSON body, as `$.items[3].price`, when the rule looked at one place.
    public var path: String?

    /// A violation saying `message`, at `path` in the JSON body when the rule looked at one place.
    public init(_ message: String, path: String? = nil) {
        self.message = message
        self.path = path
    }

    /// `$.status: expected "ok", got "error"`, or the message alone without a path.
    public var description: String { path.map { "\($0): \(message)" } ?? message }
}
