import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The gRPC service browser as a window: schemas arriving in any order, folding, the method's
/// messages below the list, and `n` asking for a request of the chosen method.
@Suite struct ServiceBrowserTests {
    static func method(_ name: String, _ kind: GRPCMethodKind, input: String = "courier.demo.Point") -> GRPCCatalog.Method {
        GRPCCatalog.Method(name: name, service: "courier.demo.Places", input: input, output: "courier.demo.Place", kind: kind,
                           text: "// courier.demo.Places.\(name): a method\nrpc \(name)(\(input)) returns (courier.demo.Place);\n\nmessage Point {\n  int32 latitude = 1;\n}",
                           template: .object(["latitude": .int(0)]))
    }

    static let places = GRPCCatalog(services: [GRPCCatalog.Service(name: "courier.demo.Places", methods: [
        method("GetPlace", .unary), method("ListPlaces", .serverStreaming, input: "courier.demo.Area"),
        method("RecordTrip", .clientStreaming), method("Chat", .bidirectional, input: "courier.demo.Note"),
    ])])

    static func source(_ label: String) -> ServiceSource {
        ServiceSource(label: label, request: "found", basis: GRPCDefinition(target: "{{places}}", service: "courier.demo.Places", method: "GetPlace"))
    }

    static func context(columns: Int, rows: Int) -> PaneContext {
        PaneContext(rect: Rect(row: 0, column: 0, width: columns, height: rows), isFocused: true, now: Date(), glyphs: .unicode,
                    baseURL: "", revealsSecrets: false, describe: { _ in fatalError("not asked") },
                    transfer: { _ in nil }, preview: { _, _ in nil })
    }

    static func text(_ browser: ServiceBrowser, columns: Int, rows: Int) -> [String] {
        browser.render(context: context(columns: columns, rows: rows)).frames.flatMap { $0.lines.map(\.text) }
    }

    @Test func schemasArriveInAnyOrderAndTheSelectionStaysOnItsMethod() throws {
        let reflection = Self.source("http://127.0.0.1:1's reflection"), files = Self.source("places.proto")
        let browser = ServiceBrowser(sources: [reflection, files])
        let loading = Self.text(browser, columns: 120, rows: 40)
        #expect(loading.contains { $0.contains("places.proto") && $0.contains("loading") }, "\(loading)")
        // The second source first: its first method is chosen.
        browser.loaded(files, .success(Self.places))
        expectEqual(browser.selectedMethod?.method.name, "GetPlace")
        expectEqual(browser.selectedMethod?.source, files)
        _ = browser.perform(.nextItem, context: Self.context(columns: 120, rows: 40))
        expectEqual(browser.selectedMethod?.method.name, "ListPlaces")
        // Rows arriving above it keep it where it was.
        browser.loaded(reflection, .failure(ServiceLoadFailure(reason: "connection refused")))
        expectEqual(browser.selectedMethod?.method.name, "ListPlaces")
        expectEqual(browser.selectedMethod?.source, files)
        let screen = Self.text(browser, columns: 120, rows: 40)
        #expect(screen.contains { $0.contains("reflection") && $0.contains("not loaded") }, "\(screen)")
        #expect(screen.contains { $0.contains("⇣  ListPlaces") && $0.contains("Area → Place") && $0.contains("server streaming") }, "\(screen)")
        #expect(screen.contains { $0.contains("⇅  Chat") && $0.contains("bidirectional") }, "\(screen)")
        // Below the list: the chosen method's .proto text, without its first comment.
        #expect(screen.contains { $0.contains("rpc ListPlaces(courier.demo.Area)") }, "\(screen)")
        #expect(!screen.contains { $0.contains("courier.demo.Places.ListPlaces: a method") }, "\(screen)")
    }

    @Test func nOnAMethodAsksForARequestOfItAndEnterFoldsAService() throws {
        let files = Self.source("places.proto")
        let browser = ServiceBrowser(sources: [files])
        browser.loaded(files, .success(Self.places))
        let context = Self.context(columns: 80, rows: 24)
        _ = browser.perform(.nextItem, context: context)
        _ = browser.perform(.nextItem, context: context)
        let work = browser.perform(.newRequest, context: context)
        guard work.count == 2, case .close = work[0], case .newCall(let call) = work[1] else {
            Issue.record("expected close and a new call, got \(work)")
            return
        }
        #expect(call.method.name == "RecordTrip" && call.method.kind.clientStreams)
        expectEqual(call.suggestedName, "record-trip")
        // Up to the service, and Enter folds it: its methods go.
        for _ in 0..<3 { _ = browser.perform(.previousItem, context: context) }
        expectEqual(browser.selectedMethod, nil)
        _ = browser.perform(.chooseItem, context: context)
        #expect(browser.rows.count == 2, "\(browser.rows)")
        #expect(browser.perform(.newRequest, context: context).contains { if case .say = $0 { true } else { false } })
        _ = browser.perform(.right, context: context)
        expectEqual(browser.rows.count, 6)
    }

    @Test func rLoadsTheSelectedSchemaAgain() throws {
        let reflection = Self.source("http://127.0.0.1:1's reflection"), files = Self.source("places.proto")
        let browser = ServiceBrowser(sources: [reflection, files])
        browser.loaded(reflection, .failure(ServiceLoadFailure(reason: "connection refused")))
        browser.loaded(files, .success(Self.places))
        // On a method of the second source: that source loads again, the other stays as it was.
        let work = browser.perform(.reloadSchema, context: Self.context(columns: 120, rows: 40))
        guard work.count == 1, case .reloadServices(let source) = work[0] else {
            Issue.record("expected the source to load again, got \(work)")
            return
        }
        expectEqual(source, files)
        expectEqual(browser.loads, [.failed("connection refused"), .loading])
    }

    @Test func theListAndTheTextFitAt80By24() throws {
        let files = Self.source("places.proto")
        let browser = ServiceBrowser(sources: [files])
        browser.loaded(files, .success(Self.places))
        let frames = browser.render(context: Self.context(columns: 80, rows: 24)).frames
        let frame = try #require(frames.first)
        #expect(frame.rect.width <= 80 && frame.rect.height <= 22)
        #expect(frame.lines.allSatisfy { DisplayWidth.of($0.text) <= frame.rect.width - 2 })
    }

    @Test func suggestedNamesAreKebabCase() {
        let names = ["GetPlace": "get-place", "GetHTTPStatus": "get-http-status", "list_places": "list-places", "V2Get": "v2-get"]
        for (method, expected) in names {
            let call = NewCall(source: Self.source("x"), method: Self.method(method, .unary))
            #expect(call.suggestedName == expected, "\(method)")
        }
    }
}
