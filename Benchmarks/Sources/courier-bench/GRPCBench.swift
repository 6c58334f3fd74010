import Courier
import Dispatch
import Foundation

/// A unary gRPC call beside a plain HTTP/2 POST of the same bytes, both through Courier to the
/// same nginx location (TLS, ALPN h2, connections reused): what the call's framing,
/// `te: trailers`, its status from the trailers and its messages cost the client.
enum GRPCBench {
    /// A 1 KiB protobuf message: field 1 (bytes) holding 1,021 bytes.
    static let message: Data = Data([0x0a, 0xfd, 0x07]) + Data(repeating: 0x78, count: 1021)
    /// The message as it goes on the wire (5-byte prefix): the POST's body and nginx's answer.
    static let framed = GRPCFrame.encode(message)

    /// The definition of one request of `mode` (`grpc` or `h2post`) to `url`.
    static func definition(_ mode: String, url: String, caFile: String?) -> RequestSettings {
        var definition = RequestSettings()
        definition.requestURL = url
        definition.method = .post
        definition.responseSerializer = .raw
        definition.tlsPolicy = TLSPolicy(caFile: caFile)
        if mode == "grpc" {
            definition.grpc = GRPCCallSettings(messages: [message])
        } else {
            definition.rawBody = framed
            definition.headers = ["Content-Type": "application/grpc"]
        }
        return definition
    }

    /// `count` requests with `concurrency` in flight (CPU per request is the figure), then up to
    /// 1,000 one at a time (latency at 1 in flight).
    static func run(mode: String, url: String, caFile: String?, count: Int, concurrency: Int, scratch: String,
                    deadline: Double) -> Measurement {
        let definition = definition(mode, url: url, caFile: caFile)
        var result = CourierClient.concurrentRequests(count: count, concurrency: concurrency, scratch: scratch,
                                                      deadline: deadline) { ConfigurableRequest(definition) }
        let agent = CourierClient.agent(concurrency: 1, scratch: scratch)
        var latencies: [Double] = []
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<min(count, 1000) where Clock.now() < deadline {
            let request = ConfigurableRequest(definition)
            request.agent = agent
            let t0 = Clock.now()
            request.start(success: { _ in done.signal() }, failure: { _ in done.signal() })
            done.wait()
            latencies.append(Clock.now() - t0)
            if mode == "grpc", request.grpcStatus?.code != .ok || request.grpcMessages.first != message {
                result.note = "a call did not end OK with the message: \(request.error.map { "\($0)" } ?? "no error")"
            }
        }
        latencies.sort()
        result.extra["latency_median_us"] = percentile(latencies, 0.5) * 1e6
        result.extra["latency_p99_us"] = percentile(latencies, 0.99) * 1e6
        return result
    }
}
