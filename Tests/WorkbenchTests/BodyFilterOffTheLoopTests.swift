import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The JSON path filter (`f`) over a large body runs off the input loop (the walk to
/// `$.items[3000000]` of a gigabyte takes seconds), and a filter that leads nowhere says why on
/// the Body tab's line — it used to leave the body shown without a word.
@Suite struct BodyFilterOffTheLoopTests {
    /// About 2 MB: past the size filtered on the input loop.
    private static let large = FormattedBody.format(Data(("[" + (0..<40_000).map { #"{"id":\#($0),"name":"item \#($0)"}"# }
        .joined(separator: ",") + "]").utf8), mimeType: "application/json")

    @Test func aLargeBodysFilterWaitsForItsRunAndTakesItsResult() throws {
        let body = Self.large
        #expect(body.byteCount > BodyViewer.quickSearchBytes && body.isComplete)
        var viewer = BodyViewer(body: body)
        viewer.applyFilter("$[39999].name")
        #expect(viewer.isFilterPending && viewer.shownBody === body, "not walked on the input loop")
        #expect(viewer.positionText.hasSuffix(" · filtering $[39999].name…"), "\(viewer.positionText)")
        let wanted = try #require(viewer.filterToRun)
        viewer.markFilterRunning()
        #expect(viewer.filterToRun == nil, "asked once")
        viewer.showFiltered(body.filtered(by: try JSONPath(parsing: "$[0]")), for: "$[0]")
        #expect(viewer.isFilterPending, "a result for another filter is dropped")
        viewer.showFiltered(body.filtered(by: wanted.path), for: wanted.text)
        #expect(!viewer.isFilterPending)
        expectEqual(bodyLines(viewer.shownBody), [#""item 39999""#])
        #expect(viewer.positionText.hasSuffix(" · filter $[39999].name"), "\(viewer.positionText)")

        viewer.applyFilter("$[40000]")
        let failing = try #require(viewer.filterToRun)
        viewer.markFilterRunning()
        viewer.showFiltered(body.filtered(by: failing.path), for: failing.text)
        #expect(viewer.shownBody === body)
        #expect(viewer.positionText.contains("filter $[40000]: index 40000 is out of range"), "\(viewer.positionText)")
        viewer.applyFilter("items")
        #expect(!viewer.isFilterPending && viewer.filterError == "a JSON path starts with $", "a path that does not parse says so at once")
    }

    @Test func aSmallBodysFilterRunsAtOnceAndSaysWhyItLedNowhere() {
        var viewer = bodyViewer()
        viewer.applyFilter("$.items[99]")
        #expect(!viewer.isFilterPending && viewer.filterToRun == nil)
        #expect(viewer.positionText.hasSuffix(" · filter $.items[99]: index 99 is out of range (the array at $.items has 30 elements)"),
                "\(viewer.positionText)")
    }

    @Test func theWorkbenchSaysWhyAFilterLedNowhere() async throws {
        try await AppHarness.run { app in
            app.select(.request("json-valid"))
            app.press(.enter)
            try await app.settle("json-valid") { app.model.session.exchanges["json-valid"]?.viewer != nil }
            app.press(.character("2"), .character("2"))
            app.press(.character("f"))
            app.type("$.slideshow.slides[9]")
            app.press(.enter)
            #expect(app.screen.contains("index 9 is out of range"), "\(app.screen)")
        }
    }
}
