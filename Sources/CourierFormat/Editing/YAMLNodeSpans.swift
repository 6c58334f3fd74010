import Yams

/// Where composed YAML nodes sit in their text. Yams gives only where a node starts; these
/// find where it ends, for the styles the workspace writer edits in place.
extension YAMLSourceText {
    /// The text of a scalar, quotes included: a quoted scalar up to its closing quote, a
    /// single-line plain scalar, or a block scalar (`|`, `>`) through its last content line,
    /// which is indented more than `parentIndentation`. Nil for what cannot be found exactly:
    /// an empty or multi-line plain scalar, or one with a tag or an anchor.
    func range(ofScalar node: Node, parentIndentation: Int) -> Range<Int>? {
        guard case .scalar(let scalar) = node, let mark = node.mark else { return nil }
        let start = offset(of: mark)
        guard start < scalars.count else { return nil }
        switch scalar.style {
        case .doubleQuoted, .singleQuoted:
            let quote = scalars[start]
            guard quote == "\"" || quote == "'" else { return nil }
            var offset = start + 1
            while offset < scalars.count {
                if quote == "\"", scalars[offset] == "\\" {
                    offset += 2
                } else if scalars[offset] == quote {
                    // '' is an apostrophe inside a single-quoted scalar.
                    guard quote == "'", offset + 1 < scalars.count, scalars[offset + 1] == "'" else { return start..<offset + 1 }
                    offset += 2
                } else {
                    offset += 1
                }
            }
            return nil
        case .literal, .folded:
            var last = line(of: start)
            for line in last + 1..<lineCount {
                if isBlank(line: line) { continue }
                guard indentation(ofLine: line) > parentIndentation else { break }
                last = line
            }
            return start..<contentEnd(ofLine: last)
        default:
            let length = scalar.string.unicodeScalars.count
            guard length > 0, start + length <= scalars.count, text(start..<start + length) == scalar.string else { return nil }
            return start..<start + length
        }
    }

    /// Whether a mapping or sequence is written in flow style (`{…}`, `[…]`). Read from the
    /// text: Yams reports a collection's style from its end event, which does not carry one.
    func isFlow(_ node: Node) -> Bool {
        guard node.mapping != nil || node.sequence != nil, let mark = node.mark else { return false }
        let start = offset(of: mark)
        return start < scalars.count && (scalars[start] == "{" || scalars[start] == "[")
    }

    /// An empty flow collection's text, `{}` or `[]`; nil for anything else.
    func rangeOfEmptyFlowCollection(_ node: Node) -> Range<Int>? {
        guard isFlow(node), (node.mapping?.isEmpty ?? node.sequence?.isEmpty) == true, let mark = node.mark else { return nil }
        let start = offset(of: mark)
        let close = skippingSpaces(from: start + 1)
        guard close < scalars.count, scalars[close] == "}" || scalars[close] == "]" else { return nil }
        return start..<close + 1
    }

    /// The lines of a block mapping entry: its key's line through the last line of its value.
    /// Trailing blank lines, and comments at or left of the key's column, belong to what
    /// follows; comments indented under the key belong to the entry.
    func lines(ofEntry key: Node, value: Node) -> ClosedRange<Int> {
        let keyLine = (key.mark?.line ?? 1) - 1
        let keyIndentation = (key.mark?.column ?? 1) - 1
        // `steps:` followed by `- …` at the key's own column.
        let indentlessSequence = value.sequence != nil && !isFlow(value) && (value.mark?.column ?? 0) - 1 == keyIndentation
        var last = keyLine
        for line in keyLine + 1..<lineCount {
            let indentation = indentation(ofLine: line)
            if isBlank(line: line) || (isComment(line: line) && indentation <= keyIndentation) { continue }
            let startsItem = scalars[start(ofLine: line) + indentation] == "-"
            let continuesSequence = indentlessSequence && indentation == keyIndentation && startsItem
            guard indentation > keyIndentation || continuesSequence else { break }
            last = line
        }
        return keyLine...last
    }

    /// The offset just after the colon that follows a mapping key (a single-line scalar).
    func offsetAfterColon(of key: Node) -> Int? {
        guard let keyRange = range(ofScalar: key, parentIndentation: 0) else { return nil }
        let colon = skippingSpaces(from: keyRange.upperBound)
        guard colon < scalars.count, scalars[colon] == ":" else { return nil }
        return colon + 1
    }
}
