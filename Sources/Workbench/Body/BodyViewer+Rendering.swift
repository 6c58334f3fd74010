import CourierWorkspace

extension BodyViewer {
    /// The rows to draw, at most `height`, none wider than `width` columns: a gutter of line
    /// numbers and fold markers (▾ open, ▸ closed, with a count of the lines it hides), then
    /// the content scrolled by ``horizontalOffset``, matches marked; the cursor row highlighted.
    package func visibleLines(height: Int, width: Int, focused: Bool) -> [StyledLine] {
        let body = shownBody
        let firstRow = topRow(height: height)
        let rows = firstRow..<min(firstRow + max(height, 0), rowCount)
        let numberWidth = lineNumberWidth(for: body)
        let contentWidth = max(width - gutterWidth(for: body), 0)
        return rows.map { row in
            let line = folds.line(atRow: row)
            var styled = StyledLine()
            let number = String(line + 1)
            styled.append(String(repeating: " ", count: numberWidth - number.count) + number + " ", .dim)
            let marker = !body.opensFold(line) ? " " : isFolded(line) ? "▸" : "▾"
            styled.append(marker + " ", .dim)
            styled.append(content(of: line, in: body, width: contentWidth).droppingColumns(horizontalOffset))
            styled = styled.truncated(to: width)
            return line == cursor ? styled.highlighted(focused ? .selected : .selectedUnfocused) : styled
        }
    }

    /// `line 120/45,210 · match 3/17`: where the cursor is, and the search's state (`match
    /// 3/17+ so far` while the body grew past it); `line 200/200+ · to the end when laid out`
    /// after `G` in a body still being laid out.
    package var positionText: String {
        let body = shownBody
        var text = "line \((cursor + 1).groupedDigits)/\(body.lineCount.groupedDigits)\(body.isComplete ? "" : "+")"
        if followsEnd { text += " · to the end when laid out" }
        if let search {
            let count = search.matches.count.groupedDigits + (search.isTruncated || search.isBehind ? "+" : "")
            if search.matches.isEmpty {
                text += " · no matches"
            } else if let current = search.current {
                text += " · match \((current + 1).groupedDigits)/\(count)"
            } else {
                text += " · \(count) matches"
            }
            // Made over fewer lines than there are now: searched again when the whole is laid out.
            if search.isBehind { text += " so far" }
        }
        if isFilterPending {
            text += " · filtering \(filterText)…"
        } else if let filterError {
            text += " · filter \(filterText): \(filterError)"
        } else if !filterText.isEmpty {
            text += " · filter \(filterText)"
        }
        return text
    }

    /// Columns before the content: the line number, a space, the fold marker, a space.
    func gutterWidth(for body: FormattedBody) -> Int {
        lineNumberWidth(for: body) + 3
    }

    private func lineNumberWidth(for body: FormattedBody) -> Int {
        String(body.lineCount).count
    }

    /// Line `line` indented and styled, matches laid over it, a closed fold's summary after it;
    /// of a long line, only as much as reaches `width` columns past the offset.
    private func content(of line: Int, in body: FormattedBody, width: Int) -> StyledLine {
        let indentation = body.indentation(of: line)
        // No character takes more than four bytes a column (zero-width marks aside), so this many
        // bytes fill the width; the cost grows with the offset, not with the line.
        let byteLimit = max(horizontalOffset + width - indentation.count, 0) * 4 + 4
        let bytes = body.content(of: line, byteLimit: byteLimit)
        let runs = body.runs(of: line, content: bytes).overlaid(with: matchRuns(on: line, within: bytes.count))
        var styled = StyledLine()
        styled.append(indentation)
        styled.spans.append(contentsOf: runs.spans(of: bytes))
        if isFolded(line), let end = body.foldEnd(of: line) {
            styled.append(" … \((end - line).groupedDigits) lines", .dim)
        }
        return styled
    }

    /// The matches on `line` that start within its first `byteCount` bytes, as style runs.
    private func matchRuns(on line: Int, within byteCount: Int) -> [StyleRun] {
        guard let search else { return [] }
        var runs: [StyleRun] = []
        var index = search.matches.partitioningIndex { $0.line >= line }
        while index < search.matches.count, search.matches[index].line == line, search.matches[index].range.lowerBound < byteCount {
            let range = search.matches[index].range
            let style: Style = index == search.current ? .currentMatch : .match
            runs.append(StyleRun(range: range.lowerBound..<min(range.upperBound, byteCount), style: style))
            index += 1
        }
        return runs
    }
}
