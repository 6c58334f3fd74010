import CourierWorkspace
import Courier
import Foundation

/// The stream view's state over a streamed response's events: the newest ``capacity`` events
/// kept (the rest counted as let go), following the newest (tail) until moved up, paused
/// (the screen and its events stay as they were; new ones are counted and wait, the newest
/// ``capacity``, until it goes on), each event folded to one line or unfolded, a search and a
/// JSON path filter across the events.
///
/// Events are known by their position: the number of events appended before them. Positions
/// stay put as old events are let go, so the cursor, the unfolded events, the search's and the
/// filter's results are kept as positions.
package struct StreamView: Sendable {
    /// Events whose data has more lines than this are folded to one line until unfolded.
    package static let foldLimit = 3

    /// The most events kept.
    package let capacity: Int
    /// The kept events are `storage[head...]`; the storage is compacted now and then, so that
    /// letting an event go costs nothing per event.
    private var storage: [StreamEvent] = []
    private var head = 0
    /// The position of `storage[head]`.
    package private(set) var firstPosition = 0
    /// The engine's number of the newest event appended: how many the stream delivered.
    package private(set) var lastSequence = 0
    /// Whether the view shows the newest events as they come (tail).
    package private(set) var isFollowing = true
    /// While paused: the sequence of the newest event shown.
    package private(set) var pausedAt: Int?
    /// Events that arrived while paused (the newest ``capacity``), shown when it goes on.
    private var waiting: [StreamEvent] = []
    /// The selected event's position (while following, the newest shown).
    private var cursorPosition = 0
    /// The first event drawn while not following.
    private(set) var topPosition = 0
    /// Events whose fold is the other way than their default (see ``foldLimit``).
    private var toggled: Set<Int> = []
    package private(set) var search: StreamSearch?
    /// The filter's JSON path as typed; empty without one.
    package private(set) var filterText = ""
    /// Why the filter's path does not parse.
    package private(set) var filterError: String?
    private var filterPath: JSONPath?
    /// With a filter: the positions of the events it matches, ascending.
    private var filtered: [Int] = []
    /// How the stream ended (`ended`, `stopped`, an error), once it did.
    package private(set) var ending: String?
    /// Widest event name and id seen, for the columns (bounded); a session's messages name
    /// their kind in their row instead (`close 1000 bye`).
    private(set) var nameWidth = 0
    private(set) var idWidth = 0
    /// Whether a message with a direction came: the `→` / `←` column.
    private(set) var showsDirections = false
    /// The kind of the events (the noun of counts).
    package private(set) var kind: StreamEvent.Kind?
    /// Rows of the viewport as last laid out, for paging.
    package private(set) var viewportHeight = 20

    package init(capacity: Int = StreamLimits().keptEvents) {
        self.capacity = max(1, capacity)
    }

    // MARK: Counts

    /// Events kept.
    package var keptCount: Int { storage.count - head }
    /// Events the stream delivered that are no longer kept.
    package var letGo: Int { max(0, lastSequence - keptCount - waiting.count) }
    /// Events delivered since the view was paused.
    package var unseenWhilePaused: Int { pausedAt.map { lastSequence - $0 } ?? 0 }
    package var isPaused: Bool { pausedAt != nil }
    /// The position after the newest event kept.
    var endPosition: Int { firstPosition + keptCount }

    /// The event at `position`, while it is kept.
    package func event(at position: Int) -> StreamEvent? {
        guard position >= firstPosition, position < endPosition else { return nil }
        return storage[head + position - firstPosition]
    }

    // MARK: The events shown

    /// How many events are shown: kept and matching the filter.
    package var shownCount: Int { filterPath == nil ? keptCount : filtered.count }

    /// The position of the `index`th event shown.
    func shownPosition(_ index: Int) -> Int {
        filterPath == nil ? firstPosition + index : filtered[index]
    }

    /// The index among those shown of the first event at or after `position`.
    func shownIndex(atOrAfter position: Int) -> Int {
        filterPath == nil ? max(0, position - firstPosition) : filtered.partitioningIndex { $0 >= position }
    }

    /// The selected event's index among those shown; nil when none is shown.
    package var cursorIndex: Int? {
        let count = shownCount
        guard count > 0 else { return nil }
        return isFollowing ? count - 1 : min(shownIndex(atOrAfter: cursorPosition), count - 1)
    }

    /// The selected event's position.
    var cursor: Int? { cursorIndex.map(shownPosition) }

    /// The selected event.
    package var selectedEvent: StreamEvent? { cursor.flatMap(event(at:)) }

    // MARK: Events arriving

    /// Appends events in order; those already appended (by sequence) are skipped, so the
    /// request's kept events can be appended again when it stops. Lets the oldest go past
    /// ``capacity``.
    package mutating func append(_ events: some Sequence<StreamEvent>) {
        for event in events where event.sequence > lastSequence {
            lastSequence = event.sequence
            kind = kind ?? event.kind
            if event.kind != .message { nameWidth = min(12, max(nameWidth, event.name?.count ?? 0)) }
            idWidth = min(10, max(idWidth, event.id?.count ?? 0))
            showsDirections = showsDirections || event.direction != nil
            if isPaused { waiting.append(event) } else { keep(event) }
        }
        if waiting.count > capacity + capacity / 2 { waiting.removeFirst(waiting.count - capacity) }
        letOldestGo()
    }

    private mutating func keep(_ event: StreamEvent) {
        let position = endPosition
        storage.append(event)
        if let filterPath, StreamEventText.matches(event, filter: filterPath) { filtered.append(position) }
        if let query = search, query.matches(event) { search?.positions.append(position) }
    }

    /// The stream ended: `summary` says how (`ended`, `stopped`, an error).
    package mutating func finish(_ summary: String) {
        ending = summary
    }

    private mutating func letOldestGo() {
        let overflow = keptCount - capacity
        guard overflow > 0 else { return }
        head += overflow
        firstPosition += overflow
        if head >= max(64, capacity / 2) {
            storage.removeFirst(head)
            head = 0
        }
        if !filtered.isEmpty, filtered[0] < firstPosition { filtered.removeFirst(filtered.partitioningIndex { $0 >= firstPosition }) }
        if let positions = search?.positions, let first = positions.first, first < firstPosition {
            search?.positions.removeFirst(positions.partitioningIndex { $0 >= firstPosition })
        }
        if !toggled.isEmpty { toggled = toggled.filter { $0 >= firstPosition } }
        cursorPosition = max(cursorPosition, firstPosition)
        topPosition = max(topPosition, firstPosition)
    }

    // MARK: Keys

    /// `p`: stops the screen where it is (events go on being counted and wait), or lets it go
    /// on with the events that waited.
    package mutating func togglePause() {
        guard isPaused else {
            pausedAt = lastSequence
            return
        }
        pausedAt = nil
        for event in waiting { keep(event) }
        waiting = []
        letOldestGo()
        if !isFollowing { keepCursorInView() }
    }

    /// `G`: back to following the newest event.
    package mutating func follow() {
        isFollowing = true
    }

    /// Moves the selection by `rows` events (negative is up); moving stops following.
    package mutating func moveCursor(by rows: Int) {
        guard let index = cursorIndex else { return }
        if rows == 0 { return }
        stopFollowing()
        cursorPosition = shownPosition(min(max(index + rows, 0), shownCount - 1))
        keepCursorInView()
    }

    /// `g`: the oldest event kept.
    package mutating func moveToTop() {
        guard shownCount > 0 else { return }
        stopFollowing()
        cursorPosition = shownPosition(0)
        topPosition = cursorPosition
    }

    /// Enter: unfolds or folds the selected event.
    package mutating func toggleFold() {
        guard let cursor else { return }
        if toggled.remove(cursor) == nil { toggled.insert(cursor) }
        if !isFollowing { keepCursorInView() }
    }

    /// Whether the event at `position` shows all its lines (one with few lines does by default).
    func isUnfolded(_ position: Int, lineCount: Int) -> Bool {
        (lineCount <= Self.foldLimit) != toggled.contains(position)
    }

    private mutating func stopFollowing() {
        guard isFollowing else { return }
        isFollowing = false
        cursorPosition = cursor ?? firstPosition
        topPosition = firstShownOnScreen()
    }

    // MARK: Searching and filtering

    /// `/`: marks the events whose data, name or id contain `query` and selects the first at
    /// or after the selection; an empty query clears the search. Smart case, as in the body.
    package mutating func search(_ query: String) {
        guard !query.isEmpty else {
            search = nil
            return
        }
        var found = StreamSearch(query: query, caseInsensitive: BodyViewer.ignoresCase(query))
        found.positions = (firstPosition..<endPosition).filter { found.matches(event(at: $0)!) }
        search = found
        if let cursor, let next = found.positions.first(where: { $0 >= cursor && isShown($0) }) ?? found.positions.first(where: isShown) {
            select(next)
        }
    }

    /// `n` / `N`: the next or previous matching event, wrapping around.
    package mutating func nextMatch(forward: Bool = true) {
        guard let search, let cursor else { return }
        let shown = search.positions.filter(isShown)
        guard !shown.isEmpty else { return }
        let next = forward ? shown.first { $0 > cursor } ?? shown[0] : shown.last { $0 < cursor } ?? shown[shown.count - 1]
        select(next)
    }

    /// The search's matches among the events shown.
    package var shownMatchCount: Int { search?.positions.filter(isShown).count ?? 0 }

    /// `f`: shows only the events the JSON path leads somewhere in, and of each only the value
    /// it leads to; empty text clears the filter.
    package mutating func applyFilter(_ text: String) {
        let path = text.trimmingCharacters(in: .whitespaces)
        filterError = nil
        guard !path.isEmpty else {
            filterText = ""
            filterPath = nil
            filtered = []
            return
        }
        filterText = path
        do {
            let parsed = try JSONPath(parsing: path)
            filterPath = parsed
            filtered = (firstPosition..<endPosition).filter { StreamEventText.matches(event(at: $0)!, filter: parsed) }
        } catch {
            filterError = error.reason
            filterPath = nil
            filtered = []
        }
        if !isFollowing, shownCount > 0 { select(shownPosition(min(shownIndex(atOrAfter: cursorPosition), shownCount - 1))) }
    }

    /// The filter's path when one applies.
    var activeFilter: JSONPath? { filterPath }

    private func isShown(_ position: Int) -> Bool {
        guard position >= firstPosition, position < endPosition else { return false }
        guard filterPath != nil else { return true }
        let index = filtered.partitioningIndex { $0 >= position }
        return index < filtered.count && filtered[index] == position
    }

    private mutating func select(_ position: Int) {
        stopFollowing()
        cursorPosition = position
        keepCursorInView()
    }

    // MARK: The viewport

    /// Takes the viewport's height, scrolling to keep the selected event on screen.
    package mutating func resize(height: Int) {
        viewportHeight = max(1, height)
        keepCursorInView()
    }

    /// While not following: the top moves so that the selected event is on screen.
    private mutating func keepCursorInView() {
        guard !isFollowing, let cursorIndex else { return }
        var topIndex = min(shownIndex(atOrAfter: topPosition), cursorIndex)
        var rows = (topIndex...cursorIndex).reduce(0) { $0 + rowCount(of: shownPosition($1)) }
        while rows > viewportHeight, topIndex < cursorIndex {
            rows -= rowCount(of: shownPosition(topIndex))
            topIndex += 1
        }
        topPosition = shownPosition(topIndex)
    }

    /// Rows the event at `position` takes on screen.
    func rowCount(of position: Int) -> Int {
        guard let event = event(at: position), let text = StreamEventText(event, filter: filterPath) else { return 1 }
        return isUnfolded(position, lineCount: text.lines.count) ? text.lines.count : 1
    }

    /// The index of the first event on screen when following: as many of the newest as fill it.
    private func firstShownOnScreen() -> Int {
        let count = shownCount
        guard count > 0 else { return firstPosition }
        var index = count - 1
        var rows = rowCount(of: shownPosition(index))
        while index > 0 {
            let above = rowCount(of: shownPosition(index - 1))
            guard rows + above <= viewportHeight else { break }
            rows += above
            index -= 1
        }
        return shownPosition(index)
    }

    /// The events drawn, from the first on screen, as positions.
    func positionsOnScreen() -> [Int] {
        let count = shownCount
        guard count > 0 else { return [] }
        var index = shownIndex(atOrAfter: isFollowing ? firstShownOnScreen() : topPosition)
        var positions: [Int] = []
        var rows = 0
        while index < count, rows < viewportHeight {
            let position = shownPosition(index)
            positions.append(position)
            rows += rowCount(of: position)
            index += 1
        }
        return positions
    }
}

/// A search across a stream's events: the query and the positions of the events it matches.
package struct StreamSearch: Sendable {
    package let query: String
    package let caseInsensitive: Bool
    /// Ascending.
    package internal(set) var positions: [Int] = []

    /// Whether the event's data, name or id contain the query.
    func matches(_ event: StreamEvent) -> Bool {
        let options: String.CompareOptions = caseInsensitive ? [.caseInsensitive] : []
        return event.text.range(of: query, options: options) != nil
            || event.name?.range(of: query, options: options) != nil || event.id?.range(of: query, options: options) != nil
    }
}
