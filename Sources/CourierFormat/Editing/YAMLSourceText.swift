import Yams

/// A YAML file's text addressed as libyaml marks count it: 1-based lines, and columns in
/// Unicode scalars. Offsets index ``scalars``; line numbers here are 0-based.
struct YAMLSourceText {
    let scalars: [Unicode.Scalar]
    /// The offset of each line's first scalar.
    let lineStarts: [Int]

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var starts = [0]
        for (offset, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(offset + 1) }
        lineStarts = starts
    }

    var lineCount: Int { lineStarts.count }

    func offset(of mark: Mark) -> Int { lineStarts[mark.line - 1] + mark.column - 1 }

    func line(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    func start(ofLine line: Int) -> Int { lineStarts[line] }

    /// Where a line's text ends: at its newline, or at the end of the text.
    func contentEnd(ofLine line: Int) -> Int {
        line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : scalars.count
    }

    /// Where the next line starts (the end of the text after the last line).
    func end(ofLine line: Int) -> Int {
        line + 1 < lineStarts.count ? lineStarts[line + 1] : scalars.count
    }

    /// Whether a line ends with a newline (the last line of a file may not).
    func hasNewline(line: Int) -> Bool { line + 1 < lineStarts.count }

    func text(_ range: Range<Int>) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[range])
        return String(result)
    }

    func lineText(_ line: Int) -> String { text(start(ofLine: line)..<contentEnd(ofLine: line)) }

    /// The spaces before a line's first other character.
    func indentation(ofLine line: Int) -> Int {
        var offset = start(ofLine: line)
        let end = contentEnd(ofLine: line)
        while offset < end, scalars[offset] == " " { offset += 1 }
        return offset - start(ofLine: line)
    }

    func isBlank(line: Int) -> Bool {
        scalars[start(ofLine: line)..<contentEnd(ofLine: line)].allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }

    func isComment(line: Int) -> Bool {
        let first = start(ofLine: line) + indentation(ofLine: line)
        return first < contentEnd(ofLine: line) && scalars[first] == "#"
    }

    /// The first offset at or after `offset` whose scalar is not a space.
    func skippingSpaces(from offset: Int) -> Int {
        var offset = offset
        while offset < scalars.count, scalars[offset] == " " { offset += 1 }
        return offset
    }

    /// Whether any of the lines holds a comment. Quotes are only recognized where a scalar can
    /// start, so an apostrophe inside a plain scalar does not hide a comment after it.
    func hasComment(lines: ClosedRange<Int>) -> Bool {
        lines.contains { line in
            var quote: Unicode.Scalar?
            var previous: Unicode.Scalar = " "
            var offset = start(ofLine: line)
            while offset < contentEnd(ofLine: line) {
                let scalar = scalars[offset]
                if let open = quote {
                    if scalar == "\\", open == "\"" { offset += 1 } else if scalar == open { quote = nil }
                } else if scalar == "#", previous == " " || previous == "\t" {
                    return true
                } else if scalar == "\"" || scalar == "'", " :-[{,".unicodeScalars.contains(previous) {
                    quote = scalar
                }
                previous = scalar
                offset += 1
            }
            return false
        }
    }
}
