import CourierWorkspace

/// A run of text in one style, its width in columns measured once.
public struct Span: Sendable, Hashable {
    public let text: String
    public let style: Style
    /// Columns on the screen (``DisplayWidth``).
    public let width: Int

    /// Text from anywhere (a server, a file, the user) is sanitized: no control characters
    /// reach the screen.
    public init(_ text: some StringProtocol, _ style: Style = .plain) {
        let clean = DisplayWidth.sanitized(text)
        self.text = clean
        self.style = style
        self.width = DisplayWidth.of(clean)
    }
}

/// One row of a pane: styled spans, and a background for the whole row.
public struct StyledLine: Sendable, Hashable, ExpressibleByStringLiteral {
    public var spans: [Span]
    public var highlight: RowHighlight

    public init(_ spans: [Span] = [], highlight: RowHighlight = .none) {
        self.spans = spans
        self.highlight = highlight
    }

    public init(_ text: some StringProtocol, _ style: Style = .plain) {
        self.init([Span(text, style)])
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// Columns the whole line takes.
    public var width: Int { spans.reduce(0) { $0 + $1.width } }

    /// The text without styles, as a test or a search sees it.
    public var text: String { spans.map(\.text).joined() }

    /// Appends a span.
    public mutating func append(_ text: some StringProtocol, _ style: Style = .plain) {
        guard !text.isEmpty else { return }
        spans.append(Span(text, style))
    }

    public mutating func append(_ line: StyledLine) {
        spans.append(contentsOf: line.spans)
    }

    public mutating func append(_ span: Span) {
        spans.append(span)
    }

    /// The line with `highlight` as its background.
    public func highlighted(_ highlight: RowHighlight) -> StyledLine {
        StyledLine(spans, highlight: highlight)
    }

    /// The line cut to `columns`, with `…` in its last column when something was cut.
    public func truncated(to columns: Int) -> StyledLine {
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
    public func padded(to columns: Int) -> StyledLine {
        let width = self.width
        guard width < columns else { return truncated(to: columns) }
        var result = self
        result.append(String(repeating: " ", count: columns - width))
        return result
    }
}

/// Builds a line span by span: `StyledLine.build { $0.append("GET", .methodGet) }`.
extension StyledLine {
    public static func build(highlight: RowHighlight = .none, _ body: (inout StyledLine) -> Void) -> StyledLine {
        var line = StyledLine(highlight: highlight)
        body(&line)
        return line
    }
}
