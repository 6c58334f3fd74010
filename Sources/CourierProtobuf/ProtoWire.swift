import Foundation

/// Protocol buffers' wire types (the low three bits of a field's tag).
enum ProtoWireType: UInt8, Sendable {
    case varint = 0, fixed64 = 1, lengthDelimited = 2, startGroup = 3, endGroup = 4, fixed32 = 5
}

/// Why bytes are not a protobuf message: where, and what was wrong there.
public struct ProtoWireError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset in the message where reading failed.
    public var offset: Int
    /// What was wrong, in a few words.
    public var reason: String
    /// `byte 12: a varint longer than 10 bytes`.
    public var description: String { "byte \(offset): \(reason)" }
}

/// Reads a message's fields from its bytes (protobuf's binary encoding), within a range.
struct ProtoWireReader {
    let bytes: [UInt8]
    private(set) var offset: Int
    let end: Int

    init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        offset = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    var isAtEnd: Bool { offset >= end }

    mutating func varint() throws(ProtoWireError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        let start = offset
        while offset < end {
            let byte = bytes[offset]
            offset += 1
            guard shift < 64 else { throw ProtoWireError(offset: start, reason: "a varint longer than 10 bytes") }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        throw ProtoWireError(offset: start, reason: "the message ends inside a varint")
    }

    mutating func fixed32() throws(ProtoWireError) -> UInt32 {
        guard end - offset >= 4 else { throw ProtoWireError(offset: offset, reason: "the message ends inside a 32-bit value") }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[offset + index]) << (8 * UInt32(index)) }
        offset += 4
        return value
    }

    mutating func fixed64() throws(ProtoWireError) -> UInt64 {
        guard end - offset >= 8 else { throw ProtoWireError(offset: offset, reason: "the message ends inside a 64-bit value") }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return value
    }

    /// A length-delimited value's range of bytes.
    mutating func lengthDelimited() throws(ProtoWireError) -> Range<Int> {
        let start = offset
        let length = try varint()
        guard length <= UInt64(end - offset) else {
            throw ProtoWireError(offset: start, reason: "a length of \(length) bytes past the message's end")
        }
        defer { offset += Int(length) }
        return offset..<(offset + Int(length))
    }

    /// The next field's number and wire type.
    mutating func tag() throws(ProtoWireError) -> (number: Int, type: ProtoWireType) {
        let start = offset
        let tag = try varint()
        guard let type = ProtoWireType(rawValue: UInt8(tag & 7)) else {
            throw ProtoWireError(offset: start, reason: "wire type \(tag & 7), which does not exist")
        }
        let number = tag >> 3
        guard number >= 1, number <= 536_870_911 else { throw ProtoWireError(offset: start, reason: "field number \(number)") }
        return (Int(number), type)
    }

    /// Skips a field's value of `type` (a group to its end); the range it took.
    mutating func skip(_ type: ProtoWireType, number: Int) throws(ProtoWireError) -> Range<Int> {
        let start = offset
        switch type {
        case .varint: _ = try varint()
        case .fixed64: _ = try fixed64()
        case .fixed32: _ = try fixed32()
        case .lengthDelimited: _ = try lengthDelimited()
        case .startGroup:
            while true {
                guard !isAtEnd else { throw ProtoWireError(offset: start, reason: "group \(number) is not closed") }
                let inner = try tag()
                if inner.type == .endGroup {
                    guard inner.number == number else { throw ProtoWireError(offset: offset, reason: "group \(number) closed as \(inner.number)") }
                    break
                }
                _ = try skip(inner.type, number: inner.number)
            }
        case .endGroup: throw ProtoWireError(offset: start, reason: "the end of group \(number), which was not open")
        }
        return start..<offset
    }
}

/// Writes a message's fields in protobuf's binary encoding.
struct ProtoWireWriter {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func tag(_ number: Int, _ type: ProtoWireType) { varint(UInt64(number) << 3 | UInt64(type.rawValue)) }

    mutating func fixed32(_ value: UInt32) { for index in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(index)))) } }

    mutating func fixed64(_ value: UInt64) { for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) } }

    mutating func lengthDelimited(_ value: [UInt8]) {
        varint(UInt64(value.count))
        bytes += value
    }

    mutating func append(raw: ArraySlice<UInt8>) { bytes += raw }
}

/// ZigZag, as `sint32` and `sint64` are encoded.
enum ZigZag {
    static func encode(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }
    static func decode(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
}
