/// What one sent request of a load run measured. Times are nanoseconds; libcurl's phases are
/// cumulative from the transfer's start, as `curl -w` prints them (0: not reached, or the
/// connection was reused).
public struct LoadSample: Sendable {
    /// Which target: the request's index in a batch, the step's in a chain (0 for one request).
    public var target: Int
    /// From when the iteration was due (open model) or started (closed) to the response's end.
    public var latency: UInt64
    /// Name resolved, for a new connection; 0 on a reused one (or a literal address libcurl
    /// did not time).
    public var nameLookup: UInt64 = 0
    /// TCP connection established, for a new connection; 0 on a reused one.
    public var connect: UInt64 = 0
    /// TLS handshake done, for a new connection; 0 for plain HTTP or a reused connection.
    public var tlsHandshake: UInt64 = 0
    /// First response byte received.
    public var firstByte: UInt64 = 0
    /// libcurl's total time of the transfer.
    public var total: UInt64 = 0
    /// The HTTP status; 0 when no response came.
    public var status: Int = 0
    /// Why the request failed, when it did (a status of 400 and more is not an error here).
    public var error: RequestError?
    /// Bytes received: response header lines and body.
    public var bytesReceived: Int64 = 0
    /// Bytes sent: request line, header lines and body.
    public var bytesSent: Int64 = 0
    /// The transfer opened a connection instead of reusing one.
    public var newConnection = false
    /// The response's HTTP version (`HTTP/1.1`, `HTTP/2`); empty when no response came.
    public var httpVersion = ""
    /// Sent during the warm-up: not measured.
    public var warmup = false
    /// The last request of its iteration (always, but for a chain's steps before the last).
    public var endsIteration = true
    /// For the sample that ends an iteration: the iteration's latency from when it was due.
    public var iterationLatency: UInt64 = 0
    /// How long after its due time the request was handed to libcurl (open model): a client
    /// keeping up sends within microseconds; waiting for a slot or a busy loop shows here.
    public var sendDelay: UInt64 = 0
    /// When the request was handed to libcurl (``LoadDriver/now()``'s clock; 0: not known).
    public var sentAt: UInt64 = 0
    /// Iterations running or waiting for a slot when this one ended (the driver's count).
    public var inFlight = 0
    /// The request's checks judged the status (``LoadResponseCheck/judgesStatus(target:)``): a
    /// status of 400 and more is a failure only when a check says so.
    public var statusJudged = false
    /// The whole exchange, when this send kept it as a sample of its outcome (a few of each).
    public var exchange: LoadExchange?

    /// A sample of `target` with its latency in nanoseconds; the rest is filled in after, mostly by
    /// ``take(_:responded:)``.
    public init(target: Int, latency: UInt64) {
        self.target = target
        self.latency = latency
        self.iterationLatency = latency
    }
}

extension LoadSample {
    /// Takes libcurl's phases, sizes and connection from `metrics` of a transfer; `responded`:
    /// a response came (a failed connect opened no connection).
    public mutating func take(_ metrics: TransferMetrics, responded: Bool) {
        func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(max(0, seconds) * 1e9) }
        total = nanoseconds(metrics.total)
        firstByte = nanoseconds(metrics.firstByte)
        bytesReceived = metrics.bytesReceived + metrics.headerBytes
        bytesSent = metrics.bytesSent + metrics.requestHeaderBytes
        newConnection = responded && !metrics.connectionReused
        httpVersion = responded ? metrics.httpVersion : ""
        if newConnection {
            nameLookup = nanoseconds(metrics.nameLookup)
            connect = nanoseconds(metrics.connect)
            tlsHandshake = nanoseconds(metrics.tlsHandshake)
        }
    }
}

/// Where a load run's samples go (`CourierWorkspace.LoadRecorder`). Called one sample at a
/// time: return quickly, the next sends wait.
public protocol LoadSampleSink: AnyObject, Sendable {
    /// Records one sample. For requests and batches it is called on the driver's transport
    /// thread, in the pass the transfer ended (nothing else is sent meanwhile); for a chain's
    /// iterations, on the driver's queue.
    func record(_ sample: LoadSample)

    /// The open model's pacing woke the transport loop `lag` nanoseconds after the time it
    /// asked for: the loop was busy (the client's limit, not the server's). On the transport thread.
    func loopLagged(_ lag: UInt64)
}

extension LoadSampleSink {
    public func loopLagged(_ lag: UInt64) {}
}
