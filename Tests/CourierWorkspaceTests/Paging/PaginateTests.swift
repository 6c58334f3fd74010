import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Testing

/// `paginate:` on a request: how it is written and checked when the workspace loads, and
/// `courier run` gathering the demo server's 25-item listing page by page.
@Suite("paginate:")
struct PaginateTests {
    /// A workspace with one request `list` carrying `paginate`.
    private func load(_ paginate: String, url: String = "http://127.0.0.1:1/paged") throws -> Pagination? {
        let workspace = try Workspace.load(path: writeWorkspace("requests:\n  list:\n    url: \(url)\n    paginate: \(paginate)\n"))
        return workspace.requests["list"]?.paginate
    }

    /// The error a `paginate` value gives when the workspace loads.
    private func error(_ paginate: String) -> String {
        do {
            _ = try load(paginate)
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test func everyFormOfNextReads() throws {
        let url = try #require(try load("{next: $.links.next, items: $.data}"))
        #expect(url.next == .url(.json(try JSONPath(parsing: "$.links.next"))))
        #expect(url.items == (try JSONPath(parsing: "$.data")) && url.maxPages == 100 && url.until == nil)
        #expect(try load("{next: 'header:X-Next-Page'}")?.next == .url(.header("X-Next-Page")))
        #expect(try load("{next: link, items: $}")?.next == .linkHeader)
        #expect(try load("{next: {cursor: after, from: $.meta.cursor}, items: $.items, max: 7}")?.next
            == .cursor(parameter: "after", from: .json(try JSONPath(parsing: "$.meta.cursor"))))
        let pages = try #require(try load("{next: {page: p, size: 25, sizeParam: per_page, start: 0}, items: $.items, until: items >= 60, max: 4}"))
        expectEqual(pages.next, .page(parameter: "p", size: 25, sizeParameter: "per_page", start: 0))
        #expect(pages.until?.text == "items >= 60" && pages.maxPages == 4)
        #expect(try load("{next: {page: page, size: 10}, items: $.items}")?.next == .page(parameter: "page", size: 10, sizeParameter: nil, start: 1))
    }

    @Test func mistakesAreSaidAtTheirLineAndColumn() {
        #expect(error("{next: $.next, itmes: $.data}").hasSuffix(
            "ws.yaml:4:30: error: requests.list.paginate: unknown key \"itmes\"; did you mean \"items\"? (expected one of: next, items, until, max)"),
            "\(error("{next: $.next, itmes: $.data}"))")
        #expect(error("{items: $.data}").contains("ws.yaml:4:15: error: requests.list.paginate: missing key \"next\""))
        #expect(error("{next: {pge: page, size: 10}, items: $.items}").contains("ws.yaml:4:23: error: requests.list.paginate.next: unknown key \"pge\"; did you mean \"page\"?"))
        #expect(error("{next: {page: page}, items: $.items}").contains("ws.yaml:4:22: error: requests.list.paginate.next: missing key \"size\""))
        #expect(error("{next: {page: page, size: 10}}").contains("ws.yaml:4:15: error: requests.list.paginate: missing key \"items\""))
        #expect(error("{next: {cursor: c}}").contains("missing key \"from\""))
        #expect(error("{next: {cursor: c, from: $.c, size: 10}}").contains("ws.yaml:4:45: error: requests.list.paginate.next: \"size\" belongs to page numbers, not to a cursor"))
        #expect(error("{next: {from: $.c}}").contains("missing key \"cursor\" (the query parameter the cursor goes in)"))
        #expect(error("{next: status}").contains("ws.yaml:4:22: error: requests.list.paginate.next: status cannot be the next page's URL"))
        #expect(error("{next: next}").contains("ws.yaml:4:22: error: requests.list.paginate.next: a JSON path starts with $"))
        #expect(error("{next: $.next, items: data}").contains("ws.yaml:4:37: error: requests.list.paginate.items: a JSON path starts with $"))
        #expect(error("{next: $.next, max: 0}").contains("ws.yaml:4:35: error: requests.list.paginate.max:"))
        #expect(error("{next: $.next, until: 'items >> 3'}").contains("ws.yaml:4:37: error: requests.list.paginate.until:"))
        #expect(error("{next: {page: 'a b', size: 2}, items: $}").contains("\"a b\" is not a query parameter's name"))
    }

    static let workspace = """
        config: {baseUrl: "{{demo}}"}
        requests:
          numbers:
            url: /paged
            paginate: {next: {page: page, size: 10, sizeParam: size}, items: $.items}
            expect: [status == 200, $.total == 25]
          cursor:
            url: /paged/cursor?size=10
            paginate: {next: {cursor: cursor, from: $.next_cursor}, items: $.items}
          next-url:
            url: /paged
            args: {size: 10}
            paginate: {next: $.next, items: $.items, until: body.page >= 2}
          capped:
            url: /paged/link?size=5
            paginate: {next: link, items: $, max: 2}
          broken:
            url: /paged?fail=3
            paginate: {next: {page: page, size: 10, sizeParam: size}, items: $.items}
          failing-check:
            url: /paged
            paginate: {next: $.next, items: $.items}
            expect: [$.page < 2]
        """

    @Test func aRunGathersEveryPageOfTheListing() async throws {
        let state = temporaryDirectory("courier-state")
        let path = writeWorkspace(Self.workspace)
        let run = await headlessRun(path, ["numbers", "cursor"]) { $0.stateDirectory = state }
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        for name in ["numbers", "cursor"] {
            for page in 1...3 { #expect(run.output.contains { $0.hasPrefix("  ✓ \(name) [page \(page)]  GET") }, "\(name) \(page): \(run.output)") }
        }
        #expect(run.output.filter { $0 == "      gathered 25 items from 3 pages (the listing ended)" }.count == 2, "\(run.output)")
        #expect(run.output.contains { $0.contains("numbers [page 2]") && $0.contains("/paged?page=2&size=10") && $0.contains("2 checks passed") })
        let history = try HistoryStore(stateDirectory: state).exchanges()
        #expect(history.filter { $0.request == "numbers [page 3]" }.count == 1, "\(history.map(\.request))")
        expectEqual(history.count, 6)
    }

    @Test func jsonGivesEachPageAndTheGatheredItemsOnTheLast() async throws {
        let run = await headlessRun(writeWorkspace(Self.workspace), ["next-url", "capped"]) { $0.json = true }
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        let objects = try jsonLines(run.output)
        #expect(objects.compactMap { $0["name"] as? String } == ["next-url [page 1]", "next-url [page 2]", "capped [page 1]", "capped [page 2]"])
        #expect(objects.prefix(4).compactMap { $0["page"] as? Int } == [1, 2, 1, 2])
        #expect(objects[0]["paging"] == nil)
        let untilHeld = try #require(objects[1]["paging"] as? [String: Any])
        #expect(untilHeld["end"] as? String == "untilHeld" && untilHeld["itemCount"] as? Int == 20 && untilHeld["pages"] as? Int == 2)
        let capped = try #require(objects[3]["paging"] as? [String: Any])
        #expect(capped["end"] as? String == "maxPages" && capped["itemCount"] as? Int == 10)
        let items = try #require(capped["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["id"] as? Int } == Array(1...10) && capped["itemsOmitted"] as? Int == 0)
    }

    @Test func aFailedPageOrCheckStopsThePagingAndKeepsWhatCame() async throws {
        let run = await headlessRun(writeWorkspace(Self.workspace), ["broken", "failing-check"])
        expectEqual(run.status, 1)
        #expect(run.output.contains { $0.hasPrefix("  ✗ broken [page 3]") && $0.contains("500") }, "\(run.output)")
        #expect(run.output.contains("      gathered 20 items from 2 pages (page 3 failed)"), "\(run.output)")
        #expect(run.output.contains { $0.hasPrefix("  ✗ failing-check [page 2]") }, "\(run.output)")
        #expect(run.output.contains("      gathered 10 items from 1 page (page 2 failed)"), "\(run.output)")
        #expect(!run.output.contains { $0.contains("failing-check [page 3]") })
    }
}
