/// The selection and window of a list — every list pane's and the tree's: which row is
/// selected and which row the window starts at, kept between frames so the list does not
/// jump. Moving takes the window's height (the shell knows it from the layout), so drawing
/// only reads ``window(height:)`` and never writes.
package struct ListCursor: Sendable, Equatable {
    /// Which end, if any, the selection sticks to as rows come and go while it sits there:
    /// the newest activity, as `tail -f` follows a file.
    package enum Follow: Sendable, Equatable {
        case none, top, bottom
    }

    package private(set) var selection = 0
    /// The first row of the window.
    package private(set) var top = 0
    package private(set) var count = 0
    package let follow: Follow

    package init(follow: Follow = .none) {
        self.follow = follow
    }

    /// Whether the selection sits at the end it follows.
    package var isFollowing: Bool {
        switch follow {
        case .none: return false
        case .top: return selection == 0
        case .bottom: return count == 0 || selection == count - 1
        }
    }

    /// The rows changed: `count` of them now, the selected one at `index` when it is still
    /// there (else the selection stays where it was, within the rows). A following
    /// selection stays at its end.
    package mutating func reset(count: Int, selecting index: Int?) {
        let following = isFollowing
        self.count = count
        if following, follow == .bottom {
            selection = max(0, count - 1)
        } else if following {
            selection = 0
        } else if let index {
            selection = index
        }
        selection = min(selection, max(0, count - 1))
    }

    /// Moves by `offset` rows (negative: up), keeping the selection in a window of `height`.
    package mutating func move(by offset: Int, height: Int) {
        select(selection + offset, height: height)
    }

    /// Selects row `index` (clamped) and brings it into a window of `height`.
    package mutating func select(_ index: Int, height: Int) {
        selection = min(max(0, count - 1), max(0, index))
        top = Self.top(selection: selection, scroll: top, height: height, count: count)
    }

    /// A click on the `row`-th row of the window; false when no row is there.
    @discardableResult
    package mutating func click(windowRow row: Int, height: Int) -> Bool {
        let index = window(height: height).lowerBound + row
        guard row >= 0, index < count else { return false }
        select(index, height: height)
        return true
    }

    /// Carries out a moving action (up, down, pages, top, bottom); false for any other.
    package mutating func perform(_ action: Action, height: Int) -> Bool {
        let page = max(1, height - 1)
        switch action {
        case .up: move(by: -1, height: height)
        case .down: move(by: 1, height: height)
        case .pageUp: move(by: -page, height: height)
        case .pageDown: move(by: page, height: height)
        case .halfPageUp: move(by: -max(1, page / 2), height: height)
        case .halfPageDown: move(by: max(1, page / 2), height: height)
        case .top: select(0, height: height)
        case .bottom: select(count - 1, height: height)
        default: return false
        }
        return true
    }

    /// The rows a window of `height` shows: from where it was, moved as little as keeps the
    /// selection in it.
    package func window(height: Int) -> Range<Int> {
        let first = Self.top(selection: selection, scroll: top, height: height, count: count)
        return first..<min(count, first + max(0, height))
    }

    /// The first row to show so that `selection` is on screen, moving as little as possible.
    private static func top(selection: Int, scroll: Int, height: Int, count: Int) -> Int {
        guard height > 0 else { return 0 }
        var top = scroll
        if selection < top { top = selection }
        if selection >= top + height { top = selection - height + 1 }
        return max(0, min(top, max(0, count - height)))
    }
}
