import CourierWorkspace

/// Why a JSON path filter over a body found nothing, saying which step failed.
package enum BodyFilterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The body is not JSON, or did not parse as JSON.
    case notJSON
    /// Only part of the body is formatted yet.
    case incomplete
    /// The object at `path` has no member `name`.
    case noMember(String, path: String)
    /// The array at `path` has `count` elements, not one at `index`.
    case indexOutOfRange(Int, path: String, count: Int)
    /// The value at `path` is `found` (`a string`), not `expected` (`an object`).
    case wrongType(path: String, found: String, expected: String)

    package var description: String {
        switch self {
        case .notJSON:
            return "the body is not JSON"
        case .incomplete:
            return "the body is still being formatted"
        case .noMember(let name, let path):
            return "no member \"\(name)\" in the object at \(path)"
        case .indexOutOfRange(let index, let path, let count):
            return "index \(index) is out of range (the array at \(path) has \(count) element\(count == 1 ? "" : "s"))"
        case .wrongType(let path, let found, let expected):
            return "\(path) is \(found), not \(expected)"
        }
    }
}
