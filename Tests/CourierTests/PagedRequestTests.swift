import Courier
import Foundation
import Synchronization
import Testing

/// `PagedRequest` against the demo server's 25-item listing (`/paged`, `/paged/cursor`,
/// `/paged/link`): every mode gathers its pages, ends, reloads and stops where it is told to.
@Suite struct PagedRequestTests {
    /// Page numbers: `/paged?page=N&size=S` plus `extra` query parameters.
    private func numbered(_ bed: TestBed, size: Int = 10, maxPages: Int = 100, extra: String = "",
                          until: (@Sendable (PagedRequest, LoadedPage) -> Bool)? = nil) -> PagedRequest {
        let paged = PagedRequest(mode: .pageNumber(first: 1, size: size), items: .json("$.items") { $0["items"] },
                                 maxPages: maxPages, until: until) { address in
            guard case .number(let number, let size) = address.position else { return bed.request("/status/400") }
            return bed.request("/paged?page=\(number)&size=\(size)\(extra)")
        }
        paged.agent = bed.agent
        return paged
    }

    private func ids(_ paged: PagedRequest) -> [Int] { paged.items.compactMap { $0["id"]?.intValue } }

    @Test func pageNumbersGatherEveryPageAndStopAtTheShortOne() async throws {
        try await withTestBed { bed in
            let paged = numbered(bed)
            try await paged.run()
            expectEqual(paged.pages.count, 3)
            expectEqual(paged.pages.map(\.items.count), [10, 10, 5])
            expectEqual(ids(paged), Array(1...25))
            #expect(!paged.hasMore && paged.end == .lastPage && paged.failure == nil)
            expectEqual(paged.pages.map(\.address.position), [.number(1, size: 10), .number(2, size: 10), .number(3, size: 10)])
        }
    }

    @Test func aCursorListingFollowsNextCursorUntilItIsNull() async throws {
        try await withTestBed { bed in
            let paged = PagedRequest(mode: .cursor(.json("$.next_cursor") { $0["next_cursor"] }),
                                     items: .json("$.items") { $0["items"] }) { address in
                if case .cursor(let cursor) = address.position {
                    return bed.request("/paged/cursor", arguments: ["cursor": .string(cursor)])
                }
                return bed.request("/paged/cursor")
            }
            paged.agent = bed.agent
            try await paged.run()
            expectEqual(paged.pages.count, 3)
            expectEqual(ids(paged), Array(1...25))
            expectEqual(paged.pages[0].address.position, .first)
            guard case .cursor(let second) = paged.pages[1].address.position else { Issue.record("no cursor"); return }
            expectEqual(paged.pages[1].request.response?.url.contains(second.replacingOccurrences(of: "=", with: "%3D")), true)
            #expect(!paged.hasMore && paged.end == .lastPage)
        }
    }

    @Test func nextURLsFromTheBodyAndFromTheLinkHeader() async throws {
        try await withTestBed { bed in
            for (path, reader) in [("/paged?size=10", PageReader<String>.json("$.next") { $0["next"] }),
                                   ("/paged/link?size=10", .linkNext)] {
                let items: PageReader<[JSONValue]> = path.hasPrefix("/paged/link") ? .json("$") { $0 } : .json("$.items") { $0["items"] }
                let paged = PagedRequest(mode: .nextURL(reader), items: items) { address in
                    if case .url(let url) = address.position { return bed.request(url) }
                    return bed.request(path)
                }
                paged.agent = bed.agent
                try await paged.run()
                #expect(paged.pages.count == 3, "\(path)")
                #expect(ids(paged) == Array(1...25), "\(path)")
                #expect(paged.pages.last?.address.position == .url("\(bed.server.baseURL)\(path.components(separatedBy: "?")[0])?page=3&size=10"))
                #expect(!paged.hasMore)
            }
        }
    }

    @Test func loadNextPageLoadsOnePageAndReloadStartsOver() async throws {
        try await withTestBed { bed in
            let paged = numbered(bed)
            let first = try await paged.nextPage()
            #expect(first?.address.ordinal == 1 && paged.items.count == 10 && paged.hasMore)
            let second = try await paged.nextPage()
            expectEqual(second?.address, PageAddress(ordinal: 2, position: .number(2, size: 10)))
            expectEqual(ids(paged), Array(1...20))
            let again = try await paged.reloadFirstPage()
            expectEqual(again?.address.ordinal, 1)
            #expect(ids(paged) == Array(1...10), "reload drops what was gathered")
            #expect(paged.pages.count == 1 && paged.hasMore)
        }
    }

    @Test func callbacksComeOnTheCallbackQueueWithTheDelegateFirst() async throws {
        try await withTestBed { bed in
            let paged = numbered(bed)
            let log = PagingLog()
            paged.delegate = log
            bed.agent.config.callbackQueue.setSpecific(key: callbackQueueKey, value: true)
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                paged.start(success: { paged in
                    log.record("success \(paged.items.count) on the callback queue: \(DispatchQueue.getSpecific(key: callbackQueueKey) == true)")
                    done.resume()
                }, failure: { _ in done.resume() })
            }
            expectEqual(log.events, ["page 1", "page 2", "page 3", "finished", "success 25 on the callback queue: true"])
            // The listing has ended: a further load sends nothing and still completes.
            let more = try await paged.nextPage()
            #expect(more == nil && paged.pages.count == 3)
        }
    }

    @Test func maxPagesBoundsTheRun() async throws {
        try await withTestBed { bed in
            let paged = numbered(bed, size: 5, maxPages: 2)
            try await paged.run()
            #expect(paged.pages.count == 2 && ids(paged) == Array(1...10))
            #expect(!paged.hasMore && paged.end == .maxPages)
        }
    }

    @Test func untilEndsTheListingAfterThePageWhereItHolds() async throws {
        try await withTestBed { bed in
            let paged = numbered(bed, size: 4) { paged, _ in paged.items.count >= 10 }
            try await paged.run()
            #expect(paged.pages.count == 3 && paged.items.count == 12)
            expectEqual(paged.end, .untilHeld)
        }
    }

    @Test func aFailedPageKeepsTheItemsAndNamesThePage() async throws {
        try await withTestBed { bed in
            let paged = numbered(bed, extra: "&fail=3")
            do {
                try await paged.run()
                Issue.record("page 3 should have failed")
            } catch let failure as PageFailure {
                expectEqual(failure.address.ordinal, 3)
                #expect(failure.error.code == .invalidStatusCode && failure.request.responseStatusCode == 500)
                #expect(failure.description.hasPrefix("page 3 (GET /paged?page=3"))
            }
            #expect(ids(paged) == Array(1...20), "the pages before the failure are kept")
            #expect(paged.failure?.address.ordinal == 3 && paged.hasMore && paged.nextAddress?.ordinal == 3)
        }
    }

    @Test func itemsThatAreNotThereFailThePage() async throws {
        try await withTestBed { bed in
            let paged = PagedRequest(mode: .pageNumber(), items: .json("$.data") { $0["data"] }) { _ in bed.request("/paged") }
            paged.agent = bed.agent
            await #expect(throws: PageFailure.self) { try await paged.run() }
            expectEqual(paged.failure?.error.code, .responseRejected)
            expectEqual(paged.failure?.error.message.contains("no items at $.data"), true)
            #expect(paged.pages.isEmpty)
        }
    }

    @Test func cancellingTheRunStopsThePageInFlight() async throws {
        try await withTestBed { bed in
            let secondPage = PagingLog()
            let paged = PagedRequest(mode: .pageNumber(size: 10), items: .json("$.items") { $0["items"] }) { address in
                if address.ordinal == 1 { return bed.request("/paged?page=1&size=10") }
                let slow = bed.request("/delay/10")
                secondPage.record("made")
                return slow
            }
            paged.agent = bed.agent
            let run = Task { try await paged.run() }
            await secondPage.waitForEvents(1)
            run.cancel()
            await #expect(throws: RequestError.self) { try await run.value }
            #expect(paged.pages.count == 1 && paged.items.count == 10 && !paged.isLoading)
        }
    }
}

/// What a paged request told its delegate, in order.
private final class PagingLog: PagedRequestDelegate, Sendable {
    private let log = EventLog()
    var events: [String] { log.events }
    func record(_ event: String) { log.record(event) }
    func waitForEvents(_ count: Int) async { await log.waitForEvents(count) }
    func pagedRequest(_ paged: PagedRequest, didLoad page: LoadedPage) { record("\(page.address)") }
    func pagedRequestFinished(_ paged: PagedRequest) { record("finished") }
    func pagedRequestFailed(_ paged: PagedRequest, failure: PageFailure) { record("failed \(failure.address)") }
}

private let callbackQueueKey = DispatchSpecificKey<Bool>()
