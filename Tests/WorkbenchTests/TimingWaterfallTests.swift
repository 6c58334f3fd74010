import Courier
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The Timing tab: libcurl's phases laid out in order, proportional, with their durations.
@Suite struct TimingWaterfallTests {
    private func metrics() -> TransferMetrics {
        var metrics = TransferMetrics()
        metrics.nameLookup = 0.010
        metrics.connect = 0.030
        metrics.tlsHandshake = 0.060
        metrics.preTransfer = 0.061
        metrics.firstByte = 0.161
        metrics.total = 0.200
        metrics.httpVersion = "HTTP/2"
        metrics.bytesReceived = 2048
        return metrics
    }

    @Test func phasesFollowEachOtherAndAddUpToTheTotal() {
        let phases = TimingWaterfall.phases(metrics())
        expectEqual(phases.map(\.name), ["DNS lookup", "Connect", "TLS handshake", "Pre-transfer", "First byte", "Transfer"])
        for (earlier, later) in zip(phases, phases.dropFirst()) { expectEqual(earlier.end, later.start) }
        #expect(abs(phases.map(\.duration).reduce(0, +) - 0.200) < 1e-9)
        #expect(abs(phases[4].duration - 0.100) < 1e-9)
    }

    @Test func barsArePlacedInProportion() {
        let lines = TimingWaterfall.lines(metrics(), width: 80, glyphs: .unicode)
        let bars = lines.prefix(6).map { line in line.text.filter { $0 == "█" }.count }
        #expect(bars[4] > bars[0] * 5, "the 100 ms wait is drawn far longer than the 10 ms lookup")
        let firstByte = lines[4].text
        let transfer = lines[5].text
        #expect(transfer.firstIndex(of: "█")! > firstByte.firstIndex(of: "█")!, "transfer starts after the first byte")
        #expect(lines.allSatisfy { $0.width <= 80 })
        #expect(lines[4].text.contains("100.0 ms"))
        #expect(lines.contains { $0.text.contains("Total") && $0.text.contains("200.0 ms") })
        #expect(lines.contains { $0.text.contains("HTTP/2") })
    }

    @Test func aReusedConnectionHasNoConnectBar() {
        var reused = TransferMetrics()
        reused.preTransfer = 0.0001
        reused.firstByte = 0.002
        reused.total = 0.003
        reused.connectionReused = true
        let lines = TimingWaterfall.lines(reused, width: 60, glyphs: .unicode)
        #expect(!lines[1].text.contains("█"))
        #expect(lines.contains { $0.text.contains("connection reused") })
    }
}
