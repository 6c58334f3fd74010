/// A one-line question: a path, a name, a curl command.
public struct Prompt: Sendable {
    public enum Purpose: Sendable, Equatable {
        case saveBody(exchange: Int)
        case exportHAR(runID: String)
        case rename(request: String)
        case newRequest
        case duplicate(request: String)
        case importCurl
    }

    public var title: String
    public var editor: LineEditor
    public var purpose: Purpose
    /// Why the last answer was refused.
    public var error: String?
}
