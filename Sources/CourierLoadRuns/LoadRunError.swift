/// Why a load run could not start: a request that cannot be prepared, a token that could not
/// be fetched, a request that streams.
public struct LoadRunError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
