import Foundation

/// A media type or range as an OpenAPI `content` key writes it (`application/json`,
/// `application/*`, `*/*`), matched against a response's `Content-Type`.
struct MediaRange: Sendable, Hashable {
    let type: String
    let subtype: String

    /// The type and subtype, lowercased, without parameters; nil for text that is not `a/b`.
    init?(_ text: String) {
        let essence = text.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let parts = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        type = String(parts[0])
        subtype = String(parts[1])
    }

    /// 2 for the exact type, 1 for `type/*`, 0 for `*/*`; nil when `contentType` is outside the range.
    func precedence(for contentType: MediaRange) -> Int? {
        if type == "*" && subtype == "*" { return 0 }
        guard type == contentType.type else { return nil }
        if subtype == "*" { return 1 }
        return subtype == contentType.subtype ? 2 : nil
    }

    /// Whether a body of this type is JSON: `application/json` or a `+json` suffix.
    var isJSON: Bool {
        (type == "application" && subtype == "json") || subtype.hasSuffix("+json")
    }

    /// The content key (of `keys`) that best covers `contentType`: the exact type, then
    /// `type/*`, then `*/*`; nil when none does.
    static func best(of keys: [String], for contentType: MediaRange) -> String? {
        keys.compactMap { key in MediaRange(key).flatMap { range in range.precedence(for: contentType).map { (key, $0) } } }
            .max { $0.1 < $1.1 }?.0
    }
}
