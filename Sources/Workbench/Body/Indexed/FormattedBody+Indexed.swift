import Foundation

extension FormattedBody {
    /// Bodies held in memory past this size are laid out from their bytes (``IndexedLines``)
    /// rather than kept a second time as lines.
    package static let indexedLayoutThreshold = 8 << 20

    /// Lays out a large body without copying it: JSON as the formatter would, text by lines,
    /// anything else (binary, another charset) as ``format(_:mimeType:lineLimit:)`` does (a
    /// hex preview reads only the first 64 KiB). `progress` gets the lines indexed so far a few
    /// times a second, the first screen at once, and returns false to give up (then the result
    /// is nil). `releasesPages` is for a body mapped from a file (``Courier/SpooledBody``): the
    /// pages read past are dropped from memory as it goes.
    ///
    /// With `markupAsText`, XML and HTML are split into lines as they are rather than indented
    /// (a body mapped from a file is); without it they are left to ``format(_:mimeType:lineLimit:)``.
    /// `arriving` says `data` is the first bytes of a body still arriving: its last line, cut
    /// short, is left out, JSON that stops at the cut is still JSON, and the result is never
    /// complete.
    package static func indexed(
        _ data: Data, mimeType: String?, releasesPages: Bool = false, markupAsText: Bool = true, arriving: Bool = false,
        progress: ((FormattedBody) -> Bool)? = nil
    ) -> FormattedBody? {
        let type = BodyMediaType(mimeType)
        if arriving, data.isEmpty { return nil }
        guard !data.isEmpty, type.declared != .binary, type.foreignEncoding == nil else {
            return format(data, mimeType: mimeType, lineLimit: nil)
        }
        let byteOrderMark = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let content = data.dropFirst(byteOrderMark)
        let prefix = content.prefix(64 * 1024)
        let first = prefix.first { !$0.isWhitespace }
        var notice: String?
        if type.declared == .json || (type.mayBeJSON && (first == UInt8(ascii: "{") || first == UInt8(ascii: "["))) {
            do {
                return try indexedJSON(content, byteCount: data.count, releasesPages: releasesPages, arriving: arriving, progress: progress)
            } catch {
                if type.declared == .json { notice = "not valid JSON at byte \(error.offset + byteOrderMark)" }
            }
        }
        let looksLikeMarkup = first == UInt8(ascii: "<") || type.declared == .xml || type.declared == .html
        if looksLikeMarkup, !markupAsText { return format(data, mimeType: mimeType, lineLimit: nil) }
        if prefix.contains(0) || !prefix.isUTF8(allowingCutCharacter: arriving || prefix.count < content.count) {
            // The preview reads its first 64 KiB (one byte more says there are more).
            return data.prefix(HexPreview.previewBytes + 1).withUnsafeBytes { raw in
                binary(raw.bindMemory(to: UInt8.self), type: type, byteCount: data.count,
                       notice: notice.map { "\($0); shown as binary" }, lineLimit: nil)
            }
        }
        return indexedText(content, byteCount: data.count, notice: notice, releasesPages: releasesPages, arriving: arriving,
                           progress: progress)
    }

    /// Whether this body is `earlier`'s lines and perhaps more: both laid out from the same bytes,
    /// this one indexed at least as far.
    func continues(_ earlier: FormattedBody) -> Bool {
        guard let mine = indexed, let theirs = earlier.indexed, mine.grammar == theirs.grammar, mine.lineCount >= theirs.lineCount,
              mine.source.count == theirs.source.count else { return false }
        return mine.withBytes { a in theirs.withBytes { b in a.baseAddress == b.baseAddress } }
    }

    /// JSON laid out from its bytes; throws where it stops being JSON (for a body still
    /// `arriving`, that is where it was cut: the lines before it are the result).
    static func indexedJSON(
        _ content: Data, byteCount: Int, releasesPages: Bool = false, arriving: Bool = false,
        progress: ((FormattedBody) -> Bool)? = nil
    ) throws(JSONSyntaxError) -> FormattedBody? {
        let outcome: (lines: CheckpointRecorder, isComplete: Bool, error: JSONSyntaxError?) = content.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let recorder = CheckpointRecorder(bytes: bytes, releasesPages: releasesPages, progress: progress.map { progress in
                { checkpoints, lineCount in
                    progress(FormattedBody(kind: .json, lines: .indexed(IndexedLines(source: content, grammar: .json, checkpoints: checkpoints,
                                                                                         lineCount: lineCount, releasesPages: releasesPages)),
                                           byteCount: byteCount, isComplete: false))
                }
            })
            return JSONBodyFormatter.runAsFarAsValid(bytes, into: recorder)
        }
        let recorder = outcome.lines
        var lineCount = recorder.lineCount
        let last = arriving ? content.last { !$0.isWhitespace } : nil
        if let error = outcome.error {
            guard arriving else { throw error }
            lineCount -= 1  // the line the cut went through
            // Cut after an opener: its line would be `[` where the whole has `[]`.
            if last == UInt8(ascii: "[") || last == UInt8(ascii: "{") { lineCount -= 1 }
        } else if !outcome.isComplete || recorder.isStopped {
            return nil
        } else if let last, last != UInt8(ascii: "]"), last != UInt8(ascii: "}"), last != UInt8(ascii: "\"") {
            lineCount -= 1  // a number or literal alone, which more bytes may lengthen
        }
        guard lineCount > 0 else { return nil }
        let lines = IndexedLines(source: content, grammar: .json, checkpoints: recorder.checkpoints, lineCount: lineCount,
                                 releasesPages: releasesPages)
        return FormattedBody(kind: .json, lines: .indexed(lines), byteCount: byteCount, isComplete: !arriving)
    }

    /// Text split into lines from its bytes.
    private static func indexedText(
        _ content: Data, byteCount: Int, notice: String?, releasesPages: Bool, arriving: Bool, progress: ((FormattedBody) -> Bool)?
    ) -> FormattedBody? {
        func body(_ checkpoints: LineCheckpoints, _ lineCount: Int, isComplete: Bool, notice: String?) -> FormattedBody {
            FormattedBody(kind: .text, lines: .indexed(IndexedLines(source: content, grammar: .text, checkpoints: checkpoints, lineCount: lineCount,
                                                                    releasesPages: releasesPages)),
                          notice: notice, byteCount: byteCount, isComplete: isComplete)
        }
        let recorder: CheckpointRecorder? = content.withUnsafeBytes { raw in
            var recorder = CheckpointRecorder(bytes: raw.bindMemory(to: UInt8.self), releasesPages: releasesPages, progress: progress.map { progress in
                { checkpoints, lineCount in progress(body(checkpoints, lineCount, isComplete: false, notice: notice)) }
            })
            return recorder.recordText() ? recorder : nil
        }
        guard let recorder else { return nil }
        // A body still arriving: its last line ends at the cut unless a line feed ended it.
        let lineCount = recorder.lineCount - (arriving && content.last != UInt8(ascii: "\n") ? 1 : 0)
        guard lineCount > 0 else { return nil }
        return body(recorder.checkpoints, lineCount, isComplete: !arriving, notice: notice.map { "\($0); shown as text" })
    }
}

private extension Data {
    /// Whether these bytes are UTF-8; `allowingCutCharacter` forgives a character cut short at
    /// the end (a prefix of a longer body).
    func isUTF8(allowingCutCharacter: Bool) -> Bool {
        withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var end = bytes.count
            if allowingCutCharacter {
                var back = 0
                while back < 3, end - back - 1 >= 0, bytes[end - back - 1] & 0xC0 == 0x80 { back += 1 }
                if end - back - 1 >= 0, bytes[end - back - 1] >= 0xC0 { end -= back + 1 }
            }
            return (try? UTF8Span(validating: UnsafeBufferPointer(rebasing: bytes[..<end]).span)) != nil
        }
    }
}
