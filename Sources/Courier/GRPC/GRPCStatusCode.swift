/// gRPC's 17 status codes (grpc/doc/statuscodes.md), with the names every implementation
/// prints: a call's outcome, read from its `grpc-status` trailer.
public enum GRPCStatusCode: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Not an error: the call succeeded.
    case ok = 0
    /// Cancelled, typically by the caller.
    case cancelled = 1
    /// An error with no better code (or a status number outside 0–16).
    case unknown = 2
    /// The client sent an argument the server refuses whatever its state.
    case invalidArgument = 3
    /// The deadline passed before the call finished.
    case deadlineExceeded = 4
    /// A requested entity was not found.
    case notFound = 5
    /// The entity the client tried to create exists already.
    case alreadyExists = 6
    /// The caller may not do this.
    case permissionDenied = 7
    /// A quota or a resource ran out.
    case resourceExhausted = 8
    /// The system is not in the state the call needs.
    case failedPrecondition = 9
    /// Aborted, typically by a concurrency conflict.
    case aborted = 10
    /// Past the valid range.
    case outOfRange = 11
    /// The method is not implemented or not supported.
    case unimplemented = 12
    /// An invariant the server expects broke.
    case `internal` = 13
    /// The service cannot be reached now; retrying may help.
    case unavailable = 14
    /// Data was lost or corrupted beyond recovery.
    case dataLoss = 15
    /// The call has no valid credentials.
    case unauthenticated = 16

    /// The name as gRPC writes it: `NOT_FOUND`.
    public var name: String {
        switch self {
        case .ok: "OK"
        case .cancelled: "CANCELLED"
        case .unknown: "UNKNOWN"
        case .invalidArgument: "INVALID_ARGUMENT"
        case .deadlineExceeded: "DEADLINE_EXCEEDED"
        case .notFound: "NOT_FOUND"
        case .alreadyExists: "ALREADY_EXISTS"
        case .permissionDenied: "PERMISSION_DENIED"
        case .resourceExhausted: "RESOURCE_EXHAUSTED"
        case .failedPrecondition: "FAILED_PRECONDITION"
        case .aborted: "ABORTED"
        case .outOfRange: "OUT_OF_RANGE"
        case .unimplemented: "UNIMPLEMENTED"
        case .internal: "INTERNAL"
        case .unavailable: "UNAVAILABLE"
        case .dataLoss: "DATA_LOSS"
        case .unauthenticated: "UNAUTHENTICATED"
        }
    }

    /// `NOT_FOUND (5)`.
    public var description: String { "\(name) (\(rawValue))" }

    /// How a call ended, in a list of outcomes: `OK`, else the name and number,
    /// `NOT_FOUND (5)`.
    public var outcome: String { self == .ok ? name : description }

    /// The code of a name as gRPC writes it (`NOT_FOUND`), or as a number (`5`).
    public init?(name: String) {
        if let number = Int(name), let code = GRPCStatusCode(rawValue: number) {
            self = code
        } else if let code = GRPCStatusCode.allCases.first(where: { $0.name == name.uppercased() }) {
            self = code
        } else {
            return nil
        }
    }
}
