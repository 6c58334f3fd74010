import HTTPTypes
import Synchronization

/// A response's status line and header block as the transport received them. The field
/// lines stay bytes in one buffer until ``parsed()`` turns them into `HTTPFields`, which
/// happens off the transport thread and only when something reads them: the transport
/// thread, the one thread every transfer shares, spends one buffer on a response's headers
/// instead of a string and a field per line.
struct ReceivedHead: Sendable {
    /// The URL that answered, after redirects.
    var url: String
    var statusCode: Int
    /// "HTTP/1.1", "HTTP/2", …
    var httpVersion: String
    /// The field lines of the latest response block (after its status line), each as
    /// received with its line ending.
    var fieldLines: [UInt8]

    /// The head with its fields read from ``fieldLines``.
    func parsed() -> ResponseHead {
        ResponseHead(url: url, statusCode: statusCode, headers: Self.fields(in: fieldLines), httpVersion: httpVersion)
    }

    /// The fields of a header block: `Name: value` lines, values trimmed of spaces and tabs;
    /// an obsolete folded line (one that starts with a space or tab) continues the previous
    /// value; lines without a colon or with an invalid name are skipped.
    static func fields(in block: [UInt8]) -> HTTPFields {
        var fields = HTTPFields()
        forEachLine(of: block) { line in addField(from: line, to: &fields) }
        return fields
    }

    /// Calls `body` with each line of a header block, its line ending trimmed.
    private static func forEachLine(of block: [UInt8], _ body: (Slice<UnsafeRawBufferPointer>) -> Void) {
        block.withUnsafeBytes { bytes in
            var lineStart = bytes.startIndex
            while lineStart < bytes.endIndex {
                let newline = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.endIndex
                body(trimmed(bytes[lineStart..<newline], of: [0x0D, 0x0A]))
                lineStart = newline + 1
            }
        }
    }

    private static func addField(from line: Slice<UnsafeRawBufferPointer>, to fields: inout HTTPFields) {
        if let first = line.first, first == 0x20 || first == 0x09 {
            guard !fields.isEmpty else { return }
            let continuation = String(decoding: trimmed(line, of: [0x20, 0x09]), as: UTF8.self)
            fields[fields.count - 1].value += " " + continuation
        } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            let name = trimmed(line[..<colon], of: [0x20, 0x09])
            guard let fieldName = KnownHeaderNames.name(for: name) ?? HTTPField.Name(String(decoding: name, as: UTF8.self))
            else { return }
            fields.append(HTTPField(name: fieldName, lenientValue: trimmed(line[(colon + 1)...], of: [0x20, 0x09])))
        }
    }

    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>, of set: [UInt8]) -> Slice<UnsafeRawBufferPointer> {
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, set.contains(bytes[start]) { start += 1 }
        while end > start, set.contains(bytes[end - 1]) { end -= 1 }
        return bytes[start..<end]
    }
}
