import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// `paginate:` in the workbench: sending fetches every page, each an exchange of its own, and
/// the last page's Body shows every item gathered.
@Suite struct PaginateWorkbenchTests {
    @Test func sendingFetchesEveryPageAndTheBodyShowsTheGatheredItems() async throws {
        try await AppHarness.run { app in
            app.select(.request("paged-numbers"))
            app.press(.enter)
            try await app.settle("the listing gathered") { app.model.session.exchanges["paged-numbers"]?.gathered != nil }
            let pages = app.model.session.exchangesByRequest.values.filter { $0.name == "paged-numbers" }.compactMap(\.page).sorted()
            expectEqual(pages, [1, 2, 3])
            let last = try #require(app.model.session.exchanges["paged-numbers"])
            expectEqual(last.page, 3)
            expectEqual(last.gathered?.items.count, 25)
            try await app.settle("the items laid out") { last.body != nil }
            let screen = app.screen
            #expect(screen.contains("25 items from 3 pages (the listing ended)"))
            #expect(screen.contains("page 3 of paged-numbers"))
            // The Body is the gathered array, not the last page's object with its `total`.
            #expect(screen.contains("\"name\": \"item 1\""))
            #expect(!screen.contains("\"total\""))
            expectEqual(app.model.session.requestName(of: last.request), "paged-numbers [page 3]")
        }
    }

    @Test func xStopsTheListingAndShowsWhatCameSoFar() async throws {
        try await AppHarness.run(editing: {
            $0.replacingOccurrences(of: "\nrequests:\n", with: """

                requests:
                  slow-listing:
                    url: /anything?next=/drip%3Fduration%3D20%26bytes%3D10
                    paginate: {next: $.args.next}

                """)
        }) { app in
            app.select(.request("slow-listing"))
            app.press(.enter)
            try await app.settle("the second page in flight") {
                app.model.session.exchanges["slow-listing"].map { $0.page == 2 && $0.isInFlight } == true
            }
            app.press(.character("x"))
            try await app.settle("the second page cancelled") { app.model.session.exchanges["slow-listing"]?.isCancelled == true }
            let latest = try #require(app.model.session.exchanges["slow-listing"])
            expectEqual(latest.gathered?.pages, 1)
            expectEqual(latest.gathered?.endDescription, "stopped")
            #expect(app.model.session.pagedSends.isEmpty)
            #expect(app.screen.contains("slow-listing: 0 items from 1 page (stopped)"))
        }
    }

    @Test func aFailedPageKeepsWhatCameBeforeIt() async throws {
        try await AppHarness.run(editing: {
            $0.replacingOccurrences(of: "\nrequests:\n", with: """

                requests:
                  broken-listing:
                    url: /paged?fail=2
                    paginate: {next: {page: page, size: 10, sizeParam: size}, items: $.items}

                """)
        }) { app in
            app.select(.request("broken-listing"))
            app.press(.enter)
            try await app.settle("the listing stopped") { app.model.session.exchanges["broken-listing"]?.gathered != nil }
            let gathered = try #require(app.model.session.exchanges["broken-listing"]?.gathered)
            #expect(gathered.failed)
            expectEqual(gathered.items.count, 10)
            expectEqual(gathered.endDescription, "page 2 failed")
        }
    }
}
