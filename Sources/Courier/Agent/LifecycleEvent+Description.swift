/// Lifecycle events in words, for logs and `print`: "GET /anything/users/2 started",
/// "GET /status/404 failed: validation error -8: Invalid status code 404.".
extension LifecycleEvent: CustomStringConvertible {
    public var description: String { "\(subject) \(kind)" }
}

extension LifecycleEvent.Kind: CustomStringConvertible {
    /// "started", the transfer's progress, "finished", "failed: " and the error, "answered
    /// from the cache" or "cancelled".
    public var description: String {
        switch self {
        case .started: "started"
        case .progress(let progress): progress.description
        case .finished(nil): "finished"
        case .finished(let error?): "failed: \(error)"
        case .fromCache: "answered from the cache"
        case .cancelled: "cancelled"
        }
    }
}

extension LifecycleSubject: CustomStringConvertible {
    /// A request's method and URL as it states them (secrets hidden by its
    /// ``Request/redactedForDisplay(_:)``; its type when it states no URL), "batch of 3
    /// requests" or "chain of 2 steps".
    public var description: String {
        switch self {
        case .request(let request):
            let url = request.requestURL
            let shown = url.isEmpty ? String(describing: type(of: request)) : request.redactedForDisplay(url)
            return "\(request.method.rawValue) \(shown)"
        case .batch(let batch): return "batch of \(Self.counting(batch.requests.count, "request"))"
        case .chain(let chain): return "chain of \(Self.counting(chain.snapshot.steps.count, "step"))"
        }
    }

    /// "1 step", "2 steps".
    private static func counting(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
