import Foundation
import Testing
@testable import Workbench

/// A search made while a large body is still being laid out (or still arriving) keeps its
/// matches as more lines come, says it is behind, and is run again over the whole once the
/// body is complete — off the input loop, by the Exchange pane (`searchToRedo`).
@Suite struct BodySearchFollowsGrowthTests {
    /// About 2.2 MB: past the size searched on the input loop.
    private static let items = 40_000
    private static let document = Data(("[" + (0..<items).map { #"{"id":\#($0),"name":"item \#($0)","tags":["a","b"]}"# }
        .joined(separator: ",") + "]").utf8)

    private static func layout(_ data: Data) throws -> (first: FormattedBody, whole: FormattedBody) {
        var partials: [FormattedBody] = []
        let whole = try #require(FormattedBody.indexed(data, mimeType: "application/json") { partial in
            partials.append(partial)
            return true
        })
        return (try #require(partials.first), whole)
    }

    @Test func moreLinesKeepTheMatchesAndTheWholeIsSearchedAgainOnceComplete() throws {
        #expect(Self.document.count > BodyViewer.quickSearchBytes)
        let (first, whole) = try Self.layout(Self.document)
        var viewer = BodyViewer(body: first)
        viewer.search(#""b""#)
        let early = try #require(viewer.search?.matches.count)
        #expect(early > 0 && early < Self.items, "the first screen's lines only: \(early)")
        #expect(viewer.searchToRedo == nil, "not behind yet")

        viewer.replaceBody(whole)
        #expect(viewer.search?.isBehind == true)
        #expect(viewer.search?.matches.count == early, "kept: the lines they are on did not change")
        #expect(viewer.positionText.contains("/\(early.groupedDigits)+ so far") || viewer.positionText.contains("\(early.groupedDigits)+ matches so far"),
                "\(viewer.positionText)")

        let redo = try #require(viewer.searchToRedo, "complete now: to be searched again")
        viewer.markSearchRedoing()
        #expect(viewer.searchToRedo == nil, "asked once")
        viewer.show(whole.matches(of: redo.query, caseInsensitive: redo.caseInsensitive, limit: BodyViewer.matchLimit),
                    for: redo.query, caseInsensitive: redo.caseInsensitive)
        #expect(viewer.search?.matches.count == Self.items)
        #expect(viewer.search?.isBehind == false)
    }

    @Test func aLargeBodyLaidOutAgainIsNotSearchedOnTheInputLoop() throws {
        let (first, _) = try Self.layout(Self.document)
        // The same bytes in another buffer (a spool file mapped again): not a continuation.
        let (_, again) = try Self.layout(Data(Array(Self.document)))
        #expect(!again.continues(first))
        var viewer = BodyViewer(body: first)
        viewer.search(#""b""#)
        let early = try #require(viewer.search?.matches.count)
        viewer.replaceBody(again)
        #expect(viewer.search?.matches.count == early, "not searched again here")
        #expect(viewer.search?.isBehind == true && viewer.searchToRedo != nil)
    }

    @Test func aSmallBodyIsSearchedAgainAtOnce() throws {
        let small = Data(("[" + (0..<2_000).map { #"{"id":\#($0),"tags":["a","b"]}"# }.joined(separator: ",") + "]").utf8)
        #expect(small.count < BodyViewer.quickSearchBytes)
        let partial = FormattedBody.format(small, mimeType: "application/json", lineLimit: 200)
        let whole = FormattedBody.format(small, mimeType: "application/json")
        var viewer = BodyViewer(body: partial)
        viewer.search(#""b""#)
        viewer.replaceBody(whole)
        #expect(viewer.search?.matches.count == 2_000)
        #expect(viewer.search?.isBehind == false && viewer.searchToRedo == nil)
    }
}
