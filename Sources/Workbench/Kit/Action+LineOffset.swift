extension Action {
    /// How many lines a moving action goes by in a view `page` lines high (up negative): a
    /// line, a page, half a page; nil for any other action.
    func lineOffset(page: Int) -> Int? {
        switch self {
        case .up: -1
        case .down: 1
        case .pageUp: -page
        case .pageDown: page
        case .halfPageUp: -max(1, page / 2)
        case .halfPageDown: max(1, page / 2)
        default: nil
        }
    }
}
