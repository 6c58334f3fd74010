import Courier
import Foundation
import Testing
@testable import Workbench

/// The stream view's model: events appended in order, following the newest until moved,
/// pausing, folding, searching and filtering across events, and letting the oldest go.
@Suite struct StreamViewTests {
    /// Event `n` as the demo server's `/sse` sends it: a `tick` with JSON data, every fifth a
    /// two-line `note`.
    private func event(_ n: Int) -> StreamEvent {
        let note = n % 5 == 0
        let data = note ? "note \(n), line one\nline two" : "{\"n\":\(n),\"kind\":\"tick\"}"
        return StreamEvent(kind: .event, sequence: n, elapsed: Double(n) / 20, receivedAt: Date(), name: note ? "note" : "tick",
                           id: "\(n)", data: Data(data.utf8))
    }

    private func view(_ range: ClosedRange<Int>, capacity: Int = 2_000, height: Int = 6) -> StreamView {
        var view = StreamView(capacity: capacity)
        view.resize(height: height)
        view.append(range.map(event))
        return view
    }

    private func text(_ view: StreamView, height: Int = 6) -> String {
        view.visibleLines(height: height, width: 80, focused: true).map(\.text).joined(separator: "\n")
    }

    @Test func eventsAreAppendedInOrderAndOnesAlreadySeenAreSkipped() {
        var view = view(1...5)
        view.append((3...7).map(event))
        expectEqual(view.lastSequence, 7)
        #expect(view.keptCount == 7, "3, 4 and 5 came twice (the request's kept events at the end) and are kept once")
        let screen = text(view)
        #expect(screen.contains("+0.350s") && screen.contains("tick") && screen.contains("\"n\": 7"))
    }

    @Test func followingShowsTheNewestUntilMovedUpAndGFollowsAgain() {
        var view = view(1...20)
        #expect(view.isFollowing)
        expectEqual(view.selectedEvent?.sequence, 20)
        view.moveCursor(by: -1)
        #expect(!view.isFollowing, "moving up stops following")
        expectEqual(view.selectedEvent?.sequence, 19)
        view.append((21...30).map(event))
        #expect(view.selectedEvent?.sequence == 19, "new events do not move a scrolled view")
        #expect(!text(view).contains("\"n\": 29"))
        #expect(view.title(rate: 20).contains("scrolled — G follows"))
        view.follow()
        expectEqual(view.selectedEvent?.sequence, 30)
        #expect(text(view).contains("\"n\": 29"))
        expectEqual(view.title(rate: 20), "Stream · 30 events · 20/s · following")
    }

    @Test func pausingFreezesTheScreenWhileEventsAreStillCounted() {
        var view = view(1...10)
        view.togglePause()
        view.append((11...25).map(event))
        expectEqual(view.shownCount, 10)
        expectEqual(view.selectedEvent?.sequence, 10)
        #expect(view.lastSequence == 25 && view.unseenWhilePaused == 15)
        expectEqual(view.title(rate: nil), "Stream · 25 events · paused (15 new)")
        view.togglePause()
        expectEqual(view.shownCount, 25)
        expectEqual(view.selectedEvent?.sequence, 25)
    }

    @Test func aPausedScreenKeepsItsEventsHoweverManyArriveAndTheNewestJoinWhenItGoesOn() {
        var view = view(1...10, capacity: 10)
        view.togglePause()
        view.append((11...40).map(event))
        expectEqual(view.shownCount, 10)
        #expect(view.event(at: view.firstPosition)?.sequence == 1, "what the paused screen shows is not let go")
        #expect(text(view).contains("\"n\": 9"))
        expectEqual(view.unseenWhilePaused, 30)
        view.togglePause()
        expectEqual(view.keptCount, 10)
        expectEqual(view.event(at: view.firstPosition)?.sequence, 31)
        expectEqual(view.selectedEvent?.sequence, 40)
        expectEqual(view.letGo, 30)
    }

    @Test func longJSONIsFoldedToOneLineAndEnterUnfoldsIt() {
        var view = view(1...2, height: 10)
        // {"n":2,"kind":"tick"} is four lines pretty-printed: folded to one by default.
        expectEqual(view.visibleLines(height: 10, width: 80, focused: true).count, 2)
        #expect(text(view).contains("▸ { \"n\": 2, \"kind\": \"tick\" }"))
        view.toggleFold()
        let lines = view.visibleLines(height: 10, width: 80, focused: true)
        expectEqual(lines.count, 5)
        #expect(lines[1].text.contains("▾ {") && lines[2].text.contains("\"n\": 2,") && lines[4].text.contains("}"))
        view.toggleFold()
        expectEqual(view.visibleLines(height: 10, width: 80, focused: true).count, 2)
    }

    @Test func aTwoLineEventShowsBothLinesUntilFolded() {
        var view = view(5...5)
        #expect(text(view).contains("▾ note 5, line one"))
        #expect(text(view).contains("line two"))
        view.toggleFold()
        #expect(text(view).contains("▸ note 5, line one ⏎ line two"))
    }

    @Test func aJSONPathFilterShowsTheMatchingEventsValues() {
        var view = view(1...10)
        view.applyFilter("$.kind")
        #expect(view.shownCount == 8, "the notes are not JSON")
        #expect(text(view).contains("\"tick\"") && !text(view).contains("\"n\""))
        view.append((11...12).map(event))
        #expect(view.shownCount == 10, "new events are filtered as they come")
        view.applyFilter("kind")
        #expect(view.filterError != nil)
        #expect(view.positionText.contains("filter: a JSON path starts with $"))
        view.applyFilter("")
        expectEqual(view.shownCount, 12)
    }

    @Test func searchSelectsMatchingEventsAndNextWrapsAround() {
        var view = view(1...30)
        view.search("note 2")
        #expect(view.selectedEvent?.sequence == 20, "the first match at or after the selection wraps to the first")
        #expect(!view.isFollowing)
        view.nextMatch()
        expectEqual(view.selectedEvent?.sequence, 25)
        view.nextMatch()
        expectEqual(view.selectedEvent?.sequence, 20)
        view.nextMatch(forward: false)
        expectEqual(view.selectedEvent?.sequence, 25)
        #expect(view.positionText.contains("2 matching"))
    }

    @Test func theOldestAreLetGoPastTheCapacityAndCounted() {
        var view = view(1...250, capacity: 100)
        expectEqual(view.keptCount, 100)
        expectEqual(view.letGo, 150)
        expectEqual(view.event(at: view.firstPosition)?.sequence, 151)
        #expect(view.positionText.contains("150 earlier let go (keeps 100)"))
        view.moveToTop()
        expectEqual(view.selectedEvent?.sequence, 151)
        view.append((251...400).map(event))
        #expect(view.selectedEvent?.sequence == 301, "a selection that was let go moves to the oldest kept")
        expectEqual(view.letGo, 300)
    }

    @Test func aWebSocketTranscriptShowsDirectionsControlMessagesAndBinaryInHex() throws {
        func message(_ n: Int, _ direction: StreamEvent.Direction, _ name: String, _ data: Data) -> StreamEvent {
            var event = StreamEvent.message(data, direction: direction, name: name)
            event.sequence = n
            event.elapsed = n == 6 ? 123.4567 : Double(n) / 10
            return event
        }
        var view = StreamView()
        view.resize(height: 10)
        view.append([message(1, .received, "text", Data(#"{"type":"welcome","client":1}"#.utf8)),
                     message(2, .sent, "text", Data("hello".utf8)),
                     message(3, .received, "text", Data("hello".utf8)),
                     message(4, .sent, "binary", Data([0x00, 0x01, 0x02, 0xFF])),
                     message(5, .received, "binary", Data(0..<40)),
                     message(6, .received, "close", Data("1000 bye".utf8))])
        let rows = view.visibleLines(height: 10, width: 100, focused: false).map(\.text)
        #expect(rows == [
            "   +0.100s ← ▸ { \"type\": \"welcome\", \"client\": 1 }",
            "   +0.200s →   hello",
            "   +0.300s ←   hello",
            "   +0.400s →   binary 4 bytes · 00 01 02 ff",
            "   +0.500s ←   binary 40 bytes · 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f …",
            " +123.457s ←   close 1000 bye",
        ], "directions in a column of their own, the kind named in the row instead of a name column")
        let ascii = view.visibleLines(height: 10, width: 100, focused: false, glyphs: .ascii).map(\.text)
        #expect(ascii[1] == "   +0.200s ->   hello" && ascii[2] == "   +0.300s <-   hello",
                "in ASCII the arrows stay apart from the fold marker's >: \(ascii)")
        expectEqual(view.title(rate: 2), "Stream · 6 messages · 2.0/s · following")
        expectEqual(view.positionText, "message 6/6")
        view.applyFilter("$.type")
        #expect(view.shownCount == 1, "only the JSON message has a value at the path")
    }
}
