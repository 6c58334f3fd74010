import Courier
import Foundation
import Testing

/// Records what a HUD accessory reads from its subjects: the HUD text at the start, and at the
/// stop whether a failure would be toasted.
final class HUDReader: RequestAccessory, Sendable {
    let log = EventLog()
    func requestWillStart(_ subject: AnyObject) {
        log.record("start \((subject as? any HUDSubject)?.hudText ?? "-")")
    }
    func requestDidStop(_ subject: AnyObject) {
        let quiet = (subject as? any HUDSubject)?.quietErrors ?? false
        log.record("stop \(quiet ? "quiet" : "loud")")
    }
}

/// YTK's HUD plugin settings on requests, batches and chains (`animatingText`,
/// `isHideErrorToast`): set by the caller, read by any accessory from its subject.
@Suite struct HUDSubjectTests {
    @Test func requestsBatchesAndChainsCarryTheirHUDTextAndQuietErrorsToAccessories() async throws {
        let reader = HUDReader()
        try await withTestBed({ $0.addAccessory(reader) }) { bed in
            let request = bed.request("/status/500")
            #expect(request.hudText == nil && !request.quietErrors, "nothing by default")
            request.hudText = "Loading orders…"
            request.quietErrors = true
            await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(reader.log.events, ["start Loading orders…", "stop quiet"])

            let member = bed.request("/get")
            let batch = BatchRequest(requests: [member])
            batch.hudText = "Refreshing the basket…"
            try await batch.run()
            #expect(Array(reader.log.events.dropFirst(2)) == ["start Refreshing the basket…", "start -", "stop loud", "stop loud"],
                    "the member keeps its own settings")

            let chain = ChainRequest()
            chain.addRequest(bed.request("/get"))
            chain.hudText = "Checking out…"
            chain.quietErrors = true
            try await chain.run()
            expectEqual(Array(reader.log.events.dropFirst(6)), ["start Checking out…", "start -", "stop loud", "stop quiet"])
        }
    }
}
