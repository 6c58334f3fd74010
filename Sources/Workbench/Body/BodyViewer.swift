import CourierWorkspace
import Foundation

/// The Body tab's state over a ``FormattedBody``: a cursor line, the scroll position, folded
/// objects, arrays and elements, a search and a JSON path filter. Every operation keeps the
/// cursor on a visible line and in view of the last known viewport.
package struct BodyViewer: Sendable {
    /// Searches stop counting here.
    package static let matchLimit = 100_000

    /// A search and where it is.
    package struct Search: Sendable {
        package let query: String
        /// Whether ASCII letters match either case.
        package let caseInsensitive: Bool
        /// In body order, at most ``BodyViewer/matchLimit``.
        package let matches: [BodyMatch]
        /// The match the cursor was moved to last.
        package internal(set) var current: Int?

        /// Whether the body grew, or was laid out again, since: the matches hold for the lines
        /// searched then (a body's lines do not change as more come), and the whole is searched
        /// again once complete (``BodyViewer/searchToRedo``).
        package internal(set) var isBehind = false
        /// Whether that search again was asked for (``BodyViewer/markSearchRedoing()``).
        var isRedoing = false

        /// Whether the search stopped at the limit, with more matches left uncounted.
        package var isTruncated: Bool { matches.count >= BodyViewer.matchLimit }
    }

    /// Bodies up to this size are searched on the input loop; larger ones off it (the Exchange
    /// pane does), and not again on the loop when they grow.
    package static let quickSearchBytes = 1024 * 1024

    /// The body as formatted, unfiltered.
    package private(set) var body: FormattedBody
    /// The filter's path as typed; empty without a filter.
    package internal(set) var filterText = ""
    /// Why the filter shows nothing: a path that does not parse, or a step that failed.
    package internal(set) var filterError: String?
    /// The filter waits for its result from off the input loop (a body past
    /// ``quickSearchBytes``): ``filterToRun`` says what to run, ``showFiltered(_:for:)`` takes it.
    package internal(set) var isFilterPending = false
    /// Whether that run was asked for (``markFilterRunning()``).
    var isFilterRunning = false
    /// The filter's result, shown in place of the body (``shownBody``).
    var filteredBody: FormattedBody?
    /// The line the cursor is on, in ``shownBody``.
    package private(set) var cursor = 0
    /// The first line on the screen.
    package private(set) var top = 0
    /// Columns of content scrolled off to the left.
    package private(set) var horizontalOffset = 0
    /// Lines whose fold is closed, ascending.
    package private(set) var folded: [Int] = []
    package private(set) var search: Search?
    /// Whether the cursor was sent to the bottom of a body still being laid out: it goes on to
    /// the true bottom when the rest of the body arrives, unless it is moved elsewhere first.
    package private(set) var followsEnd = false
    /// The viewport's rows as last set, to keep the cursor in view.
    package private(set) var viewportHeight = 24
    /// The viewport's columns as last set, to scroll a match into view sideways.
    package private(set) var viewportWidth = 80
    private(set) var folds = FoldMap()

    /// A viewer at the top of `body`, every fold open.
    package init(body: FormattedBody) {
        self.body = body
    }

    /// What is on the screen: the filter's result while it has one, else the body.
    package var shownBody: FormattedBody { filteredBody ?? body }

    /// Rows on the screen with the folds closed.
    package var rowCount: Int { shownBody.lineCount - folds.hiddenLineCount }

    /// Takes the complete formatting of the same body after a partial one: the view stays where
    /// it is, the search and the filter are run again.
    package mutating func replaceBody(_ newBody: FormattedBody) {
        let wasFiltered = filteredBody != nil
        let previous = body
        body = newBody
        filteredBody = nil
        if !filterText.isEmpty { runFilter(offTheLoop: true) }
        if wasFiltered || filteredBody != nil {
            resetView()
        } else {
            folded = folded.filter { shownBody.foldEnd(of: $0) != nil }
            folds = FoldMap(folded: folded, body: shownBody)
            // More lines of a body laid out from its bytes leave the earlier ones as they were,
            // and so their matches: a search of gigabytes is not run again each time, nor on the
            // input loop — the whole is searched again once complete (`searchToRedo`).
            if newBody.continues(previous) {
                if newBody.lineCount > previous.lineCount { search?.isBehind = true }
            } else if newBody.byteCount > Self.quickSearchBytes {
                search?.isBehind = true  // the same body laid out again (a spool file mapped anew)
            } else {
                rerunSearch(keepingCurrent: true)
            }
            if followsEnd {
                moveToBottom()
            } else {
                keepCursorInView()
            }
        }
    }

    /// Takes the viewport's new size, scrolling to keep the cursor in it.
    package mutating func resize(height: Int, width: Int) {
        viewportHeight = max(height, 1)
        viewportWidth = max(width, 1)
        keepCursorInView()
    }

    // MARK: Moving

    /// Moves the cursor by `rows` visible rows (negative is up).
    package mutating func moveCursor(by rows: Int) {
        followsEnd = false
        let row = min(max(folds.row(of: cursor) + rows, 0), rowCount - 1)
        cursor = folds.line(atRow: row)
        keepCursorInView()
    }

    /// Scrolls a page down, the cursor with it.
    package mutating func pageDown(height: Int) {
        followsEnd = false
        viewportHeight = max(height, 1)
        let topRow = min(folds.row(of: top) + viewportHeight, max(rowCount - viewportHeight, 0))
        top = folds.line(atRow: topRow)
        cursor = folds.line(atRow: min(folds.row(of: cursor) + viewportHeight, rowCount - 1))
        keepCursorInView()
    }

    /// Scrolls a page up, the cursor with it.
    package mutating func pageUp(height: Int) {
        followsEnd = false
        viewportHeight = max(height, 1)
        top = folds.line(atRow: max(folds.row(of: top) - viewportHeight, 0))
        cursor = folds.line(atRow: max(folds.row(of: cursor) - viewportHeight, 0))
        keepCursorInView()
    }

    /// Moves the cursor to the first line.
    package mutating func moveToTop() {
        followsEnd = false
        cursor = 0
        keepCursorInView()
    }

    /// Moves the cursor to the last visible line; in a body still being laid out, to the last
    /// line once it is (see ``followsEnd``).
    package mutating func moveToBottom() {
        followsEnd = !shownBody.isComplete
        cursor = folds.line(atRow: rowCount - 1)
        keepCursorInView()
    }

    /// Scrolls the content sideways by `columns` (negative is left), not past the left edge.
    package mutating func scrollHorizontally(by columns: Int) {
        horizontalOffset = max(horizontalOffset + columns, 0)
    }

    // MARK: Folding

    /// Opens or closes the fold the cursor line opens; on a line opening none, closes the
    /// innermost fold around it and moves the cursor to its first line.
    package mutating func toggleFold() {
        if shownBody.foldEnd(of: cursor) == nil {
            guard let opener = shownBody.enclosingFold(of: cursor) else { return }
            cursor = opener
        }
        followsEnd = false
        let index = folded.partitioningIndex { $0 >= cursor }
        if index < folded.count, folded[index] == cursor {
            folded.remove(at: index)
        } else {
            folded.insert(cursor, at: index)
        }
        foldsChanged()
    }

    /// Whether `line` opens a closed fold.
    package func isFolded(_ line: Int) -> Bool {
        let index = folded.partitioningIndex { $0 >= line }
        return index < folded.count && folded[index] == line
    }

    /// Closes every fold.
    package mutating func foldAll() {
        folded = shownBody.foldableLines
        foldsChanged()
    }

    /// Opens every fold.
    package mutating func unfoldAll() {
        folded = []
        foldsChanged()
    }

    // MARK: Searching

    /// Searches the shown body and moves to the first match at or after the cursor. Without
    /// `caseInsensitive`, the case matters only when the query has a capital letter.
    package mutating func search(_ query: String, caseInsensitive: Bool? = nil) {
        guard !query.isEmpty else {
            clearSearch()
            return
        }
        let ignoresCase = caseInsensitive ?? Self.ignoresCase(query)
        show(shownBody.matches(of: query, caseInsensitive: ignoresCase, limit: Self.matchLimit), for: query,
             caseInsensitive: ignoresCase)
    }

    /// Smart case: a query without capitals matches either case.
    package static func ignoresCase(_ query: String) -> Bool {
        !query.contains(where: \.isUppercase)
    }

    /// Shows matches found elsewhere (a large body is searched off the input loop) and
    /// moves to the first one at or after the cursor — or, `moving` false (the search run again
    /// over a body that grew), leaves the cursor where it is, on the same match.
    /// `behind`: found in fewer lines than the body has now (``Search/isBehind``).
    package mutating func show(_ matches: [BodyMatch], for query: String, caseInsensitive: Bool, moving: Bool = true, behind: Bool = false) {
        let previous = search
        search = Search(query: query, caseInsensitive: caseInsensitive, matches: matches, isBehind: behind)
        guard !matches.isEmpty else { return }
        if moving {
            moveToMatch(matches.partitioningIndex { $0.line >= cursor } % matches.count)
        } else if let previous, let current = previous.current, current < previous.matches.count {
            let match = previous.matches[current]
            let index = matches.partitioningIndex { ($0.line, $0.range.lowerBound) >= (match.line, match.range.lowerBound) }
            if index < matches.count, matches[index] == match { search?.current = index }
        }
    }

    /// A search behind its body (``Search/isBehind``) that is complete now: to run again over
    /// the whole, off the input loop. Nil once asked for (``markSearchRedoing()``).
    package var searchToRedo: (query: String, caseInsensitive: Bool)? {
        guard let search, search.isBehind, !search.isRedoing, shownBody.isComplete else { return nil }
        return (search.query, search.caseInsensitive)
    }

    /// The search again was started: ``searchToRedo`` says nothing more until its result.
    package mutating func markSearchRedoing() {
        search?.isRedoing = true
    }

    /// Forgets the search and its marks.
    package mutating func clearSearch() {
        search = nil
    }

    /// Moves to the match after the current one (after the cursor when it moved away),
    /// wrapping around to the first.
    package mutating func nextMatch() {
        guard let search, !search.matches.isEmpty else { return }
        let next: Int
        if let current = search.current, search.matches[current].line == cursor {
            next = current + 1
        } else {
            next = search.matches.partitioningIndex { $0.line > cursor }
        }
        moveToMatch(next % search.matches.count)
    }

    /// Moves to the match before the current one (before the cursor when it moved away),
    /// wrapping around to the last.
    package mutating func previousMatch() {
        guard let search, !search.matches.isEmpty else { return }
        let previous: Int
        if let current = search.current, search.matches[current].line == cursor {
            previous = current - 1
        } else {
            previous = search.matches.partitioningIndex { $0.line >= cursor } - 1
        }
        moveToMatch(previous < 0 ? search.matches.count - 1 : previous)
    }

    // MARK: Keeping things in place

    /// Back to the top of a different body, its folds open; the search runs over it.
    mutating func resetView() {
        followsEnd = false
        cursor = 0
        top = 0
        horizontalOffset = 0
        folded = []
        folds = FoldMap()
        rerunSearch(keepingCurrent: false)
        keepCursorInView()
    }

    private mutating func rerunSearch(keepingCurrent: Bool) {
        guard let previous = search else { return }
        if shownBody.byteCount > Self.quickSearchBytes {
            // Another body (a filter's result, or the whole again): none of the matches hold, and
            // a large one is searched off the input loop (``searchToRedo``).
            search = Search(query: previous.query, caseInsensitive: previous.caseInsensitive, matches: [], isBehind: true)
            return
        }
        let matches = shownBody.matches(of: previous.query, caseInsensitive: previous.caseInsensitive, limit: Self.matchLimit)
        search = Search(query: previous.query, caseInsensitive: previous.caseInsensitive, matches: matches)
        if keepingCurrent, let current = previous.current, current < matches.count { search?.current = current }
    }

    private mutating func foldsChanged() {
        folds = FoldMap(folded: folded, body: shownBody)
        keepCursorInView()
    }

    /// Moves the cursor to match `index`, opening the folds hiding it and scrolling it into view,
    /// sideways too.
    private mutating func moveToMatch(_ index: Int) {
        guard let match = search?.matches[index] else { return }
        followsEnd = false
        search?.current = index
        let hiding = folded.isEmpty ? [] : shownBody.enclosingFolds(of: match.line).filter(isFolded)
        if !hiding.isEmpty {
            folded.removeAll { hiding.contains($0) }
            folds = FoldMap(folded: folded, body: shownBody)
        }
        cursor = match.line
        scrollSideways(toShow: match)
        keepCursorInView()
    }

    private mutating func scrollSideways(toShow match: BodyMatch) {
        let contentWidth = viewportWidth - gutterWidth(for: shownBody)
        let content = shownBody.content(of: match.line, byteLimit: match.range.upperBound)
        let indentation = shownBody.depth(of: match.line) * FormattedBody.indentWidth
        func columns(_ bytes: ArraySlice<UInt8>) -> Int {
            DisplayWidth.of(DisplayWidth.sanitized(String(decoding: bytes, as: UTF8.self)))
        }
        let start = indentation + columns(content[..<min(match.range.lowerBound, content.count)])
        let end = indentation + columns(content[...])
        if start < horizontalOffset || end > horizontalOffset + contentWidth {
            horizontalOffset = end <= contentWidth ? 0 : max(start - contentWidth / 4, 0)
        }
    }

    /// Puts the cursor on a visible line and scrolls it into the viewport.
    private mutating func keepCursorInView() {
        cursor = folds.line(atRow: folds.row(of: min(max(cursor, 0), shownBody.lineCount - 1)))
        top = folds.line(atRow: topRow(height: viewportHeight))
    }

    /// The first row shown in a viewport `height` rows tall: where it was, moved as little as
    /// keeps the cursor in it, and no further down than leaves the viewport full.
    func topRow(height: Int) -> Int {
        let height = max(height, 1)
        let cursorRow = folds.row(of: cursor)
        var row = min(folds.row(of: top), cursorRow)
        if cursorRow >= row + height { row = cursorRow - height + 1 }
        return max(min(row, rowCount - height), 0)
    }
}
