import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension StreamingRedaction {
    /// Copies the file at `source` to a new file at `destination` (0600, never over an existing
    /// file or through a link), redacted as it streams, a megabyte at a time; returns whether
    /// anything was hidden. `contentType` saying JSON reads it as JSON (otherwise its first
    /// byte decides). Throws, saying which file and why, when a read or write fails — and the
    /// partial copy is removed.
    public static func copy(_ source: String, to destination: String, secrets: SecretMatcher, contentType: String?) throws -> Bool {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw StreamingRedactionError("cannot read \(source): \(String(cString: strerror(errno)))") }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw StreamingRedactionError("cannot write \(destination): \(String(cString: strerror(errno)))") }
        var finished = false
        defer {
            close(output)
            if !finished { unlink(destination) }
        }
        var redaction = StreamingRedaction(secrets: secrets, json: contentType?.lowercased().contains("json") ?? false)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var ready: [UInt8] = []
        ready.reserveCapacity(1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw StreamingRedactionError("cannot read \(source): \(String(cString: strerror(errno)))") }
            if count == 0 {
                redaction.finish(into: &ready)
            } else {
                buffer.withUnsafeBytes { redaction.take($0[..<count], into: &ready) }
            }
            if let failure = ready.withUnsafeBytes({ writeAll($0, to: output) }) {
                throw StreamingRedactionError("cannot write \(destination): \(String(cString: strerror(failure)))")
            }
            ready.removeAll(keepingCapacity: true)
            if count == 0 { break }
        }
        finished = true
        return redaction.changed
    }
}

/// A redacted copy that could not be made (``StreamingRedaction/copy(_:to:secrets:contentType:)``).
public struct StreamingRedactionError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) { self.description = description }
}
