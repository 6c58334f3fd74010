import CourierWorkspace

extension StyledLine {
    /// The line without its first `columns` columns, as when scrolled right. A wide character
    /// cut in two leaves a space for its visible half, so the columns after it stay in place.
    func droppingColumns(_ columns: Int) -> StyledLine {
        guard columns > 0 else { return self }
        var result = StyledLine(highlight: highlight)
        var remaining = columns
        for span in spans {
            if remaining == 0 {
                result.spans.append(span)
            } else if span.width <= remaining {
                remaining -= span.width
            } else {
                let scalars = span.text.unicodeScalars
                var index = scalars.startIndex
                var dropped = 0
                while dropped < remaining {
                    dropped += DisplayWidth.of(scalars[index])
                    index = scalars.index(after: index)
                }
                // Marks that combined with a dropped character go with it.
                while index < scalars.endIndex, DisplayWidth.of(scalars[index]) == 0 { index = scalars.index(after: index) }
                result.append(String(repeating: " ", count: dropped - remaining) + String(scalars[index...]), span.style)
                remaining = 0
            }
        }
        return result
    }
}
