import Courier

// begin docs/library.md
/// Sends `request` and says what happened, by the error's family and code.
func send(_ request: Request) async -> String {
    do {
        try await request.run()
        return "\(request.responseStatusCode)"
    } catch let error as RequestError {
        switch (error.family, error.code) {
        case (.transport, .cannotConnectToHost), (.transport, .timedOut): return "unreachable: \(error.message)"
        case (.transport, _): return "the exchange failed: \(error)"
        case (.validation, .invalidStatusCode): return "the server answered \(error.statusCode ?? 0)"
        case (.validation, _), (.serialization, _): return "an unexpected answer: \(error.message)"
        case (.parameter, _): return "not sent: \(error.message)"
        case (.grpc, _): return "the call ended with \(error.message)"   // NOT_FOUND (5): …
        }
    } catch {
        return "\(error)"                           // run() throws RequestError only
    }
}
// end docs/library.md
