import CourierWorkspace

/// A run of text in one style, its width in columns measured once.
package struct Span: Sendable, Hashable {
    package let text: String
    package let style: Style
    /// Columns on the screen (``DisplayWidth``).
    package let width: Int

    /// Text from anywhere (a server, a file, the user) is sanitized: no control characters
    /// reach the screen.
    package init(_ text: some StringProtocol, _ style: Style = .plain) {
        let clean = DisplayWidth.sanitized(text)
        self.text = clean
        self.style = style
        self.width = DisplayWidth.of(clean)
    }
}

/// One row of a pane: styled spans, and a background for the whole row.
package struct StyledLine: Sendable, Hashable, ExpressibleByStringLiteral {
    package var spans: [Span]
    package var highlight: RowHighlight

    package init(_ spans: [Span] = [], highlight: RowHighlight = .none) {
        self.spans = spans
        self.highlight = highlight
    }

    package init(_ text: some StringProtocol, _ style: Style = .plain) {
        self.init([Span(text, style)])
    }

    package init(stringLiteral text: String) {
        self.init(text)
    }

    /// Columns the whole line takes.
    package var width: Int { spans.reduce(0) { $0 + $1.width } }

    /// The text without styles, as a test or a search sees it.
    package var text: String { spans.map(\.text).joined() }

    /// Appends a span.
    package mutating func append(_ text: some StringProtocol, _ style: Style = .plain) {
        guard !text.isEmpty else { return }
        spans.append(Span(text, style))
    }

    package mutating func append(_ line: StyledLine) {
        spans.append(contentsOf: line.spans)
    }

    package mutating func append(_ span: Span) {
        spans.append(span)
    }

    /// The line with `highlight` as its background.
    package func highlighted(_ highlight: RowHighlight) -> StyledLine {
        StyledLine(spans, highlight: highlight)
    }

    /// The line cut to `columns`, with `…` in its last column when something was cut.
    package func truncated(to columns: Int) -> StyledLine {
        guard width > columns else { return self }
        guard columns > 0 else { return StyledLine(highlight: highlight) }
        var result = StyledLine(highlight: highlight)
        var room = columns - 1
        for span in spans {
            if span.width <= room {
                result.spans.append(span)
                room -= span.width
                continue
            }
            let cut = DisplayWidth.prefix(of: Substring(span.text), fitting: room)
            result.append(cut.text + String(repeating: " ", count: room - cut.width), span.style)
            result.append("…", span.style)
            return result
        }
        return result
    }

    /// Two lines side by side: `self` padded to `columns`, then `right`.
    package func padded(to columns: Int) -> StyledLine {
        let width = self.width
        guard width < columns else { return truncated(to: columns) }
        var result = self
        result.append(String(repeating: " ", count: columns - width))
        return result
    }
}

/// Builds a line span by span: `StyledLine.build { $0.append("GET", .methodGet) }`.
extension StyledLine {
    package static func build(highlight: RowHighlight = .none, _ body: (inout StyledLine) -> Void) -> StyledLine {
        var line = StyledLine(highlight: highlight)
        body(&line)
        return line
    }
}
