import Courier

extension GRPCStatusCode {
    /// The code's name in at most nine columns (`DEADLINE…`), for a table's status column;
    /// the Exchange pane shows it whole.
    var shortName: String { name.count > 9 ? name.prefix(8) + "…" : name }
}

extension Request {
    /// A failed request in a few words: a gRPC call by its status (`NOT_FOUND (5)`, not
    /// `grpc 5`), any other by its error's family and code (`transport -1004`).
    func failureWords(_ error: RequestError) -> String {
        grpcStatus.map { "\($0.code)" } ?? "\(error.family) \(error.code.rawValue)"
    }
}
