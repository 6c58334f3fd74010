import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// A body spooled to a file is shown while it arrives: its bytes so far are laid out (the line
/// they cut left out), and the whole replaces them once the transfer has ended.
@Suite struct ArrivingBodyTests {
    @Test("A cut body shows its complete lines, the same as the whole's", arguments: RandomJSON.Style.allCases)
    func aCutJSONBodyShowsTheWholesLines(style: RandomJSON.Style) throws {
        var random = RandomJSON(generator: SplitMix64(seed: 4_601), style: style)
        var cuts = SplitMix64(seed: 4_602)
        var shown = 0
        for _ in 0..<40 {
            let data = Data(random.document().utf8)
            let whole = try #require(FormattedBody.indexed(data, mimeType: "application/json"))
            var previous = 0
            for fraction in [0.1, 0.3, 0.5, 0.7, 0.9].map({ $0 + Double(cuts.next() % 100) / 1_000 }) {
                let prefix = data.prefix(Int(Double(data.count) * fraction))
                guard let cut = FormattedBody.indexed(Data(prefix), mimeType: "application/json", arriving: true) else { continue }
                #expect(cut.kind == .json && !cut.isComplete)
                #expect(cut.lineCount <= whole.lineCount && cut.lineCount >= previous, "a longer cut never shows fewer lines")
                for line in 0..<cut.lineCount {
                    #expect(cut.plainText(line) == whole.plainText(line), "line \(line) of a cut at \(prefix.count) of \(data.count)")
                }
                previous = cut.lineCount
                shown += cut.lineCount
            }
            let all = FormattedBody.indexed(data, mimeType: "application/json", arriving: true)
            if data.first == UInt8(ascii: "{") || data.first == UInt8(ascii: "[") {
                #expect(all?.lineCount == whole.lineCount && all?.isComplete == false, "every byte arrived, more may come")
                #expect(FormattedBody.indexed(data, mimeType: nil, arriving: true)?.kind == .json, "told by its first byte")
            } else {
                let closedString = data.last { !$0.isWhitespace } == UInt8(ascii: "\"")
                #expect((all == nil) == !closedString, "a number or literal alone may go on: \(String(decoding: data, as: UTF8.self))")
            }
        }
        #expect(shown > 1_000)
    }

    @Test func aCutTextBodyLeavesOutItsCutLine() throws {
        let text = (0..<500).map { "line \($0) of the log" }.joined(separator: "\n") + "\n"
        let data = Data(text.utf8)
        let cutInALine = try #require(FormattedBody.indexed(data.prefix(1_000), mimeType: "text/plain", arriving: true))
        let lastShown = try #require(cutInALine.plainText(cutInALine.lineCount - 1))
        #expect(text.contains(lastShown + "\n"), "the last line shown is whole: \(lastShown)")
        #expect(!cutInALine.isComplete)
        let cutAtALineEnd = text.utf8.prefix(1_000).lastIndex(of: UInt8(ascii: "\n"))!
        let endingALine = try #require(FormattedBody.indexed(Data(text.utf8[...cutAtALineEnd]), mimeType: "text/plain", arriving: true))
        #expect(endingALine.lineCount == cutInALine.lineCount, "a line feed ends the line it cut")
    }

    /// The workbench against a server that sends half of a body and waits: the Body tab shows
    /// the half while the request is in flight, then the whole.
    @Test func theWorkbenchShowsASpooledBodyWhileItArrives() async throws {
        let items = (0..<6_000).map { #"{"id": \#($0), "name": "item \#($0)", "tags": ["a", "b"]}"# }
        let document = Data(("{\"count\": 6000, \"items\": [" + items.joined(separator: ", ") + "]}").utf8)
        try await Self.withHalfArrived(document) { app, release in
            let session = app.model.session
            let exchange = try #require(session.exchanges["arriving"])
            let partial = try #require(exchange.body)
            #expect(!partial.isComplete && exchange.isInFlight)
            #expect(partial.lineCount < 3 + 6_000 * 8 + 2, "only what arrived: \(partial.lineCount) lines")
            let screen = app.screen
            // The facts, then as much of the rest as fits: the setting's name goes first, never the key.
            #expect(screen.contains("into a file") && screen.contains("· x cancels"), "\(screen)")
            #expect(screen.contains(#""count": 6000,"#))
            release.signal()
            try await app.settle("the whole laid out") {
                exchange.stoppedAt != nil && exchange.body?.isComplete == true
            }
            #expect(exchange.body?.lineCount == 3 + 6_000 * 8 + 2)
            #expect(exchange.request.responseSpooledBody != nil)
            #expect(app.screen.contains("in a file (spoolBodiesOver)"))

            // A pass over the file as it arrived, late (its thread runs only when no other
            // wants a core), never replaces the whole: it showed a tenth of a body after `G`.
            let whole = exchange.body
            app.model.session.mailbox.post(.bodyFormatted(exchange: exchange.id, body: partial))
            _ = app.model.applyUpdates()
            #expect(exchange.body === whole, "the whole stays: \(exchange.body?.lineCount ?? 0) lines shown")
        }
    }

    @Test func aSearchMadeWhileItArrivesCoversTheWholeOnceLaidOut() async throws {
        let count = 24_000  // about 1.4 MB: past what is searched on the input loop
        let items = (0..<count).map { #"{"id": \#($0), "name": "item \#($0)", "tags": ["a", "b"]}"# }
        let document = Data(("{\"count\": \(count), \"items\": [" + items.joined(separator: ", ") + "]}").utf8)
        #expect(document.count > BodyViewer.quickSearchBytes)
        try await Self.withHalfArrived(document) { app, release in
            let session = app.model.session
            let exchange = try #require(session.exchanges["arriving"])
            app.press(.character("2"), .character("2"))
            app.press(.character("/"))
            app.type(#""b""#)
            app.press(.enter)
            let early = try #require(exchange.viewer?.search?.matches.count)
            #expect(early > 0 && early < count, "what had arrived: \(early) matches")
            let partial = try #require(exchange.viewer?.shownBody)
            release.signal()
            try await app.settle("the whole searched again once laid out") {
                app.model.tick()  // the Exchange pane asks for the search again before a frame
                return exchange.body?.isComplete == true && exchange.viewer?.search?.matches.count == count
            }
            #expect(exchange.viewer?.search?.isBehind == false)
            #expect(app.screen.contains("/\(count.groupedDigits)"), "\(app.screen)")
            #expect(!app.screen.contains("so far"))

            // A search made off the input loop over the prefix, whose result comes after the whole
            // was laid out from the file (another layout, not a continuation of the prefix's):
            // its matches hold for the prefix's lines, shown as behind, then the whole is searched.
            let whole = try #require(exchange.body)
            #expect(!whole.continues(partial) && partial.lineCount < whole.lineCount)
            let query = #""a""#
            let prefixMatches = partial.matches(of: query, caseInsensitive: false, limit: BodyViewer.matchLimit)
            app.model.session.mailbox.post(.paneResult(.exchange, ExchangePane.BackgroundResult.searched(
                exchange: exchange.id, body: ExchangePane.SearchedBody(body: partial, isFiltered: false), query: query,
                caseInsensitive: false, matches: prefixMatches, again: false)))
            app.model.applyUpdates()
            #expect(exchange.viewer?.search?.query == query && exchange.viewer?.search?.isBehind == true,
                    "taken, as behind: \(String(describing: exchange.viewer?.search))")
            expectEqual(exchange.viewer?.search?.matches.count, prefixMatches.count)
            try await app.settle("the whole searched for it") {
                app.model.tick()
                return exchange.viewer?.search?.matches.count == count && exchange.viewer?.search?.isBehind == false
            }
        }
    }

    /// The workbench against a loopback server that sends the head and the first half of
    /// `document` and waits for `release` before the rest (bodies past 1 KiB spooled): `body`
    /// runs once the half is on screen, the request still in flight.
    private static func withHalfArrived(_ document: Data, _ body: (AppHarness, DispatchSemaphore) async throws -> Void) async throws {
        let half = document.count / 2
        let server = try LoopbackListener()
        let release = DispatchSemaphore(value: 0)
        server.answerEachConnection { connection in
            _ = readHead(connection)
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(document.count)\r\nConnection: close\r\n\r\n"
            send(Data(head.utf8) + document.prefix(half), to: connection)
            release.wait()
            send(Data(document.dropFirst(half)), to: connection)
        }
        defer {
            release.signal()
            server.stop()
        }
        let request = "  arriving:\n    url: \"http://127.0.0.1:\(server.port)/items\"\n"
        try await AppHarness.run(editing: { text in
            text.replacingOccurrences(of: "  maxConcurrent: 8", with: "  spoolBodiesOver: 1024\n  maxConcurrent: 8")
                .replacingOccurrences(of: "\nrequests:\n", with: "\nrequests:\n" + request)
        }) { app in
            app.select(.request("arriving"))
            app.press(.enter)
            try await app.settle("the first half shown while it arrives") {
                app.model.tick()  // as the input loop does before each frame
                guard let exchange = app.model.session.exchanges["arriving"], exchange.isInFlight, let body = exchange.body else { return false }
                return body.lineCount > 1_000
            }
            try await body(app, release)
        }
    }

    private static func readHead(_ connection: Int32) -> String {
        var received = [UInt8]()
        var byte: UInt8 = 0
        while received.count < 65_536, read(connection, &byte, 1) == 1 {
            received.append(byte)
            if received.suffix(4) == Array("\r\n\r\n".utf8) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    private static func send(_ data: Data, to connection: Int32) {
        data.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let result = write(connection, raw.baseAddress! + sent, raw.count - sent)
                if result <= 0 { return }
                sent += result
            }
        }
    }
}
