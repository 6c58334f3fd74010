import CourierWorkspace

/// A method as the lists and the composer show it: coloured by method, in a column eight wide
/// so that every standard method (`OPTIONS` the longest) keeps a space after it; a longer
/// token (`PROPFIND`, a custom one) is cut with `…` rather than run into the name.
enum MethodBadge {
    static let width = 8

    static func spans(_ method: String) -> StyledLine {
        StyledLine(DisplayWidth.padded(DisplayWidth.truncated(method, to: width - 1), to: width), Style.method(method))
    }
}
