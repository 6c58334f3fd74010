import Testing
@testable import Courier

/// The media type of a `Content-Type` value, read on every response by the stream check.
struct MediaTypeTests {
    @Test(arguments: [
        ("application/json", "application/json"),
        ("application/json; charset=utf-8", "application/json"),
        (" \tText/Event-Stream \t;charset=UTF-8", "text/event-stream"),
        ("APPLICATION/X-NDJSON", "application/x-ndjson"),
        ("text/plain;", "text/plain"),
        (";charset=utf-8", ""),
        ("", ""),
        ("TEXT/ÉTÉ", "text/été"),
    ])
    func theTypeIsCutAtItsParametersTrimmedAndLowercased(value: String, type: String) {
        expectEqual(ResponseHead.mediaType(ofContentType: value), type)
    }

    @Test func streamsAreDetectedWhateverTheCase() {
        expectEqual(StreamMode.detected(forMimeType: "Text/Event-Stream"), .events)
        expectEqual(StreamMode.detected(forMimeType: "application/x-ndjson"), .lines)
        expectEqual(StreamMode.detected(forMimeType: "application/json"), nil)
        expectEqual(StreamMode.detected(forMimeType: nil), nil)
    }
}

/// The transport's stream check reads the Content-Type value's bytes without making strings.
struct ContentTypeBytesTests {
    @Test(arguments: [
        ("text/event-stream", StreamMode?.some(.events)),
        (" Text/Event-Stream ;charset=utf-8", .events),
        ("application/x-ndjson", .lines),
        ("APPLICATION/STREAM+JSON", .lines),
        ("application/jsonl;", .lines),
        ("application/json", nil),
        ("text/event-streams", nil),
        ("text/event", nil),
        ("", nil),
    ])
    func theSameModeAsFromTheMimeType(value: String, mode: StreamMode?) {
        expectEqual(StreamMode.detected(forContentType: Array(value.utf8)[...]), mode)
        expectEqual(StreamMode.detected(forMimeType: value), mode)
    }
}
