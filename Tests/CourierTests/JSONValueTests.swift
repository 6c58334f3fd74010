import Foundation
import Testing
@testable import Courier

/// `JSONWriter` must give `JSONEncoder`'s bytes exactly (cache entry names are SHA-256 of them).
@Suite struct JSONValueTests {

    // MARK: - Writer

    @Test(arguments: [false, true])
    func writerMatchesJSONEncoderOnTheCorpus(pretty: Bool) {
        let corpus = Corpus.values()
        #expect(corpus.count > 5_000)
        var mismatches: [String] = []
        for value in corpus {
            let ours = value.serialized(prettyPrinted: pretty)
            let reference = encoderBytes(value, pretty: pretty)
            if ours != reference {
                mismatches.append("expected \(text(reference)) got \(text(ours))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
    }

    @Test func writerFormatsLikeJSONEncoder() {
        let value: JSONValue = ["b": [1, 2.5, [:]], "a": ["x": [], "y": "/\"\\\u{1F}\u{8}"], "A": nil]
        #expect(text(value.serialized())
                == #"{"A":null,"a":{"x":[],"y":"/\"\\\u001f\b"},"b":[1,2.5,{}]}"#)
        #expect(text(value.serialized(prettyPrinted: true)) == """
            {
              "A" : null,
              "a" : {
                "x" : [

                ],
                "y" : "/\\"\\\\\\u001f\\b"
              },
              "b" : [
                1,
                2.5,
                {

                }
              ]
            }
            """)
        #expect(text(JSONValue.object(["9": 1, "10": 2, "a": 3, "A": 4, "é": 5, "_": 6]).serialized())
                == #"{"10":2,"9":1,"A":4,"_":6,"a":3,"é":5}"#)
        let doubles: [JSONValue] = [.double(1), .double(-0.0), .double(1e16), .double(1e-7), .double(1e15), .double(0.1)]
        #expect(text(JSONValue.array(doubles).serialized()) == "[1,-0,1e+16,1e-07,1000000000000000,0.1]")
        #expect(text(JSONValue.array([.int(.min), .int(.max)]).serialized())
                == "[-9223372036854775808,9223372036854775807]")
        #expect(text(JSONValue.string("top").serialized(prettyPrinted: true)) == #""top""#)
    }

    @Test func keysSortByUTF8BytesNotByStringComparison() {
        // "e\u{301}" (bytes 65 CC 81) is canonically "é", which String's `<` puts after "f".
        let value = JSONValue.object(["f": 1, "e\u{301}": 2, "\u{FF5E}": 3, "\u{10000}": 4])
        #expect(text(value.serialized()) == "{\"e\u{301}\":2,\"f\":1,\"\u{FF5E}\":3,\"\u{10000}\":4}")
        #expect(value.serialized() == encoderBytes(value, pretty: false))
    }

    @Test func valuesJSONEncoderRefusesSerializeAsNull() {
        for bad in [JSONValue.double(.nan), .double(.infinity), ["a": [1, .double(-.infinity)]]] {
            #expect(text(bad.serialized()) == "null")
            #expect(text(bad.serialized(prettyPrinted: true)) == "null")
            #expect(encoderBytes(bad, pretty: false) == Data("null".utf8))
        }
        let ok = nested(511), tooDeep = nested(512)
        #expect(ok.serialized() == encoderBytes(ok, pretty: false))
        #expect(ok.serialized().count == 2 * 511 + 1)
        #expect(text(tooDeep.serialized()) == "null")
        #expect(encoderBytes(tooDeep, pretty: false) == Data("null".utf8))
        let deepObject = (0..<512).reduce(JSONValue.int(1)) { inner, _ in ["k": inner] }
        #expect(text(deepObject.serialized()) == "null")
    }

    // MARK: - Helpers

    /// `serialized` as it was: JSONEncoder with the same options, through JSONValue's Codable conformance.
    private func encoderBytes(_ value: JSONValue, pretty: Bool) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data("null".utf8)
    }

    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
    private func nested(_ levels: Int) -> JSONValue { (0..<levels).reduce(JSONValue.int(1)) { inner, _ in [inner] } }
}

/// Values for comparing the writer with `JSONEncoder`: fixed edge cases, then seeded random ones.
private enum Corpus {
    static let doubles: [Double] = [
        0.0, -0.0, 1.0, -1.0, 2.5, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 4.35, 100, 1e21, 1e22, 1e-7, 1e-6, 1e-5, 1e-4,
        123456789.123, .pi, -.pi, 1e300, 1e-300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, .leastNormalMagnitude, 1e15, 1e16, 9007199254740992, 9007199254740994, 1.5e17,
        0.001, Double(Int.max), Double(Int.min), 12345.678e10, Double(Float(0.1)), 5e-324, 1.7976931348623157e307,
    ]
    static let ints: [Int] = [0, 1, -1, 9, 10, -10, 99, 100, 12345, 1 << 53, Int(Int32.max), .max, .min, .max - 1, .min + 1]
    static let strings: [String] = [
        "", "plain", "with space", "\"quoted\"", "back\\slash", "a/b", "http://x/y", "\u{7F}", "é", "e\u{301}",
        "😀", "👩‍👩‍👧", "中文", "\u{2028}\u{2029}", "\u{FEFF}", "\u{FFFF}", "\u{10FFFF}", "tab\there", "nl\n",
        String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{7F}\"\\/é😀",
    ]
    static let keys: [String] = ["a", "A", "a1", "aB", "ab", "b", "10", "9", "", "é", "Z", "_", "😀", "\u{FF5E}",
                                 "\u{10000}", "key with space", "\"q\"", "\\", "\u{1}", "a/b", "ß", "ss"]

    static func values() -> [JSONValue] {
        var values: [JSONValue] = [nil, true, false, [], [:], [[]], [[:]], ["a": [:], "b": []]]
        values += ints.map(JSONValue.int) + doubles.map(JSONValue.double) + strings.map(JSONValue.string)
        values += [.array(ints.map(JSONValue.int)), .array(doubles.map(JSONValue.double)),
                   .array(strings.map(JSONValue.string)),
                   .object(Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, .int($0)) })),
                   .object(Dictionary(strings.map { ($0, .string($0)) }, uniquingKeysWith: { first, _ in first }))]
        var random = SplitMix64(seed: 0x5EED)
        for _ in 0..<3_000 {
            let double = Double(bitPattern: random.next())
            if double.isFinite { values.append(.double(double)) }
        }
        for _ in 0..<1_000 {
            let scaled = Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &random))
                / Double(Int.random(in: 1...1_000_000, using: &random))
            values.append(.array([.double(scaled)]))
        }
        for _ in 0..<1_500 { values.append(randomValue(depth: 0, using: &random)) }
        return values
    }

    private static func randomValue(depth: Int, using random: inout SplitMix64) -> JSONValue {
        switch Int.random(in: 0..<(depth < 4 ? 9 : 6), using: &random) {
        case 0: return nil
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int(Int.random(in: Int.min...Int.max, using: &random) >> Int.random(in: 0...63, using: &random))
        case 3: return .double(doubles.randomElement(using: &random)!)
        case 4, 5: return .string(randomString(using: &random))
        case 6: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) })
        default:
            let count = Int.random(in: 0...5, using: &random)
            let members = (0..<count).map { _ in
                (Bool.random(using: &random) ? keys.randomElement(using: &random)! : randomString(using: &random),
                 randomValue(depth: depth + 1, using: &random))
            }
            return .object(Dictionary(members, uniquingKeysWith: { first, _ in first }))
        }
    }

    private static func randomString(using random: inout SplitMix64) -> String {
        let alphabet: [Unicode.Scalar] = Array("abcXYZ019 \"\\/é中😀\u{7F}\u{FFFF}\u{10FFFF}\u{301}".unicodeScalars)
            + (0..<0x20).map { Unicode.Scalar(UInt8($0)) }
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &random) { scalars.append(alphabet.randomElement(using: &random)!) }
        return String(scalars)
    }
}

/// A small seeded generator, so the random part of the corpus is the same on every run.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
