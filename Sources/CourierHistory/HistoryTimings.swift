import Courier
import CourierRunner

extension HistoryExchange.Timings {
    /// Phases from libcurl's cumulative times, HAR's way: `connect` includes `ssl`; a phase
    /// that did not happen (DNS and connect on a reused connection, TLS on plain HTTP) is -1.
    public init(metrics: TransferMetrics) {
        self.init(cumulative: metrics.nameLookup * 1000, connect: metrics.connect * 1000, tls: metrics.tlsHandshake * 1000,
                  preTransfer: metrics.preTransfer * 1000, firstByte: metrics.firstByte * 1000, total: metrics.total * 1000,
                  reused: metrics.connectionReused)
    }

    /// Phases from a run result's timings (no pre-transfer time: sending counts as 0).
    package init(milliseconds timings: RequestResult.Timings) {
        let connectEnd = max(timings.connectMs, timings.tlsMs)
        self.init(cumulative: timings.dnsMs, connect: timings.connectMs, tls: timings.tlsMs, preTransfer: connectEnd,
                  firstByte: timings.firstByteMs, total: timings.totalMs, reused: false)
    }

    private init(cumulative dns: Double, connect: Double, tls: Double, preTransfer: Double, firstByte: Double, total: Double, reused: Bool) {
        func rounded(_ value: Double) -> Double { (max(0, value) * 1000).rounded() / 1000 }
        let connectEnd = tls > 0 ? tls : connect
        let noConnection = reused || connect == 0
        self.init(dns: noConnection ? -1 : rounded(dns),
                  connect: noConnection ? -1 : rounded(connectEnd - dns),
                  ssl: noConnection || tls == 0 ? -1 : rounded(tls - connect),
                  send: rounded(preTransfer - connectEnd),
                  wait: rounded(firstByte - max(preTransfer, connectEnd)),
                  receive: rounded(total - firstByte),
                  total: rounded(total))
    }
}
