import Courier
@testable import CourierProtobuf
import Foundation
import SwiftProtobuf
import Testing

/// The dynamic codec against Python's protobuf on the same descriptor set: what we encode from
/// JSON is byte for byte what `json_format.ParseDict` + `SerializeToString(deterministic=True)`
/// makes, and what we read from those bytes is what `MessageToDict` reads.
@Suite struct ProtoCodecConformanceTests {
    static let everything = "courier.test.Everything"

    /// Messages covering every scalar type at its limits, enums by name and number, packed and
    /// unpacked repeated fields, maps with string and integer keys, a oneof, explicit presence,
    /// and a field name in snake_case.
    static let samples = [
        #"{}"#,
        #"{"scalars": {"d": 1.5, "f": 0.1, "i32": -2147483648, "i64": "-9223372036854775808", "u32": 4294967295, "u64": "18446744073709551615"}}"#,
        #"{"scalars": {"s32": -1, "s64": "-2", "f32": 7, "f64": "8", "sf32": -9, "sf64": "-10", "b": true, "s": "café ✓", "by": "AP8="}}"#,
        #"{"scalars": {"d": "NaN", "f": "-Infinity"}, "packedInts": [1, -1, 300], "names": ["a", "", "b"]}"#,
        #"{"counts": {"b": "2", "a": 1, "": "0"}, "byId": {"10": {"i32": 1}, "2": {}, "-3": {"s": "x"}}}"#,
        #"{"color": "GREEN", "colors": ["RED", 2, "COLOR_UNSPECIFIED"]}"#,
        #"{"text": ""}"#,
        #"{"nested": {"b": false}}"#,
        #"{"maybe": 0, "snakeCaseName": "camel"}"#,
        #"{"snake_case_name": "as written", "items": [{"i32": 1}, {}, {"s": "three"}]}"#,
    ]

    /// A map's entries go in no order protobuf specifies: ours in key order (as C++ and Java
    /// write them deterministically), upb's — Python's — in an order of its own. Samples with a
    /// map are compared as Python reads both encodings instead of byte for byte.
    static func hasMap(_ sample: String) -> Bool { sample.contains("counts") || sample.contains("byId") }

    @Test func encodingIsByteForBytePythonsAndReadingGivesPythonsJSON() async throws {
        let (bytes, path) = try await ProtoFixtures.requiredDescriptorSet(["types.proto"])
        let schema = try ProtoSchema(descriptorSet: bytes)
        let ours = try Self.samples.map { try schema.encode(try JSONValue(parsing: Data($0.utf8)), as: Self.everything) }
        let requests = Self.samples.map { #"{"json": "# + $0 + "}" }
            + ours.map { #"{"binary": ""# + $0.hex + #""}"# }
        let answers = try await ProtoFixtures.requiredOracle(set: path, type: Self.everything, requests: requests)
        try #require(answers.count == requests.count, "the oracle answered \(answers.count) of \(requests.count)")
        for (index, sample) in Self.samples.enumerated() {
            let pythons = answers[index], pythonReadingOurs = answers[Self.samples.count + index]
            let expected = try #require(pythons.binary, "Python refused \(sample): \(pythons.error ?? "")")
            if Self.hasMap(sample) {
                #expect(ours[index].count * 2 == expected.count, "\(sample)")
                #expect(try Self.parsed(pythonReadingOurs.json) == Self.parsed(pythons.json), "\(sample): Python reads ours differently")
            } else {
                #expect(ours[index].hex == expected, "\(sample)")
            }
            let (json, unknown) = try schema.decode(Data(hex: expected), as: Self.everything)
            let pythonsJSON = try JSONValue(parsing: try #require(pythons.json))
            #expect(Self.numbersAsDoubles(json) == Self.numbersAsDoubles(pythonsJSON), "\(sample): ours \(json), Python's \(pythonsJSON)")
            #expect(unknown.isEmpty)
        }
    }

    /// The well-known types in their own JSON forms; `true` where a map (a Struct) leaves the
    /// order of the bytes open.
    static let wellKnownSamples: [(String, Bool)] = [
        (#"{"at": "1972-01-01T10:00:20.021Z", "took": "1.5s"}"#, false),
        (#"{"at": "2026-11-30T16:00:00Z", "took": "-0.000001s"}"#, false),
        (#"{"at": "0001-01-01T00:00:00.000000001Z", "took": "315576000000s"}"#, false),
        (#"{"at": "1969-12-31T23:59:59.999999Z", "took": "0s"}"#, false),
        (#"{"at": "2026-11-30T17:30:00+01:30"}"#, false),
        (#"{"data": {"a": 1, "b": [true, null, "x"], "c": {"d": 2.5}}}"#, true),
        (#"{"anything": null}"#, false),
        (#"{"anything": "text"}"#, false),
        (#"{"anything": [1, {"k": "v"}]}"#, true),
        (#"{"list": [1, "two", null, false]}"#, false),
        (#"{"big": "-9223372036854775808", "label": "", "flag": false, "blob": "AP8=", "ratio": 0.5}"#, false),
        (#"{"mask": "a.fooBar,b", "nothing": {}}"#, false),
        (#"{"payload": {"@type": "type.googleapis.com/courier.test.Scalars", "i32": 5, "s": "x"}}"#, false),
        (#"{"payload": {"@type": "type.googleapis.com/google.protobuf.Duration", "value": "2s"}}"#, false),
        (#"{"many": [{"@type": "type.googleapis.com/google.protobuf.Timestamp", "value": "2000-01-01T00:00:00Z"}, {"@type": "type.googleapis.com/courier.test.Scalars"}]}"#, false),
    ]

    @Test func wellKnownTypesTakeTheirOwnJSONFormsAsPythonsDo() async throws {
        let (bytes, path) = try await ProtoFixtures.requiredDescriptorSet(["wellknown.proto"])
        let schema = try ProtoSchema(descriptorSet: bytes)
        let type = "courier.test.WellKnown"
        let ours = try Self.wellKnownSamples.map { try schema.encode(try JSONValue(parsing: Data($0.0.utf8)), as: type) }
        let requests = Self.wellKnownSamples.map { #"{"json": "# + $0.0 + "}" } + ours.map { #"{"binary": ""# + $0.hex + #""}"# }
        let answers = try await ProtoFixtures.requiredOracle(set: path, type: type, requests: requests)
        try #require(answers.count == requests.count, "the oracle answered \(answers.count) of \(requests.count)")
        for (index, (sample, hasMap)) in Self.wellKnownSamples.enumerated() {
            let pythons = answers[index], pythonReadingOurs = answers[Self.wellKnownSamples.count + index]
            let expected = try #require(pythons.binary, "Python refused \(sample): \(pythons.error ?? "")")
            if hasMap {
                #expect(try Self.parsed(pythonReadingOurs.json) == Self.parsed(pythons.json), "\(sample): Python reads ours differently")
            } else {
                #expect(ours[index].hex == expected, "\(sample)")
            }
            let (json, _) = try schema.decode(Data(hex: expected), as: type)
            let pythonsJSON = try JSONValue(parsing: try #require(pythons.json))
            #expect(Self.numbersAsDoubles(json) == Self.numbersAsDoubles(pythonsJSON), "\(sample): ours \(json), Python's \(pythonsJSON)")
        }
    }

    /// An answer's JSON as a tree (whose objects have no order).
    static func parsed(_ data: Data?) throws -> JSONValue {
        try JSONValue(parsing: try #require(data))
    }

    /// JSON with every number a double: Python's answers pass through Foundation's
    /// JSONSerialization, which writes 1.0 as 1.
    static func numbersAsDoubles(_ value: JSONValue) -> JSONValue {
        switch value {
        case .int(let number): .double(Double(number))
        case .array(let elements): .array(elements.map(numbersAsDoubles))
        case .object(let members): .object(members.mapValues(numbersAsDoubles))
        default: value
        }
    }

    @Test func fieldsTheSchemaLacksAreKeptAsTheyCame() async throws {
        let (bytes, _) = try await ProtoFixtures.requiredDescriptorSet(["types.proto"])
        let schema = try ProtoSchema(descriptorSet: bytes)
        // Field 3 of Scalars is i32 = 5; fields 99 (varint) and 100 (bytes) are no field of it.
        let message = Data([0x18, 0x05, 0x98, 0x06, 0x2A, 0xA2, 0x06, 0x02, 0x68, 0x69])
        let (json, unknown) = try schema.decode(message, as: "courier.test.Scalars")
        expectEqual(json, .object(["i32": .int(5)]))
        #expect(unknown == [ProtoUnknownField(number: 99, wireType: 0, bytes: [0x2A]),
                            ProtoUnknownField(number: 100, wireType: 2, bytes: [0x02, 0x68, 0x69])])
    }

    @Test func badInputSaysWhere() async throws {
        let (bytes, _) = try await ProtoFixtures.requiredDescriptorSet(["types.proto"])
        let schema = try ProtoSchema(descriptorSet: bytes)
        #expect(throws: ProtoSchema.CodecError.json(ProtoJSONError(path: "$.scalars.i33", reason:
            "no field \"i33\" in courier.test.Scalars (d, f, i32, i64, u32, u64, s32, s64, f32, f64, sf32, sf64, b, s, by)"))) {
            try schema.encode(try JSONValue(parsing: Data(#"{"scalars": {"i33": 1}}"#.utf8)), as: Self.everything)
        }
        #expect(throws: ProtoSchema.CodecError.json(ProtoJSONError(path: "$.scalars.i32", reason: "4294967296 is out of range (-2147483648…2147483647)"))) {
            try schema.encode(try JSONValue(parsing: Data(#"{"scalars": {"i32": 4294967296}}"#.utf8)), as: Self.everything)
        }
        #expect(throws: ProtoSchema.CodecError.json(ProtoJSONError(path: "$.color", reason: "\"BLUE\" is not a value of courier.test.Color (COLOR_UNSPECIFIED, RED, GREEN)"))) {
            try schema.encode(try JSONValue(parsing: Data(#"{"color": "BLUE"}"#.utf8)), as: Self.everything)
        }
        // A length past the end, and a string that is not UTF-8.
        #expect(throws: ProtoSchema.CodecError.self) { try schema.decode(Data([0x72, 0x05, 0x61]), as: "courier.test.Scalars") }
        #expect(throws: ProtoSchema.CodecError.self) { try schema.decode(Data([0x72, 0x01, 0xFF]), as: "courier.test.Scalars") }
        #expect(throws: ProtoSchema.CodecError.unknownType("courier.test.Nope")) { try schema.decode(Data(), as: "courier.test.Nope") }
    }

    @Test func aSetMissingAnImportIsRefusedNotACrash() throws {
        var file = Google_Protobuf_FileDescriptorProto()
        file.name = "a.proto"
        file.package = "a"
        file.dependency = ["b.proto"]
        #expect(throws: ProtoSchema.Problem(description: "a.proto imports b.proto, which is not in the set (compile with --include_imports)")) {
            try ProtoSchema(files: [file])
        }
        #expect(throws: ProtoSchema.Problem.self) { try ProtoSchema(descriptorSet: Data([0xFF, 0xFF])) }
    }
}

extension Data {
    /// The bytes in hex digits, as the oracle writes them.
    var hex: String { map { String(format: "%02x", $0) }.joined() }

    /// Bytes from hex digits (the oracle's answers).
    init(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        self.init(bytes)
    }
}
