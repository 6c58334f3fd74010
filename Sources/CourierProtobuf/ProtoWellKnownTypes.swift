import Courier
import Foundation
import SwiftProtobufPluginLibrary

/// The well-known types' own JSON forms (protobuf.dev/programming-guides/json): a Timestamp is
/// an RFC 3339 string, a Duration `"1.5s"`, a wrapper its value, a Struct an object, a Value
/// any JSON, a ListValue an array, a FieldMask `"a.fooBar,b"`, an Any its message with
/// `"@type"`. Each converts from and to the generic JSON of its fields, which the codec reads
/// and writes.
enum ProtoWellKnownTypes {
    /// Finds a message type by its full name (an Any's type URL names one).
    typealias Lookup = (String) -> Descriptor?

    /// Why a well-known type's JSON is not right.
    struct Problem: Error {
        let reason: String
    }

    // MARK: - From the generic form (reading binary)

    /// `generic` — the fields of a message of well-known type `type` as the codec read them —
    /// in the type's own JSON form.
    static func special(_ generic: JSONValue, type: Descriptor.WellKnownType, lookup: Lookup,
                        decode: (Data, Descriptor) throws -> JSONValue) throws -> JSONValue {
        let fields = generic.objectValue ?? [:]
        switch type {
        case .doubleValue, .floatValue: return fields["value"] ?? .double(0)
        case .int64Value, .uint64Value: return fields["value"] ?? .string("0")
        case .int32Value, .uint32Value: return fields["value"] ?? .int(0)
        case .stringValue, .bytesValue: return fields["value"] ?? .string("")
        case .boolValue: return fields["value"] ?? .bool(false)
        case .timestamp: return .string(try timestamp(seconds: int64(fields["seconds"]), nanos: Int32(fields["nanos"]?.intValue ?? 0)))
        case .duration: return .string(try duration(seconds: int64(fields["seconds"]), nanos: Int32(fields["nanos"]?.intValue ?? 0)))
        case .fieldMask:
            let paths = fields["paths"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return .string(paths.map { $0.split(separator: ".", omittingEmptySubsequences: false).map { ProtoBinaryToJSON.lowerCamelCase(String($0)) }.joined(separator: ".") }.joined(separator: ","))
        case .struct: return fields["fields"] ?? .object([:])
        case .listValue: return fields["values"] ?? .array([])
        case .value:
            guard let (_, value) = fields.first else { throw Problem(reason: "a google.protobuf.Value with no kind set") }
            return value
        case .any:
            let url = fields["typeUrl"]?.stringValue ?? ""
            guard !url.isEmpty else { return .object([:]) }
            let name = String(url.split(separator: "/").last ?? "")
            guard let inner = lookup(name) else { throw Problem(reason: "an Any of type \(url), which the schema does not have") }
            let bytes = fields["value"]?.stringValue.flatMap { Data(base64Encoded: $0) } ?? Data()
            let json = try decode(bytes, inner)
            if inner.wellKnownType != nil { return .object(["@type": .string(url), "value": json]) }
            var object = json.objectValue ?? [:]
            object["@type"] = .string(url)
            return .object(object)
        }
    }

    private static func int64(_ value: JSONValue?) -> Int64 {
        switch value {
        case .string(let text)?: Int64(text) ?? 0
        case .int(let number)?: Int64(number)
        default: 0
        }
    }

    /// `1972-01-01T10:00:20.021Z`: UTC, with 0, 3, 6 or 9 digits of fraction.
    static func timestamp(seconds: Int64, nanos: Int32) throws -> String {
        guard seconds >= -62_135_596_800, seconds <= 253_402_300_799, (0..<1_000_000_000).contains(nanos) else {
            throw Problem(reason: "a Timestamp of \(seconds) s and \(nanos) ns, outside 0001-01-01 to 9999-12-31")
        }
        let days = Int(floorDivide(seconds, 86_400))
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = CivilCalendar.date(daysSince1970: days)
        let text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
        return text + fraction(nanos) + "Z"
    }

    /// `1.5s`, `-0.000001s`: seconds with 0, 3, 6 or 9 digits of fraction.
    static func duration(seconds: Int64, nanos: Int32) throws -> String {
        guard abs(seconds) <= 315_576_000_000, abs(nanos) < 1_000_000_000, seconds == 0 || nanos == 0 || (seconds < 0) == (nanos < 0) else {
            throw Problem(reason: "a Duration of \(seconds) s and \(nanos) ns, out of range or of mixed signs")
        }
        let negative = seconds < 0 || nanos < 0
        return (negative ? "-" : "") + String(abs(seconds)) + fraction(abs(nanos)) + "s"
    }

    private static func fraction(_ nanos: Int32) -> String {
        guard nanos != 0 else { return "" }
        if nanos % 1_000_000 == 0 { return String(format: ".%03d", nanos / 1_000_000) }
        if nanos % 1_000 == 0 { return String(format: ".%06d", nanos / 1_000) }
        return String(format: ".%09d", nanos)
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    // MARK: - To the generic form (writing binary)

    /// A well-known type's own JSON as the generic JSON of its fields, which the codec encodes.
    static func generic(_ json: JSONValue, type: Descriptor.WellKnownType, lookup: Lookup,
                        encode: (JSONValue, Descriptor) throws -> Data) throws -> JSONValue {
        switch type {
        case .doubleValue, .floatValue, .int64Value, .uint64Value, .int32Value, .uint32Value, .stringValue, .bytesValue, .boolValue:
            return .object(["value": json])
        case .timestamp:
            guard case .string(let text) = json else { throw Problem(reason: "a Timestamp is an RFC 3339 string") }
            let (seconds, nanos) = try parseTimestamp(text)
            return .object(["seconds": .string(String(seconds)), "nanos": .int(Int(nanos))])
        case .duration:
            guard case .string(let text) = json, text.hasSuffix("s") else { throw Problem(reason: "a Duration is a string of seconds ending in s, as \"1.5s\"") }
            let (seconds, nanos) = try parseDuration(String(text.dropLast()))
            return .object(["seconds": .string(String(seconds)), "nanos": .int(Int(nanos))])
        case .fieldMask:
            guard case .string(let text) = json else { throw Problem(reason: "a FieldMask is a string of paths, as \"a.fooBar,b\"") }
            let paths = text.isEmpty ? [] : text.split(separator: ",").map { path in
                path.split(separator: ".").map { snakeCase(String($0)) }.joined(separator: ".")
            }
            return .object(["paths": .array(paths.map(JSONValue.string))])
        case .struct:
            guard case .object = json else { throw Problem(reason: "a Struct is a JSON object") }
            return .object(["fields": json])
        case .listValue:
            guard case .array = json else { throw Problem(reason: "a ListValue is a JSON array") }
            return .object(["values": json])
        case .value:
            switch json {
            case .null: return .object(["nullValue": .string("NULL_VALUE")])
            case .bool: return .object(["boolValue": json])
            case .int(let number): return .object(["numberValue": .double(Double(number))])
            case .double: return .object(["numberValue": json])
            case .string: return .object(["stringValue": json])
            case .object: return .object(["structValue": json])
            case .array: return .object(["listValue": json])
            }
        case .any:
            guard case .object(var members) = json else { throw Problem(reason: "an Any is a JSON object with \"@type\"") }
            guard !members.isEmpty else { return .object([:]) }
            guard case .string(let url)? = members.removeValue(forKey: "@type") else { throw Problem(reason: "an Any needs \"@type\"") }
            let name = String(url.split(separator: "/").last ?? "")
            guard let inner = lookup(name) else { throw Problem(reason: "\"@type\": \(url) names no message type of the schema") }
            let body = inner.wellKnownType != nil ? (members["value"] ?? .null) : .object(members)
            let bytes = try encode(body, inner)
            return .object(["typeUrl": .string(url), "value": .string(bytes.base64EncodedString())])
        }
    }

    static func snakeCase(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase {
                out += "_" + character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// RFC 3339 with a `Z` or a `±hh:mm` offset, and up to 9 digits of fraction.
    static func parseTimestamp(_ text: String) throws -> (Int64, Int32) {
        let bad = Problem(reason: "\"\(text)\" is not an RFC 3339 timestamp (as \"1972-01-01T10:00:20.021Z\")")
        let characters = Array(text.utf8)
        func number(_ range: Range<Int>) throws -> Int {
            guard range.upperBound <= characters.count, let value = Int(String(decoding: characters[range], as: UTF8.self)) else { throw bad }
            return value
        }
        guard characters.count >= 20, characters[4] == UInt8(ascii: "-"), characters[7] == UInt8(ascii: "-"),
              characters[10] == UInt8(ascii: "T"), characters[13] == UInt8(ascii: ":"), characters[16] == UInt8(ascii: ":") else { throw bad }
        let (year, month, day) = (try number(0..<4), try number(5..<7), try number(8..<10))
        let (hour, minute, second) = (try number(11..<13), try number(14..<16), try number(17..<19))
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { throw bad }
        var index = 19
        var nanos: Int32 = 0
        if characters[index] == UInt8(ascii: ".") {
            let start = index + 1
            index = start
            while index < characters.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(characters[index]) { index += 1 }
            guard index > start, index - start <= 9 else { throw bad }
            let digits = String(decoding: characters[start..<index], as: UTF8.self)
            nanos = Int32(digits.padding(toLength: 9, withPad: "0", startingAt: 0))!
        }
        guard index < characters.count else { throw bad }
        var offset = 0
        if characters[index] == UInt8(ascii: "Z") {
            guard index + 1 == characters.count else { throw bad }
        } else if characters[index] == UInt8(ascii: "+") || characters[index] == UInt8(ascii: "-") {
            guard characters.count == index + 6, characters[index + 3] == UInt8(ascii: ":") else { throw bad }
            offset = (try number((index + 1)..<(index + 3)) * 60 + number((index + 4)..<(index + 6))) * 60
            if characters[index] == UInt8(ascii: "-") { offset = -offset }
        } else {
            throw bad
        }
        let seconds = Int64(CivilCalendar.days(year: year, month: month, day: day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
        _ = try timestamp(seconds: seconds, nanos: nanos)  // the range check
        return (seconds, nanos)
    }

    /// `-1.5` (the part before `s`) as seconds and nanoseconds of the same sign.
    static func parseDuration(_ text: String) throws -> (Int64, Int32) {
        let bad = Problem(reason: "\"\(text)s\" is not a Duration (as \"1.5s\" or \"-0.001s\")")
        let negative = text.hasPrefix("-")
        let unsigned = negative ? String(text.dropFirst()) : text
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0]), !parts[0].contains("-"), !parts[0].contains("+") else { throw bad }
        var nanos: Int32 = 0
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].count <= 9, parts[1].allSatisfy(\.isASCII), let value = Int32(String(parts[1]).padding(toLength: 9, withPad: "0", startingAt: 0)) else { throw bad }
            nanos = value
        }
        let seconds = negative ? -whole : whole
        let signedNanos = negative ? -nanos : nanos
        _ = try duration(seconds: seconds, nanos: signedNanos)  // the range check
        return (seconds, signedNanos)
    }
}
