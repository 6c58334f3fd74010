import CourierWorkspace

/// Indents XML or HTML by element nesting into a ``LineStore``. A tag tokenizer, not a parser:
/// it never rejects a body.
///
/// Each tag, comment, CDATA section, doctype or processing instruction starts a line, with the
/// whitespace inside tags collapsed; text is trimmed, line by line, and whitespace-only text
/// dropped. An element holding nothing or one line of text stays on one line (`<id>42</id>`).
/// Self-closing tags and HTML's void elements (`<br>`, `<img>`, …) open nothing. An end tag
/// closes its element and any left open inside it; an end tag matching nothing stands alone.
/// HTML names compare case-insensitively, and `<script>` and `<style>` hold raw text.
struct MarkupBodyFormatter {
    static func format(_ bytes: UnsafeBufferPointer<UInt8>, isHTML: Bool, lineLimit: Int?) -> (lines: LineStore, isComplete: Bool) {
        var formatter = MarkupBodyFormatter(bytes: bytes, isHTML: isHTML, lineLimit: lineLimit ?? Int.max)
        let isComplete = formatter.run()
        return (formatter.lines, isComplete)
    }

    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta", "param", "source", "track", "wbr",
    ]
    private static let rawTextElements: Set<String> = ["script", "style"]

    private struct OpenElement {
        /// Where its name is in the body.
        let name: Range<Int>
        let foldSlot: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let isHTML: Bool
    /// Byte-level questions about the body, asked of a trivial value: a method of this struct,
    /// holding arrays, would copy it (and retain them) on every call in a debug build.
    private let scanner: MarkupScanner
    private let lineLimit: Int
    private var index = 0
    private var lines: LineStore
    private var open: [OpenElement] = []
    /// Set while the innermost open element's start tag is the last line and only text, if
    /// anything, follows it there: its end tag may still join that line. The text's start in
    /// the store, when there is text.
    private var leaf: Leaf?

    private struct Leaf {
        var textStart: Int?
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, isHTML: Bool, lineLimit: Int) {
        self.bytes = bytes
        self.isHTML = isHTML
        scanner = MarkupScanner(bytes: bytes, isHTML: isHTML)
        self.lineLimit = lineLimit
        lines = LineStore(flavor: nil, tracksDepth: true, expectedBytes: lineLimit == Int.max ? bytes.count : 0)
    }

    private mutating func run() -> Bool {
        while index < bytes.count {
            if lines.lineCount >= lineLimit { return false }
            if scanner.isMarkupStart(at: index) {
                writeMarkup()
            } else {
                let end = scanner.nextMarkupStart(from: index + 1)
                writeText(index..<end)
                index = end
            }
        }
        while let element = open.popLast() { lines.closeFold(element.foldSlot) }
        if lines.lineCount == 0 { lines.startLine(flavor: .text) }
        return true
    }

    private mutating func writeMarkup() {
        let start = index
        if scanner.hasPrefix("<!--", at: start) {
            index = scanner.find("-->", from: start + 4).map { $0 + 3 } ?? bytes.count
            writeLines(start..<index, flavor: .comment)
        } else if scanner.hasPrefix("<![CDATA[", at: start) {
            index = scanner.find("]]>", from: start + 9).map { $0 + 3 } ?? bytes.count
            writeLines(start..<index, flavor: .cdata)
        } else if bytes[start + 1] == UInt8(ascii: "?") {
            index = scanner.find("?>", from: start + 2).map { $0 + 2 } ?? bytes.count
            writeTagLine(start..<index)
        } else {
            index = scanner.tagEnd(from: start)
            switch bytes[start + 1] {
            case UInt8(ascii: "!"): writeTagLine(start..<index)
            case UInt8(ascii: "/"): writeEndTag(start..<index, name: scanner.name(from: start + 2))
            default: writeStartTag(start..<index, name: scanner.name(from: start + 1))
            }
        }
    }

    /// Writes a start tag; the raw text of a `<script>` or `<style>` too, moving `index` past it.
    private mutating func writeStartTag(_ tag: Range<Int>, name: Range<Int>) {
        writeTagLine(tag)
        let selfClosing = tag.count >= 2 && bytes[tag.upperBound - 2] == UInt8(ascii: "/") && bytes[tag.upperBound - 1] == UInt8(ascii: ">")
        let lowercasedName = isHTML ? String(decoding: bytes[name], as: UTF8.self).lowercased() : ""
        if selfClosing || Self.voidElements.contains(lowercasedName) { return }
        open.append(OpenElement(name: name, foldSlot: lines.openFold()))
        leaf = Leaf()
        if Self.rawTextElements.contains(lowercasedName) {
            let end = scanner.rawTextEnd(name: lowercasedName, from: tag.upperBound)
            writeText(tag.upperBound..<end)
            index = end
        }
    }

    private mutating func writeEndTag(_ tag: Range<Int>, name: Range<Int>) {
        var matching = open.count - 1
        while matching >= 0, !scanner.sameName(open[matching].name, name) { matching -= 1 }
        guard matching >= 0 else {
            writeTagLine(tag)
            return
        }
        if leaf != nil, matching == open.count - 1 {
            appendTag(tag)
            lines.dropLastFold()
            open.removeLast()
            leaf = nil
            return
        }
        endLeaf()
        while open.count - 1 > matching { lines.closeFold(open.removeLast().foldSlot) }
        let element = open.removeLast()
        writeTagLine(tag)
        lines.closeFold(element.foldSlot)
    }

    /// Text goes beside a start tag when it is one line and the element holds nothing else yet;
    /// otherwise each of its lines, trimmed, becomes a line.
    private mutating func writeText(_ range: Range<Int>) {
        let trimmed = scanner.trimmingWhitespace(range)
        guard !trimmed.isEmpty else { return }
        if let leaf, leaf.textStart == nil, bytes.firstIndex(of: UInt8(ascii: "\n"), in: trimmed) == nil {
            self.leaf = Leaf(textStart: lines.text.count)
            lines.append(UnsafeBufferPointer(rebasing: bytes[trimmed]))
            return
        }
        writeLines(trimmed, flavor: .text)
    }

    /// Each non-blank line of `range`, trimmed, on a line of its own.
    private mutating func writeLines(_ range: Range<Int>, flavor: LineFlavor) {
        endLeaf()
        var start = range.lowerBound
        while start < range.upperBound {
            let end = bytes.firstIndex(of: UInt8(ascii: "\n"), in: start..<range.upperBound) ?? range.upperBound
            let line = scanner.trimmingWhitespace(start..<end)
            if !line.isEmpty {
                lines.startLine(depth: open.count, flavor: flavor)
                lines.append(UnsafeBufferPointer(rebasing: bytes[line]))
            }
            start = end + 1
        }
    }

    private mutating func writeTagLine(_ tag: Range<Int>) {
        endLeaf()
        lines.startLine(depth: open.count, flavor: .markup)
        appendTag(tag)
    }

    /// The tag with each run of whitespace outside quoted values made one space, and line breaks
    /// inside them made spaces.
    private mutating func appendTag(_ tag: Range<Int>) {
        var values = QuotedValues()
        var runStart = tag.lowerBound
        var position = tag.lowerBound
        while position < tag.upperBound {
            let byte = bytes[position]
            let isQuoted = values.contains(byte)
            guard byte.isWhitespace, !isQuoted || byte != UInt8(ascii: " ") else {
                position += 1
                continue
            }
            lines.append(UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
            lines.append(UInt8(ascii: " "))
            position += 1
            if !isQuoted {
                while position < tag.upperBound, bytes[position].isWhitespace { position += 1 }
            }
            runStart = position
        }
        lines.append(UnsafeBufferPointer(rebasing: bytes[runStart..<tag.upperBound]))
    }

    /// Moves text that joined its element's start tag onto a line of its own, once something
    /// other than the end tag follows it.
    private mutating func endLeaf() {
        guard let leaf else { return }
        self.leaf = nil
        if let textStart = leaf.textStart {
            lines.splitLastLine(at: textStart, depth: open.count, flavor: .text)
        }
    }
}
