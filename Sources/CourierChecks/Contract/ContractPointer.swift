import Foundation

/// JSON Pointers as URI fragments (RFC 6901 §6), for schema locations in the contract.
enum ContractPointer {
    /// `#/paths/~1pets/get` from `["paths", "/pets", "get"]`, `%` escaped for the URI.
    static func fragment(_ tokens: [String]) -> String {
        "#" + tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
            .replacingOccurrences(of: "%", with: "%25")
    }

    /// The tokens of a fragment's pointer (without `#`); nil when it is not a pointer.
    static func tokens(fragment: String) -> [String]? {
        let pointer = fragment.removingPercentEncoding ?? fragment
        guard pointer.hasPrefix("/") else { return pointer.isEmpty ? [] : nil }
        return pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }
}
