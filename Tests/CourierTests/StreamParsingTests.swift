import Testing
@testable import Courier

/// Server-sent events by the WHATWG HTML standard's event stream interpretation (with its own
/// examples) and NDJSON lines, fed whole and cut at every byte (libcurl may split a chunk
/// anywhere: inside a field, a CRLF or the BOM).
@Suite struct StreamParsingTests {
    /// Events from `text` fed in one chunk, and the same fed one byte at a time.
    private func events(_ text: String, maximumEventBytes: Int = 8 << 20) -> [ServerSentEvent] {
        var whole = ServerSentEventParser(maximumEventBytes: maximumEventBytes)
        let once = whole.consume(Array(text.utf8))
        var split = ServerSentEventParser(maximumEventBytes: maximumEventBytes)
        let byByte = text.utf8.flatMap { split.consume([$0]) }
        #expect(once == byByte, "split at every byte gave other events")
        return once
    }

    @Test func multiLineDataJoinsWithLineFeeds() {
        // The standard's stock-ticker example.
        expectEqual(events("data: YHOO\ndata: +2\ndata: 10\n\n"), [ServerSentEvent(data: "YHOO\n+2\n10")])
    }

    @Test func idsLastUntilTheNextOneAndTypesDoNot() {
        let stream = ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"
        #expect(events(stream) == [
            ServerSentEvent(data: "first event", lastEventID: "1"),
            ServerSentEvent(data: "second event", lastEventID: ""),
            ServerSentEvent(data: " third event", lastEventID: ""),
        ])
        let typed = events("event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\ndata: plain\n\n")
        expectEqual(typed.map(\.type), ["add", "remove", "message"])
    }

    @Test func emptyDataDispatchesAndAnOpenEventAtTheEndIsDiscarded() {
        // "data\n\ndata\ndata\n\ndata:" gives "" and "\n"; the last, unterminated, none.
        var parser = ServerSentEventParser()
        let got = parser.consume(Array("data\n\ndata\ndata\n\ndata:".utf8))
        expectEqual(got.map(\.data), ["", "\n"])
        parser.finish()
        #expect(parser.consume(Array("\n".utf8)).isEmpty, "the open event must not survive the end of its stream")
    }

    @Test func eventsWithoutDataAreNotDispatched() {
        #expect(events("event: ping\n\nid: 7\n\n").isEmpty)
        expectEqual(events("id: 7\n\ndata: x\n\n"), [ServerSentEvent(data: "x", lastEventID: "7")])
    }

    @Test func everyLineEndingAndASpaceOnlyOnce() {
        let lf = events("data:test\n\ndata: test\n\n")
        let crlf = events("data:test\r\n\r\ndata: test\r\n\r\n")
        let cr = events("data:test\r\rdata: test\r\r")
        expectEqual(lf.map(\.data), ["test", "test"])
        expectEqual(crlf, lf)
        expectEqual(cr, lf)
        expectEqual(events("data:  two spaces\n\n").first?.data, " two spaces")
        expectEqual(events("data\n\n").first?.data, "")
    }

    @Test func aCRLFSplitAcrossChunksIsOneLineEnd() {
        var parser = ServerSentEventParser()
        #expect(parser.consume(Array("data: a\r".utf8)).isEmpty)
        #expect(parser.consume(Array("\ndata: b\r".utf8)).isEmpty)
        expectEqual(parser.consume(Array("\n\r\n".utf8)), [ServerSentEvent(data: "a\nb")])
    }

    @Test func theByteOrderMarkIsDroppedAtTheStartOfTheStreamOnly() {
        #expect(events("\u{FEFF}data: a\n\n") == [ServerSentEvent(data: "a")])
        // A BOM later is part of the line: here it makes an unknown field name.
        #expect(events("data: a\n\n\u{FEFF}data: b\n\n") == [ServerSentEvent(data: "a")])
    }

    @Test func commentsAreCountedUnknownFieldsIgnored() {
        var parser = ServerSentEventParser()
        let got = parser.consume(Array(": keep-alive\n:\nfoo: bar\ndata: x\n\n".utf8))
        expectEqual(got, [ServerSentEvent(data: "x")])
        expectEqual(parser.comments, 2)
    }

    @Test func retryTakesDigitsOnlyAndIDsWithNULAreIgnored() {
        var parser = ServerSentEventParser()
        _ = parser.consume(Array("retry: 2500\n\nretry: 1.5\n\nretry: x\n\nretry:\n\n".utf8))
        expectEqual(parser.reconnectionTime, 2500)
        _ = parser.consume(Array("id: 9\n\nid: a\u{0}b\ndata: d\n\n".utf8))
        expectEqual(parser.lastEventID, "9")
    }

    @Test func anEventOverTheLimitIsDroppedAndCountedWhateverTheChunks() {
        let stream = "data: small\n\ndata: " + String(repeating: "x", count: 100) + "\n\ndata: " + String(repeating: "y", count: 30)
            + "\ndata: " + String(repeating: "z", count: 30) + "\n\ndata: after\n\n"
        var whole = ServerSentEventParser(maximumEventBytes: 50)
        expectEqual(whole.consume(Array(stream.utf8)).map(\.data), ["small", "after"])
        expectEqual(whole.droppedEvents, 2)
        var split = ServerSentEventParser(maximumEventBytes: 50)
        #expect(stream.utf8.flatMap { split.consume([$0]) }.map(\.data) == ["small", "after"])
        expectEqual(split.droppedEvents, 2)
    }

    @Test func aStreamWithoutBlankLinesStaysWithinTheLimit() {
        var parser = ServerSentEventParser(maximumEventBytes: 1024)
        let chunk = Array(String(repeating: "q", count: 4096).utf8)
        for _ in 0..<256 { #expect(parser.consume(chunk).isEmpty) }
        expectEqual(parser.consume(Array("\n\ndata: ok\n\n".utf8)).map(\.data), ["ok"])
        expectEqual(parser.droppedEvents, 1)
    }

    @Test func ndjsonLinesSplitAnywhereAndTheLastNeedsNoNewline() {
        let stream = "{\"a\":1}\r\n\n  \n{\"b\":\"é\"}\n{\"c\":3}"
        var whole = StreamLineSplitter()
        var lines = whole.consume(Array(stream.utf8))
        lines += whole.finish().map { [$0] } ?? []
        #expect(lines == [#"{"a":1}"#, #"{"b":"é"}"#, #"{"c":3}"#])
        var split = StreamLineSplitter()
        var byByte = stream.utf8.flatMap { split.consume([$0]) }
        byByte += split.finish().map { [$0] } ?? []
        expectEqual(byByte, lines)
        var bounded = StreamLineSplitter(maximumLineBytes: 8)
        expectEqual(bounded.consume(Array("short\nfar too long a line\nok\n".utf8)), ["short", "ok"])
        expectEqual(bounded.droppedLines, 1)
    }
}
