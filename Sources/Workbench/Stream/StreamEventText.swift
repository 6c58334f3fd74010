import CourierWorkspace
import Courier
import Foundation

/// One event's data as the stream view draws it: JSON laid out and coloured by the Body
/// viewer's formatter (with a filter, the value its path leads to), other data as its lines,
/// a session's control and binary messages as one line led by their kind. Made for the
/// events on screen only.
struct StreamEventText {
    /// One line: its indentation, its UTF-8 content and the content's styles.
    struct Line {
        var indentation = ""
        var bytes: [UInt8]
        var runs: [StyleRun]
    }

    /// Every line, as unfolded.
    let lines: [Line]
    /// Whether the data is JSON (folded, its lines join with a space; text's with ⏎).
    let isJSON: Bool

    /// The event's data, or with `filter` the value it leads to; nil when the filter leads
    /// nowhere in it (or it is not JSON).
    init?(_ event: StreamEvent, filter: JSONPath?) {
        if let line = Self.sessionLine(event) {
            guard filter == nil else { return nil }
            lines = [line]
            isJSON = false
            return
        }
        let body = Self.json(event.data)
        isJSON = body != nil
        if let body {
            var shown = body
            if let filter {
                guard case .success(let value) = body.filtered(by: filter) else { return nil }
                shown = value
            }
            lines = (0..<shown.lineCount).map { index in
                let content = shown.content(of: index)
                return Line(indentation: shown.indentation(of: index), bytes: content, runs: shown.runs(of: index, content: content))
            }
        } else {
            guard filter == nil else { return nil }
            let text = event.text.split(separator: "\n", omittingEmptySubsequences: false)
            lines = (text.isEmpty ? [""] : text).map { line in
                let bytes = Array(line.utf8)
                return Line(bytes: bytes, runs: bytes.isEmpty ? [] : [StyleRun(range: 0..<bytes.count, style: .plain)])
            }
        }
    }

    /// Whether `filter` leads somewhere in the event's data.
    static func matches(_ event: StreamEvent, filter: JSONPath) -> Bool {
        guard !isSessionMessage(event), let body = json(event.data), case .success = body.filtered(by: filter) else { return false }
        return true
    }

    /// The lines joined into one, without indentation: `{ "n": 17, "sentMs": 1764… }`.
    var folded: Line {
        guard lines.count > 1 else { return lines[0] }
        var bytes: [UInt8] = []
        var runs = StyleRunBuilder()
        for (index, line) in lines.enumerated() {
            if index > 0 {
                let separator = Array((isJSON ? " " : " ⏎ ").utf8)
                runs.add(bytes.count..<bytes.count + separator.count, isJSON ? .syntaxPunctuation : .dim)
                bytes += separator
            }
            let offset = bytes.count
            bytes += line.bytes
            for run in line.runs { runs.add(run.range.lowerBound + offset..<run.range.upperBound + offset, run.style) }
        }
        return Line(bytes: bytes, runs: runs.runs)
    }

    /// A session's message other than text, as one line led by its kind: `close 1000 bye`,
    /// `ping ping 1`, `binary 4 bytes · 00 01 02 ff` (its first bytes in hex, not as mangled
    /// text); nil for a text message and for what an HTTP response streams.
    private static func sessionLine(_ event: StreamEvent) -> Line? {
        guard isSessionMessage(event), let name = event.name else { return nil }
        let detail: [UInt8]
        if name == "binary" {
            let count = event.data.count
            detail = Array(("\(count.groupedDigits) byte\(count == 1 ? "" : "s")"
                            + (count == 0 ? "" : " · " + event.data.hexPreview(first: binaryPrefix))).utf8)
        } else {
            // Its lines joined with spaces, byte by byte (each message on screen, every frame).
            detail = event.text.utf8.map { $0 == UInt8(ascii: "\n") ? UInt8(ascii: " ") : $0 }
        }
        var bytes = Array(name.utf8)
        if !detail.isEmpty {
            bytes.append(UInt8(ascii: " "))
            bytes += detail
        }
        var runs = [StyleRun(range: 0..<name.utf8.count, style: .accent)]
        if bytes.count > name.utf8.count { runs.append(StyleRun(range: name.utf8.count..<bytes.count, style: .plain)) }
        return Line(bytes: bytes, runs: runs)
    }

    /// Whether it is a session's message other than text (control or binary).
    private static func isSessionMessage(_ event: StreamEvent) -> Bool {
        event.kind == .message && event.name != nil && event.name != "text"
    }

    /// The bytes of a binary message shown in hex.
    static let binaryPrefix = 16

    /// Data that is a JSON document, laid out; nil for anything else.
    private static func json(_ data: Data) -> FormattedBody? {
        guard let first = data.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
              first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"")
                || first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
                || first == UInt8(ascii: "t") || first == UInt8(ascii: "f") || first == UInt8(ascii: "n") else { return nil }
        return data.withUnsafeBytes { raw in try? FormattedBody.formatJSON(raw.bindMemory(to: UInt8.self)) }
    }
}
