import CourierWorkspace

/// Draws a ``Frame`` on a ``Canvas``: pane borders and titles, content lines clipped to
/// their panes, the tab bar, the status line and an overlay. Parts equal to those of the
/// previous frame are skipped, so a keypress that moves a selection redraws one pane.
package struct Painter: Sendable {
    package var glyphs: Glyphs

    package init(glyphs: Glyphs) {
        self.glyphs = glyphs
    }

    /// Draws `frame`, skipping what is unchanged since `previous` (nil: draw everything).
    package func paint(_ frame: Frame, over previous: Frame?, on canvas: inout some Canvas) {
        let everything = previous == nil || previous?.size != frame.size || previous?.overlay?.rect != frame.overlay?.rect
            || previous?.tabBar != frame.tabBar || previous?.tooSmallMessage != frame.tooSmallMessage
            || previous?.panes.map(\.rect) != frame.panes.map(\.rect)
        if everything {
            for row in 0..<frame.size.rows { canvas.clear(row: row, column: 0, width: frame.size.columns, highlight: .none) }
        }
        if let message = frame.tooSmallMessage {
            let row = max(0, frame.size.rows / 2 - 1)
            draw(StyledLine(message, .warning), row: row, column: 0, width: frame.size.columns, on: &canvas)
            return
        }
        if let tabBar = frame.tabBar, everything {
            draw(tabBar.padded(to: frame.size.columns), row: 0, column: 0, width: frame.size.columns, on: &canvas)
        }
        var repainted = everything
        var abovePainted = false
        for (index, pane) in frame.panes.enumerated() {
            // A pane joined to the one above shares its border row: redraw it with that one.
            let forced = pane.joinsAbove && abovePainted
            abovePainted = false
            if !everything, !forced, let old = previous?.panes[index], old == pane { continue }
            draw(pane, on: &canvas)
            repainted = true
            abovePainted = true
        }
        if everything || previous?.statusLine != frame.statusLine {
            draw(frame.statusLine.padded(to: frame.size.columns), row: frame.size.rows - 1, column: 0,
                 width: frame.size.columns, on: &canvas)
        }
        if let overlay = frame.overlay, repainted || previous?.overlay != overlay {
            for row in overlay.rect.row..<overlay.rect.bottom {
                canvas.clear(row: row, column: overlay.rect.column, width: overlay.rect.width, highlight: .none)
            }
            draw(overlay, on: &canvas)
        }
    }

    /// A pane: border, title, badge, footer and content.
    package func draw(_ pane: PaneFrame, on canvas: inout some Canvas) {
        let rect = pane.rect
        if rect.height == ScreenLayout.collapsedHeight, rect.width >= 2 {
            // A pane shrunk to its title line: the title and badge on a rule, no box.
            edge(row: rect.row, rect: rect, left: glyphs.horizontal, right: glyphs.horizontal, style: .border, label: pane.title,
                 badge: pane.badge, on: &canvas)
            return
        }
        guard rect.width >= 2, rect.height >= 2 else { return }
        let border: Style = pane.isFocused ? .borderFocused : .border
        let left = pane.joinsAbove ? glyphs.teeLeft : glyphs.topLeft
        let right = pane.joinsAbove ? glyphs.teeRight : glyphs.topRight
        edge(row: rect.row, rect: rect, left: left, right: right, style: border, label: pane.title, badge: pane.badge, on: &canvas)
        for row in rect.row + 1..<rect.bottom - 1 {
            canvas.write(glyphs.vertical, row: row, column: rect.column, style: border, highlight: .none)
            canvas.write(glyphs.vertical, row: row, column: rect.right - 1, style: border, highlight: .none)
        }
        edge(row: rect.bottom - 1, rect: rect, left: glyphs.bottomLeft, right: glyphs.bottomRight, style: border,
             label: nil, badge: pane.footer, on: &canvas)
        let content = pane.content
        for offset in 0..<content.height {
            let line = offset < pane.lines.count ? pane.lines[offset] : StyledLine()
            canvas.clear(row: content.row + offset, column: content.column, width: content.width, highlight: line.highlight)
            draw(line, row: content.row + offset, column: content.column, width: content.width, on: &canvas)
        }
    }

    /// A border row: corners, a label after the left corner and a badge before the right one.
    private func edge(row: Int, rect: Rect, left: String, right: String, style: Style, label: StyledLine?,
                      badge: StyledLine?, on canvas: inout some Canvas) {
        canvas.write(text(left), row: row, column: rect.column, style: style, highlight: .none)
        let inner = rect.width - 2
        canvas.write(text(String(repeating: glyphs.horizontal, count: inner)), row: row, column: rect.column + 1,
                     style: style, highlight: .none)
        canvas.write(text(right), row: row, column: rect.right - 1, style: style, highlight: .none)
        var used = 0
        if let label, label.width > 0, inner > 4 {
            let shown = padded(label).truncated(to: inner - 2)
            draw(shown, row: row, column: rect.column + 2, width: inner - 2, on: &canvas)
            used = shown.width + 1
        }
        if let badge, badge.width > 0, inner - used > 6 {
            let shown = padded(badge).truncated(to: inner - used - 3)
            draw(shown, row: row, column: rect.right - 2 - shown.width, width: shown.width, on: &canvas)
        }
    }

    private func padded(_ line: StyledLine) -> StyledLine {
        var result = StyledLine(" ")
        result.append(line)
        result.append(" ")
        return result
    }

    /// One line, cut to `width` columns.
    package func draw(_ line: StyledLine, row: Int, column: Int, width: Int, on canvas: inout some Canvas) {
        guard width > 0 else { return }
        var column = column
        for span in line.truncated(to: width).spans {
            canvas.write(text(span.text), row: row, column: column, style: span.style, highlight: line.highlight)
            column += span.width
        }
    }

    /// Text as the terminal can show it: without UTF-8, the symbols the workbench uses get
    /// ASCII stand-ins and every other character becomes `?` (two for a wide one), so columns
    /// stay where the layout put them.
    private func text(_ text: String) -> String {
        guard !glyphs.isUnicode, text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else if let standIn = Self.asciiStandIns[scalar] {
                result.unicodeScalars.append(standIn)
            } else {
                result += String(repeating: "?", count: DisplayWidth.of(scalar))
            }
        }
        return result
    }

    /// One-column symbols and their ASCII look-alikes.
    private static let asciiStandIns: [Unicode.Scalar: Unicode.Scalar] = [
        "…": "~", "·": "-", "↵": "<", "✓": "+", "✗": "x", "●": "*", "▾": "v", "▸": ">", "─": "-", "│": "|",
        "∥": "|", "✎": "*", "◐": "|", "◓": "/", "◑": "-", "◒": "\\", "░": ".", "█": "#", "━": "=", "←": "<", "→": ">",
        "↑": "^", "↓": "v", "⇄": "=", "⊘": "/", "⏸": "=", "‹": "<", "›": ">", "—": "-", "∙": "-",
    ]
}
