import Foundation

extension Data {
    /// Binary data shown as its first `limit` bytes in hex, a space between (`00 01 02 ff`),
    /// and ` …` after when there are more: how the runner, the history and the stream view
    /// show a session's binary message instead of mangled text.
    package func hexPreview(first limit: Int) -> String {
        prefix(limit).map { String(format: "%02x", $0) }.joined(separator: " ") + (count > limit ? " …" : "")
    }
}
