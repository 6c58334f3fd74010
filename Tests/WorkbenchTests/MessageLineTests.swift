import Testing
@testable import Workbench

/// The message line's model: what was sent kept as a shell keeps its history — the newest
/// last, bounded, the same message twice in a row once — and ↑/↓ walking it and back to what
/// was being typed.
@Suite struct MessageLineTests {
    private func line(sending messages: [String]) -> MessageLine {
        var line = MessageLine()
        for message in messages {
            line.editor = LineEditor(message)
            line.sent()
        }
        return line
    }

    @Test func sendingEmptiesTheLineAndKeepsTheMessageNewestLast() {
        let line = line(sending: ["one", "two", "two", "three"])
        #expect(line.text.isEmpty)
        #expect(line.history == ["one", "two", "three"], "a message sent twice in a row is kept once")
    }

    @Test func upWalksBackDownWalksForwardAndPastTheNewestGivesBackWhatWasTyped() {
        var line = line(sending: ["one", "two"])
        var walked = false
        line.editor = LineEditor("half-typ")
        walked = line.recall(older: true)
        #expect(walked && line.text == "two")
        walked = line.recall(older: true)
        #expect(walked && line.text == "one")
        walked = line.recall(older: true)
        #expect(!walked && line.text == "one", "the oldest stays")
        walked = line.recall(older: false)
        #expect(walked && line.text == "two")
        walked = line.recall(older: false)
        #expect(walked && line.text == "half-typ", "back to the line being typed")
        walked = line.recall(older: false)
        #expect(!walked && line.text == "half-typ")
        var empty = MessageLine()
        walked = empty.recall(older: true)
        #expect(!walked, "nothing sent yet: nothing to recall")
    }

    @Test func aRecalledMessageSentAgainIsTheNewestAndTheWalkStartsOver() {
        var line = line(sending: ["one", "two"])
        line.recall(older: true)
        line.recall(older: true)
        line.sent()
        expectEqual(line.history, ["one", "two", "one"])
        var walked = false
        walked = line.recall(older: true)
        #expect(walked && line.text == "one")
    }

    @Test func theHistoryIsBounded() {
        let line = line(sending: (1...(MessageLine.historyLimit + 20)).map { "message \($0)" })
        expectEqual(line.history.count, MessageLine.historyLimit)
        #expect(line.history.first == "message 21" && line.history.last == "message \(MessageLine.historyLimit + 20)")
    }
}
