import Foundation
import Synchronization

/// Random and fake test data for placeholders: `{{random.int 1 100}}`, `{{random.uuid}}`,
/// `{{random.word}}`, `{{random.hex 8}}`, `{{fake.name}}`, `{{fake.firstName}}`,
/// `{{fake.lastName}}`, `{{fake.email}}`, `{{fake.date}}` — a new value at each use, from one
/// generator per run, so a run given the same `--seed` fills in the same values in the same
/// order.
public final class FakeValues: Sendable {
    /// The functions and how many arguments each takes.
    static let functions: [String: Int] = [
        "random.int": 2, "random.uuid": 0, "random.word": 0, "random.hex": 1,
        "fake.name": 0, "fake.firstName": 0, "fake.lastName": 0, "fake.email": 0, "fake.date": 0,
    ]

    /// Every function, for the variables window and suggestions.
    public static let names: [String] = functions.keys.sorted()

    private let state: Mutex<UInt64>

    /// `seed` makes the values reproducible; nil: seeded from the system's random source.
    public init(seed: UInt64? = nil) {
        state = Mutex(seed ?? UInt64.random(in: .min ... .max))
    }

    /// Whether `name` (a placeholder's text, `random.int 1 6`) calls one of these functions.
    public static func isCall(_ name: String) -> Bool {
        functions[String(name.split(separator: " ").first ?? "")] != nil
    }

    /// The value of the call `name`; nil when it names no function; throws for wrong arguments.
    func value(of name: String) throws(TemplateError) -> String? {
        let parts = name.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let function = parts.first, let arity = Self.functions[function] else { return nil }
        let arguments = Array(parts.dropFirst())
        guard arguments.count == arity else {
            throw TemplateError(name: name, reason: "\(function) takes \(arity == 0 ? "no arguments" : "\(arity) argument\(arity == 1 ? "" : "s")")")
        }
        switch function {
        case "random.int":
            guard let low = Int(arguments[0]), let high = Int(arguments[1]), low <= high else {
                throw TemplateError(name: name, reason: "random.int takes two whole numbers, the lower first")
            }
            return String(low + Int(next() % UInt64(high - low + 1)))
        case "random.hex":
            guard let count = Int(arguments[0]), (1...256).contains(count) else {
                throw TemplateError(name: name, reason: "random.hex takes a number of digits from 1 to 256")
            }
            let digits = Array("0123456789abcdef")
            return String((0..<count).map { _ in digits[Int(next() % 16)] })
        case "random.uuid":
            var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: next()) }
            bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
            bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
            let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                   bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
            return uuid.uuidString.lowercased()
        case "random.word": return pick(Self.words)
        case "fake.firstName": return pick(Self.firstNames)
        case "fake.lastName": return pick(Self.lastNames)
        case "fake.name": return pick(Self.firstNames) + " " + pick(Self.lastNames)
        case "fake.email":
            return "\(pick(Self.firstNames).lowercased()).\(pick(Self.lastNames).lowercased())\(next() % 100)@example.com"
        default:  // fake.date: a day within the last ten years, as YYYY-MM-DD
            let day = Date(timeIntervalSince1970: 1_735_689_600 - Double(next() % 3_650) * 86_400)  // from 2025-01-01
            return day.formatted(.iso8601.year().month().day())
        }
    }

    /// SplitMix64: small, fast and good enough for test data; not for secrets.
    private func next() -> UInt64 {
        state.withLock { state in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private func pick(_ list: [String]) -> String { list[Int(next() % UInt64(list.count))] }

    static let words = ["apple", "river", "stone", "cloud", "maple", "orbit", "pixel", "harbor", "lantern", "meadow",
                        "copper", "falcon", "garden", "island", "jasmine", "kernel", "lemon", "marble", "nectar", "oasis",
                        "pepper", "quartz", "rocket", "saddle", "timber", "umbrella", "velvet", "willow", "yonder", "zephyr"]
    static let firstNames = ["Ada", "Alan", "Grace", "Linus", "Margaret", "Dennis", "Barbara", "Ken", "Frances", "Edsger",
                             "Radia", "Tim", "Hedy", "Guido", "Katherine", "Donald", "Anita", "John", "Sophie", "Yukihiro"]
    static let lastNames = ["Lovelace", "Turing", "Hopper", "Torvalds", "Hamilton", "Ritchie", "Liskov", "Thompson", "Allen",
                            "Dijkstra", "Perlman", "Berners-Lee", "Lamarr", "van Rossum", "Johnson", "Knuth", "Borg",
                            "McCarthy", "Wilson", "Matsumoto"]
}
