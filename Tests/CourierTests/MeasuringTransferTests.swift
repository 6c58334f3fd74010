import Dispatch
import Foundation
import Testing
@testable import Courier

/// A measuring job (``TransferJob/measuresOnly``, a load run's) has libcurl hand over no header
/// lines and leaves its progress cell alone, yet still learns the status and its redirects are
/// still followed. On one slot every transfer below runs on the same handle: a handle set up
/// for a measuring job must not serve an ordinary one as it is, nor the other way round.
@Suite struct MeasuringTransferTests {
    private final class Probe: TransferJob, @unchecked Sendable {
        private let measuring: Bool
        private let ended: @Sendable (TransferOutcome) -> Void

        init(id: Int, sent: SharedPreparedRequest, measuring: Bool, ended: @escaping @Sendable (TransferOutcome) -> Void) {
            self.measuring = measuring
            self.ended = ended
            super.init(id: id, sent: sent, priority: .default, progress: ProgressCell())
        }

        override var measuresOnly: Bool { measuring }
        override var wantsProgressTicks: Bool { false }

        override func transferEnded(_ outcome: TransferOutcome, batch: CallbackBatch) {
            var outcome = outcome
            outcome.settle()
            ended(outcome)
        }
    }

    private static func prepared(_ url: String, headers: [(name: String, value: String)] = [],
                                 credentials: Set<String> = []) -> SharedPreparedRequest {
        var request = PreparedRequest(url: url, method: .get, headers: headers, body: nil, timeoutInterval: 15,
                                      tlsPolicy: TLSPolicy(), proxy: .none, userAgent: "courier-test")
        request.discardsResponseBody = true
        request.credentialHeaderNames = credentials
        return SharedPreparedRequest(request)
    }

    private static func send(_ sent: SharedPreparedRequest, measuring: Bool, id: Int,
                             on transport: Transport) async -> (TransferOutcome, TransferProgress) {
        var progress = ProgressCell()
        let outcome = await withCheckedContinuation { continuation in
            let probe = Probe(id: id, sent: sent, measuring: measuring) { continuation.resume(returning: $0) }
            progress = probe.progress
            transport.submit(probe)
        }
        return (outcome, progress.snapshot)
    }

    private static func fieldText(_ outcome: TransferOutcome) -> String {
        String(decoding: outcome.received?.fieldLines ?? [], as: UTF8.self).lowercased()
    }

    @Test func aMeasuringTransferGetsTheStatusWithoutHeaderLinesAndTheHandleServesBothKinds() async throws {
        try await withTestBed { bed in
            let transport = Transport(completionQueue: DispatchQueue(label: "measuring-test"))
            defer { transport.shutdown() }
            transport.setConcurrencyLimit(1)
            let sent = Self.prepared(bed.server.baseURL + "/status/201")

            let (measured, measuredProgress) = await Self.send(sent, measuring: true, id: 1, on: transport)
            expectEqual(measured.error, nil)
            #expect(measured.received?.statusCode == 201, "the status comes from libcurl")
            #expect(Self.fieldText(measured).isEmpty, "no header lines handed over")
            #expect(measured.metrics?.total ?? 0 > 0)
            #expect(measuredProgress.bytesReceived == 0 && measuredProgress.connection == nil, "the progress cell is left alone")

            // The same shared request, now for an ordinary job, on the handle the measuring one used.
            let (ordinary, ordinaryProgress) = await Self.send(sent, measuring: false, id: 2, on: transport)
            expectEqual(ordinary.received?.statusCode, 201)
            #expect(Self.fieldText(ordinary).contains("content-length:"), "an ordinary job hears its header lines")
            #expect(ordinaryProgress.connection != nil, "libcurl's pre-request hook ran")

            let (again, _) = await Self.send(sent, measuring: true, id: 3, on: transport)
            expectEqual(again.received?.statusCode, 201)
            #expect(Self.fieldText(again).isEmpty)
        }
    }

    @Test func aMeasuringTransferFollowsRedirectsEitherWay() async throws {
        try await withTestBed { bed in
            let transport = Transport(completionQueue: DispatchQueue(label: "measuring-redirects"))
            defer { transport.shutdown() }
            transport.setConcurrencyLimit(1)
            let target = (bed.server.baseURL + "/status/202").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            // libcurl follows this one.
            let plain = Self.prepared(bed.server.baseURL + "/redirect-to?url=\(target)")
            let (followed, _) = await Self.send(plain, measuring: true, id: 1, on: transport)
            expectEqual(followed.received?.statusCode, 202)
            expectEqual(followed.metrics?.redirectCount, 1)
            // The same request again on the same handle, whose URL is not set again: it starts
            // from the request's URL, not from where the last transfer was redirected to.
            let (again, _) = await Self.send(plain, measuring: true, id: 3, on: transport)
            expectEqual(again.received?.statusCode, 202)
            #expect(again.metrics?.redirectCount == 1, "the transfer began at the redirecting URL")
            // A credential header: the transport follows it itself, and needs `Location` for that.
            let secret = Self.prepared(bed.server.baseURL + "/redirect-to?url=\(target)",
                                       headers: [("X-Api-Key", "k")], credentials: ["x-api-key"])
            let (hopped, _) = await Self.send(secret, measuring: true, id: 2, on: transport)
            expectEqual(hopped.error, nil)
            #expect(hopped.received?.statusCode == 202, "the transport followed the redirect itself")
        }
    }
}
