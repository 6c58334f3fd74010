import Foundation
import Testing
@testable import Courier

/// `JSONWriter` must give `JSONEncoder`'s bytes exactly (cache entry names are SHA-256 of them), and
/// `JSONParser` must accept exactly RFC 8259 and agree with the `JSONDecoder` path it replaced.
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
        expectEqual(text(JSONValue.array(doubles).serialized()), "[1,-0,1e+16,1e-07,1000000000000000,0.1]")
        #expect(text(JSONValue.array([.int(.min), .int(.max)]).serialized())
                == "[-9223372036854775808,9223372036854775807]")
        #expect(text(JSONValue.string("top").serialized(prettyPrinted: true)) == #""top""#)
    }

    @Test func keysSortByUTF8BytesNotByStringComparison() {
        // "e\u{301}" (bytes 65 CC 81) is canonically "é", which String's `<` puts after "f".
        let value = JSONValue.object(["f": 1, "e\u{301}": 2, "\u{FF5E}": 3, "\u{10000}": 4])
        #expect(text(value.serialized()) == "{\"e\u{301}\":2,\"f\":1,\"\u{FF5E}\":3,\"\u{10000}\":4}")
        expectEqual(value.serialized(), encoderBytes(value, pretty: false))
    }

    @Test func valuesJSONEncoderRefusesSerializeAsNull() {
        for bad in [JSONValue.double(.nan), .double(.infinity), ["a": [1, .double(-.infinity)]]] {
            expectEqual(text(bad.serialized()), "null")
            expectEqual(text(bad.serialized(prettyPrinted: true)), "null")
            expectEqual(encoderBytes(bad, pretty: false), Data("null".utf8))
        }
        let ok = nested(511), tooDeep = nested(512)
        expectEqual(ok.serialized(), encoderBytes(ok, pretty: false))
        expectEqual(ok.serialized().count, 2 * 511 + 1)
        expectEqual(text(tooDeep.serialized()), "null")
        expectEqual(encoderBytes(tooDeep, pretty: false), Data("null".utf8))
        let deepObject = (0..<512).reduce(JSONValue.int(1)) { inner, _ in ["k": inner] }
        expectEqual(text(deepObject.serialized()), "null")
    }

    // MARK: - Parser: accepted input

    @Test func parsesEveryKindOfValue() throws {
        let cases: [(String, JSONValue)] = [
            ("null", nil), ("true", true), ("false", false), ("42", 42), ("-7", -7), ("\"abc\"", "abc"),
            ("0", 0), ("-0", .int(0)), ("1.5", .double(1.5)), ("-2.5e-3", .double(-0.0025)), ("1E2", .double(100)),
            ("[]", []), ("{}", [:]), (" \t\r\n[ 1 , \"a\" , null ] \n", [1, "a", nil]),
            (#"{"a":{"b":[true,{"c":[]}]},"d":-1}"#, ["a": ["b": [true, ["c": []]]], "d": -1]),
            (#""\" \\ \/ \b \f \n \r \t""#, "\" \\ / \u{8} \u{C} \n \r \t"),
            (#""\u0041\u00e9\u20AC\u0000\u001F""#, "Aé€\u{0}\u{1F}"),
            (#""\ud83d\ude00 \uD834\uDD1E""#, "😀 𝄞"),
            ("\"é😀\u{7F}\u{10FFFF}\"", "é😀\u{7F}\u{10FFFF}"),
            (#"{"a":1,"a":2,"b":3,"a":4}"#, ["a": 4, "b": 3]),
            ("\u{FEFF}[1]", [1]),
        ]
        for (input, expected) in cases {
            #expect(try json(input) == expected, "\(input)")
        }
    }

    @Test func numbersFollowTheIntThenDoubleRule() throws {
        expectEqual(try json("9223372036854775807"), .int(.max))
        expectEqual(try json("-9223372036854775808"), .int(.min))
        expectEqual(try json("9223372036854775808"), .double(9223372036854775808))
        expectEqual(try json("-9223372036854775809"), .double(-9223372036854775809))
        expectEqual(try json("123456789012345678901234567890"), .double(1.2345678901234568e29))
        expectEqual(try json("9007199254740993"), .int(9007199254740993))
        #expect(try json("9007199254740993.0") == .double(9007199254740992), "ties round to even")
        expectEqual(try json("1e-400"), .double(0))
        guard case .double(let negativeZero) = try json("-0.0") else { Issue.record("not a double"); return }
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        // Correct rounding, checked against the standard library's parser on tricky literals.
        for literal in ["0.1", "2.2250738585072011e-308", "2.2250738585072012e-308", "1.7976931348623157e308",
                        "4.9406564584124654e-324", "3.141592653589793238462643383279", "0.30000000000000004",
                        "1e23", "8.988465674311579e307", "123456789.123456789e-5"] {
            #expect(try json(literal) == .double(Double(literal)!), "\(literal)")
        }
    }

    @Test func integralLiteralsWithFractionOrExponentAreNowDoubles() throws {
        // JSONDecoder gave `.int(1)` and `.int(100)` here; the parser keeps the literal's kind.
        expectEqual(try oldDecode("1.0"), .int(1))
        expectEqual(try json("1.0"), .double(1.0))
        expectEqual(try oldDecode("1e2"), .int(100))
        expectEqual(try json("1e2"), .double(100))
        #expect(try json("[1.0]").serialized() == Data("[1]".utf8), "the bytes it serializes to are unchanged")
    }

    @Test func agreesWithTheJSONDecoderItReplaced() throws {
        let documents = [
            #"{"id":1,"name":"Courier","tags":["http","libcurl","swift"],"ok":true,"none":null}"#,
            #"[0,-1,2.5,-0.125,1e-7,6.02e23,9223372036854775807,-9223372036854775808,18446744073709551616]"#,
            #"{"nested":{"deeper":{"deepest":[[[]],{},[{}]]}},"":"empty key","é":"\u00e9\ud83d\ude00"}"#,
            #""\/\\\"\b\f\n\r\t\u0001""#, "  [ 1 ,\n\t2 ]  ", "\"ü€𝄞\"",
        ] + Corpus.values().prefix(2_000).map { text($0.serialized()) }
        for document in documents {
            let new = try json(document), old = try oldDecode(document)
            #expect(agrees(new, old), "\(document): \(new) vs \(old)")
        }
        // One deliberate difference: a repeated key keeps its last value, as JSONSerialization
        // and JSON.parse do (JSONDecoder kept the first).
        #expect(try json(#"{"dup":1,"dup":2}"#) == ["dup": 2])
    }

    /// Equal, except where JSONDecoder turned an integral `1.0` or `1e2` into `.int`: now `.double`.
    private func agrees(_ new: JSONValue, _ old: JSONValue) -> Bool {
        switch (new, old) {
        case (.double(let double), .int(let int)): return double == Double(int)
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(agrees)
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { agrees(value, $0) } ?? false }
        default: return new == old
        }
    }

    @Test func stringsReadRightWhateverTheAlignmentOfTheirSpecialBytes() throws {
        // The parser skips plain ASCII eight bytes at a time: put each kind of byte it must stop for at
        // every position of a word, in strings longer than a word.
        for special in ["\"", "\\", "\u{1}", "\u{1F}", "\u{7F}", "é", "😀", " ", "~", "!"] {
            for position in 0..<24 {
                let string = String(repeating: "a", count: position) + special + String(repeating: "b", count: 19)
                expectEqual(try JSONValue(parsing: JSONValue.string(string).serialized()), .string(string))
            }
        }
        for position in 0..<24 {
            let prefix = Data(("\"" + String(repeating: "a", count: position)).utf8), suffix = Data((String(repeating: "b", count: 19) + "\"").utf8)
            for bad: UInt8 in [0x01, 0x1F, 0x80, 0xFF] {
                let error = #expect(throws: JSONParseError.self) { try JSONValue(parsing: prefix + [bad] + suffix) }
                expectEqual(error?.offset, position + 1)
            }
            let unterminated = #expect(throws: JSONParseError.self) { try JSONValue(parsing: prefix) }
            expectEqual(unterminated?.offset, position + 1)
        }
    }

    @Test func serializedTextParsesBackToTheSameBytes() throws {
        // `-0` is an integer literal, so it parses back as `.int(0)` and serializes as `0`.
        expectEqual(try json("-0").serialized(), Data("0".utf8))
        func positiveZero(_ value: JSONValue) -> JSONValue {
            switch value {
            case .double(let double) where double == 0: return .double(0)
            case .array(let elements): return .array(elements.map(positiveZero))
            case .object(let members): return .object(members.mapValues(positiveZero))
            default: return value
            }
        }
        for value in Corpus.values().map(positiveZero) {
            for pretty in [false, true] {
                let bytes = value.serialized(prettyPrinted: pretty)
                guard bytes != Data("null".utf8) else { continue }
                let again = try JSONValue(parsing: bytes).serialized(prettyPrinted: pretty)
                #expect(again == bytes, "\(text(bytes)) became \(text(again))")
            }
        }
    }

    // MARK: - Parser: rejected input

    @Test(arguments: [
        "", " ", "\n", "[1,]", #"{"a":1,}"#, "[,1]", "[1 2]", #"{"a" 1}"#, #"{a:1}"#, #"{"a":}"#, "{,}", "[",
        "]", "{", #"{"a""#, "01", "-01", "00", "+1", ".5", "1.", "1.e3", "1e", "1e+", "-", "--1", "0x10", "NaN",
        "Infinity", "-Infinity", "nul", "tru", "True", "null x", "[1]]", "1 2", "1e400", "-1e400",
        "\"abc", "\"a\u{1}\"", "\"\t\"", "\"\n\"", #""\a""#, #""\u12""#, #""\u12G4""#, #""\x41""#, "\"\\",
        #""\ud800""#, #""\udc00""#, #""\ud800x""#, #""\ud800\u0041""#, #""\ud800\ud800""#, "'a'",
        "[1\u{0B}]", "[1\u{0C}]", "\u{A0}1", "[1]\u{0}", "//c\n1", "[\u{FEFF}1]",
    ])
    func rejects(_ input: String) {
        let parsing = #expect(throws: JSONParseError.self, "\(input.debugDescription)") { try JSONValue(parsing: Data(input.utf8)) }
        let checking = #expect(throws: JSONParseError.self, "\(input.debugDescription)") { try JSONValue.validate(Data(input.utf8)) }
        #expect(parsing == checking, "validate and parse disagree on \(input.debugDescription)")
    }

    @Test(arguments: [
        [0x22, 0x80, 0x22], [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xE0, 0x80, 0x80, 0x22],
        [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22],
        [0x22, 0xC3], [0x22, 0x5C, 0xC3, 0x22], [0x22, 0x5C, 0x6E, 0xC3, 0x28, 0x22], [0xC3, 0xA9],
    ] as [[UInt8]])
    func rejectsInvalidUTF8(_ input: [UInt8]) {
        let parsing = #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data(input)) }
        let checking = #expect(throws: JSONParseError.self) { try JSONValue.validate(Data(input)) }
        expectEqual(parsing, checking)
    }

    @Test func validatingAcceptsWhatParsingAccepts() throws {
        for value in Corpus.values() {
            for pretty in [false, true] {
                let bytes = value.serialized(prettyPrinted: pretty)
                #expect(throws: Never.self) { try JSONValue.validate(bytes) }
            }
        }
        let deep = String(repeating: "[", count: 512) + "1" + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONValue.validate(Data(deep.utf8)) }
        let tooDeep = #expect(throws: JSONParseError.self) { try JSONValue.validate(Data(("[" + deep + "]").utf8)) }
        expectEqual(tooDeep?.reason.contains("nest"), true)
    }

    @Test func errorsSayWhereAndWhat() {
        let cases: [(String, Int, String)] = [
            ("[1,]", 3, "unexpected ']'"), (#"{"a":1 "b":2}"#, 7, "','"), ("01", 0, "leading zero"),
            ("[1] x", 4, "after the top-level value"), ("[1", 2, "end of input"), ("\"a\u{1}\"", 2, "control"),
            (#"["ok","\ud800"]"#, 7, "surrogate"), ("", 0, "empty"), ("[1e999]", 1, "out of range"),
            ("tx", 1, "literal"),
        ]
        for (input, offset, reason) in cases {
            let error = #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data(input.utf8)) }
            #expect(error?.offset == offset, "\(input)")
            #expect(error?.reason.contains(reason) == true, "\(input): \(error?.reason ?? "")")
            expectEqual(error?.description.contains("byte \(offset)"), true)
        }
        let invalid = #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data([0x22, 0xC3, 0xA9, 0xFF, 0x22])) }
        expectEqual(invalid?.offset, 3)
        expectEqual(invalid?.reason.contains("UTF-8"), true)
    }

    @Test func nestingStopsAt512Levels() throws {
        let ok = String(repeating: "[", count: 512) + "1" + String(repeating: "]", count: 512)
        expectEqual(try JSONValue(parsing: Data(ok.utf8)), nested(512))
        let objects = String(repeating: #"{"k":"#, count: 512) + "1" + String(repeating: "}", count: 512)
        #expect(throws: Never.self) { try JSONValue(parsing: Data(objects.utf8)) }
        for input in [String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
                      String(repeating: #"{"k":["#, count: 300), String(repeating: "[", count: 1_000_000)] {
            let error = #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data(input.utf8)) }
            expectEqual(error?.reason.contains("nest"), true)
        }
    }

    // MARK: - Helpers

    /// `serialized` as it was: JSONEncoder with the same options, through JSONValue's Codable conformance.
    private func encoderBytes(_ value: JSONValue, pretty: Bool) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data("null".utf8)
    }

    /// `init(parsing:)` as it was.
    private func oldDecode(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    private func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: Data(text.utf8)) }
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
