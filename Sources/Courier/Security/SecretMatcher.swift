/// Finds known secret values in text in time that depends on the text and on how many
/// different lengths the secrets have — not on how many secrets there are: the secrets are
/// grouped by length, and each group is matched with one rolling hash over the text.
/// Build it once per set of secrets and use it for every line.
public struct SecretMatcher: Sendable {
    private struct Group: Sendable {
        var length: Int
        /// Secrets by their hash; more than one only on a hash collision.
        var byHash: [UInt64: [[UInt8]]]
        /// `base^(length-1)`, to take the leaving byte out of the rolling hash.
        var leadingPower: UInt64
    }

    private static let base: UInt64 = 1_099_511_628_211
    private let groups: [Group]

    /// No secrets: ``redact(_:)`` returns its text.
    public static let none = SecretMatcher([String]())

    /// Secrets shorter than `minimumLength` bytes are left out: hiding `ab` everywhere would
    /// garble the output and protect nothing.
    public init(_ secrets: some Sequence<String>, minimumLength: Int = 3) {
        var byLength: [Int: [UInt64: [[UInt8]]]] = [:]
        for secret in secrets {
            let bytes = Array(secret.utf8)
            guard bytes.count >= minimumLength else { continue }
            let hash = Self.hash(bytes[...])
            if byLength[bytes.count, default: [:]][hash]?.contains(bytes) != true {
                byLength[bytes.count, default: [:]][hash, default: []].append(bytes)
            }
        }
        groups = byLength.map { length, byHash in
            var power: UInt64 = 1
            for _ in 1..<length { power = power &* Self.base }
            return Group(length: length, byHash: byHash, leadingPower: power)
        }.sorted { $0.length > $1.length }
    }

    /// Whether the matcher knows no secret: then it changes no text.
    public var isEmpty: Bool { groups.isEmpty }

    /// `text` with every occurrence of a secret replaced by ``Redaction/placeholder``; where
    /// two overlap, the one that starts first (then the longer) wins.
    public func redact(_ text: String) -> String {
        guard let shortest = groups.last?.length, text.utf8.count >= shortest else { return text }
        let bytes = Array(text.utf8)
        var found: [Range<Int>] = []
        for group in groups where group.length <= bytes.count {
            var hash = Self.hash(bytes[0..<group.length])
            var start = 0
            while true {
                if let candidates = group.byHash[hash],
                   candidates.contains(where: { $0.elementsEqual(bytes[start..<(start + group.length)]) }) {
                    found.append(start..<(start + group.length))
                }
                let next = start + group.length
                guard next < bytes.count else { break }
                hash = (hash &- UInt64(bytes[start]) &* group.leadingPower) &* Self.base &+ UInt64(bytes[next])
                start += 1
            }
        }
        guard !found.isEmpty else { return text }
        found.sort { $0.lowerBound != $1.lowerBound ? $0.lowerBound < $1.lowerBound : $0.count > $1.count }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        for range in found where range.lowerBound >= position {
            result += bytes[position..<range.lowerBound]
            result += Array(Redaction.placeholder.utf8)
            position = range.upperBound
        }
        result += bytes[position...]
        return String(decoding: result, as: UTF8.self)
    }

    private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 &* base &+ UInt64($1) }
    }
}
