import CourierWorkspace
import Foundation

extension FormattedBody {
    /// Formats a response body. `mimeType` is its `Content-Type` (parameters allowed), nil when
    /// it had none: JSON, XML and HTML are then recognised by their first characters, as is JSON
    /// declared as text. JSON that does not parse is shown as text, with a ``notice`` saying why.
    /// Text must be UTF-8 (or Latin-1, Windows-1252 or UTF-16 by its charset); other bytes, a NUL,
    /// or a binary type give a hex preview.
    ///
    /// With a `lineLimit`, formatting stops after about that many lines, at a cost that grows
    /// with them rather than with the body: a quick first screen while the whole is formatted.
    package static func format(_ data: Data, mimeType: String?, lineLimit: Int? = nil) -> FormattedBody {
        let type = BodyMediaType(mimeType)
        let lineLimit = lineLimit.map { max($0, 1) }
        if !data.isEmpty, type.declared != .binary, let encoding = type.foreignEncoding, let text = String(data: data, encoding: encoding) {
            return Array(text.utf8).withUnsafeBufferPointer { utf8 in
                format(utf8, type: type, byteCount: data.count, lineLimit: lineLimit)
            }
        }
        return data.withUnsafeBytes { raw in
            format(raw.bindMemory(to: UInt8.self), type: type, byteCount: data.count, lineLimit: lineLimit)
        }
    }

    /// A body of one line saying something about it (that it is empty, or could not be read).
    static func note(_ text: String, kind: BodyKind = .text) -> FormattedBody {
        var lines = LineStore(flavor: .note, tracksDepth: false)
        lines.startLine()
        lines.append(Array(text.utf8))
        return FormattedBody(kind: kind, store: lines, byteCount: 0, isComplete: true)
    }

    /// The body as JSON, when `bytes` are already known to be JSON.
    static func formatJSON(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> FormattedBody {
        let (lines, _) = try JSONBodyFormatter.run(bytes, into: LineStore(json: bytes.count, isWhole: true), lineLimit: nil)
        return FormattedBody(kind: .json, store: lines, byteCount: bytes.count, isComplete: true)
    }

    private static func format(_ body: UnsafeBufferPointer<UInt8>, type: BodyMediaType, byteCount: Int, lineLimit: Int?) -> FormattedBody {
        if body.isEmpty { return note("(empty body)", kind: .empty) }
        guard type.declared != .binary, body.count <= LineStore.maximumBytes else {
            return binary(body, type: type, byteCount: byteCount, notice: nil, lineLimit: lineLimit)
        }
        let byteOrderMark = body.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let content = UnsafeBufferPointer(rebasing: body[byteOrderMark...])
        let first = content.first { !$0.isWhitespace }
        var jsonError: JSONSyntaxError?
        let declared = type.declared
        if declared == .json || (type.mayBeJSON && (first == UInt8(ascii: "{") || first == UInt8(ascii: "["))) {
            do {
                let store = LineStore(json: content.count, isWhole: lineLimit == nil)
                let (lines, isComplete) = try JSONBodyFormatter.run(content, into: store, lineLimit: lineLimit)
                return FormattedBody(kind: .json, store: lines, byteCount: byteCount, isComplete: isComplete)
            } catch {
                if declared == .json { jsonError = JSONSyntaxError(offset: error.offset + byteOrderMark, reason: error.reason) }
            }
        } else if let markup = markupKind(declared: declared, content: content) {
            let (lines, isComplete) = MarkupBodyFormatter.format(content, isHTML: markup == .html, lineLimit: lineLimit)
            return FormattedBody(kind: markup, store: lines, byteCount: byteCount, isComplete: isComplete)
        }
        let isBinary = content.firstIndex(of: 0, from: 0) != nil
            || (type.charset == nil && (try? UTF8Span(validating: content.span)) == nil)
        let notice = jsonError.map { error in
            "not valid JSON at byte \(error.offset) (line \(lineNumber(at: error.offset, in: body))): \(error.reason); "
                + "shown as \(isBinary ? "binary" : "text")"
        }
        if isBinary { return binary(body, type: type, byteCount: byteCount, notice: notice, lineLimit: lineLimit) }
        let (lines, isComplete) = TextBodyFormatter.format(content, lineLimit: lineLimit)
        return FormattedBody(kind: .text, store: lines, notice: notice, byteCount: byteCount, isComplete: isComplete)
    }

    /// A hex preview of `body` (its first 64 KiB are read), which is `byteCount` bytes in all.
    static func binary(
        _ body: UnsafeBufferPointer<UInt8>, type: BodyMediaType, byteCount: Int, notice: String?, lineLimit: Int?
    ) -> FormattedBody {
        let (lines, isComplete) = HexPreview.format(body, byteCount: byteCount, mediaType: type.essence, lineLimit: lineLimit)
        return FormattedBody(kind: .binary, store: lines, notice: notice, byteCount: byteCount, isComplete: isComplete)
    }

    /// XML or HTML as declared, or, with no type, as the body starts: `<!DOCTYPE html` or `<html`
    /// is HTML, another tag or declaration XML.
    private static func markupKind(declared: BodyMediaType.Declared?, content: UnsafeBufferPointer<UInt8>) -> BodyKind? {
        switch declared {
        case .xml: return .xml
        case .html: return .html
        case nil: break
        default: return nil
        }
        guard let start = content.firstIndex(where: { !$0.isWhitespace }), content[start] == UInt8(ascii: "<"),
              start + 1 < content.count, content[start + 1].opensMarkupAfterLessThan else { return nil }
        let opening = String(decoding: content[start..<min(start + 14, content.count)], as: UTF8.self).lowercased()
        return opening.hasPrefix("<!doctype html") || opening.hasPrefix("<html") ? .html : .xml
    }

    /// The 1-based line of the byte at `offset`.
    private static func lineNumber(at offset: Int, in body: UnsafeBufferPointer<UInt8>) -> Int {
        body[..<min(offset, body.count)].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
}
