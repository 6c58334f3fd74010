import CourierWorkspace

/// A run of a line's content in one style: a range of its UTF-8 bytes.
struct StyleRun: Sendable, Hashable {
    var range: Range<Int>
    var style: Style
}

/// Collects the runs of a line from left to right, merging neighbours of one style.
struct StyleRunBuilder {
    private(set) var runs: [StyleRun] = []

    mutating func add(_ range: Range<Int>, _ style: Style) {
        guard !range.isEmpty else { return }
        if let last = runs.last, last.style == style, last.range.upperBound == range.lowerBound {
            runs[runs.count - 1].range = last.range.lowerBound..<range.upperBound
        } else {
            runs.append(StyleRun(range: range, style: style))
        }
    }
}

extension [StyleRun] {
    /// The runs with `highlights` (ascending, not overlapping) laid over them: where a highlight
    /// covers bytes, its style replaces theirs.
    func overlaid(with highlights: [StyleRun]) -> [StyleRun] {
        guard !highlights.isEmpty else { return self }
        var result = StyleRunBuilder()
        var next = 0
        for run in self {
            var position = run.range.lowerBound
            while position < run.range.upperBound {
                while next < highlights.count, highlights[next].range.upperBound <= position { next += 1 }
                if next < highlights.count, highlights[next].range.lowerBound <= position {
                    let end = Swift.min(run.range.upperBound, highlights[next].range.upperBound)
                    result.add(position..<end, highlights[next].style)
                    position = end
                } else {
                    let end = next < highlights.count ? Swift.min(run.range.upperBound, highlights[next].range.lowerBound) : run.range.upperBound
                    result.add(position..<end, run.style)
                    position = end
                }
            }
        }
        return result.runs
    }

    /// The spans of `content` these runs describe.
    func spans(of content: [UInt8]) -> [Span] {
        map { run in Span(String(decoding: content[run.range], as: UTF8.self), run.style) }
    }
}
