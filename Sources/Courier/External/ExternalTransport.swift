/// Carries a request's exchange outside libcurl — a WebSocket session on swift-nio, which
/// Debian's libcurl 7.88 cannot do — while the agent treats it as any request: the request is
/// prepared as usual (URL, headers, authorization, TLS settings), its record is in the table
/// (In flight, `RequestRecord.stream`), events go to listeners, and the outcome goes through
/// the same pipeline, callbacks and accessories. A request names one with
/// ``Request/externalTransport``.
public protocol ExternalTransport: Sendable {
    /// The URL schemes it carries besides nothing else (`ws`, `wss`): a request with one is
    /// sent by it, not refused as unsupported.
    var schemes: Set<String> { get }

    /// Starts the exchange ``ExternalTransfer/prepared`` describes and reports through
    /// `transfer` until ``ExternalTransfer/finish(head:body:metrics:error:)``. Must return at
    /// once (work on its own threads).
    func begin(_ transfer: ExternalTransfer)
}
