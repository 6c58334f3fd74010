import Foundation

/// How a gRPC call ended: the `grpc-status`, `grpc-message` and `grpc-status-details-bin`
/// of its trailers — or of its headers, when the server answered "trailers-only" (an error
/// at once, with no message).
public struct GRPCStatus: Sendable, Hashable, CustomStringConvertible {
    /// The status code; a number outside 0–16 is read as ``GRPCStatusCode/unknown``, as the
    /// gRPC specification says.
    public var code: GRPCStatusCode
    /// `grpc-message`, percent-decoded (empty when absent).
    public var message: String
    /// `grpc-status-details-bin`, base64-decoded: a serialized `google.rpc.Status` whose
    /// details a schema-aware reader can show. Nil when absent or not base64.
    public var details: Data?

    /// A status with its code, message and serialized details.
    public init(code: GRPCStatusCode, message: String = "", details: Data? = nil) {
        self.code = code
        self.message = message
        self.details = details
    }

    /// The status in `fields` (trailers, or a trailers-only response's headers; names in any
    /// case), or nil when they hold no `grpc-status`.
    public init?(fields: [(name: String, value: String)]) {
        func value(_ name: String) -> String? { fields.last { $0.name.lowercased() == name }?.value }
        guard let status = value("grpc-status")?.trimmingCharacters(in: .whitespaces) else { return nil }
        code = Int(status).flatMap(GRPCStatusCode.init(rawValue:)) ?? .unknown
        message = value("grpc-message").map(Self.percentDecoded) ?? ""
        details = value("grpc-status-details-bin").flatMap(GRPCMetadata.decodedBinary)
    }

    /// What a call ended with when libcurl lost the server's answer: `INTERNAL`, saying why.
    /// libcurl 7.88 (Debian 12's) drops a response head it has read when the stream's reset
    /// comes in the same read — and a server that answers before it has read the whole request
    /// (grpcio, for a method or service it lacks) resets the stream with NO_ERROR right after
    /// its answer. grpc-go, too, calls a reset with NO_ERROR before a status `INTERNAL`.
    public static let answerLost = GRPCStatus(
        code: .internal,
        message: "the server closed the call before this side read its answer (libcurl 7.88 drops an answer whose "
            + "stream reset comes in the same read: the server answered before reading the whole request, as it "
            + "does for a method or service it lacks)")

    /// `NOT_FOUND (5): no feature at 1,1`; `OK (0)`.
    public var description: String { message.isEmpty ? code.description : "\(code): \(message)" }

    /// The failure this status is, in the gRPC family; nil for OK.
    public var error: RequestError? {
        guard code != .ok else { return nil }
        return RequestError(family: .grpc, code: RequestError.Code(rawValue: code.rawValue), message: description)
    }

    /// `grpc-message`'s encoding: UTF-8 with `%XX` escapes. A malformed escape is kept as it
    /// is (the specification asks readers not to fail on it), and bytes that are not UTF-8
    /// become U+FFFD.
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
               let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
