import CourierWorkspace
import Courier
import Foundation

extension AppModel {
    /// The Requests pane: the filter line when filtering, then the window of the tree that
    /// holds the selection.
    func requestsPane(in rect: Rect, now: Date, frame: inout Frame) -> PaneFrame {
        let focused = focus == .requests
        let content = rect.inner
        var lines: [StyledLine] = []
        var filterEditor: LineEditor?
        if case .treeFilter(let editor) = mode { filterEditor = editor }
        if var editor = filterEditor {
            let view = editor.view(width: content.width - 2)
            lines.append(StyledLine([Span("/ ", .accent)] + view.line.spans))
            frame.cursor = Frame.Cursor(row: content.row, column: content.column + 2 + view.cursorColumn)
        } else if !tree.filter.isEmpty {
            lines.append(StyledLine.build { $0.append("/ ", .accent); $0.append(tree.filter, .strong); $0.append("  Esc clears", .dim) })
        }
        let height = max(0, content.height - lines.count)
        if tree.selection < treeScroll { treeScroll = tree.selection }
        if tree.selection >= treeScroll + height { treeScroll = tree.selection - height + 1 }
        treeScroll = max(0, min(treeScroll, max(0, tree.rows.count - height)))
        let window = tree.rows[min(treeScroll, tree.rows.count)..<min(tree.rows.count, treeScroll + height)]
        for (offset, row) in window.enumerated() {
            let highlight: RowHighlight = treeScroll + offset == tree.selection ? (focused ? .selected : .selectedUnfocused) : .none
            lines.append(treeLine(row, width: content.width, now: now).highlighted(highlight))
        }
        if tree.rows.isEmpty {
            lines.append(StyledLine(tree.filter.isEmpty ? " The workspace has no requests: n adds one." : " Nothing matches.", .dim))
        }
        var extra = "· env \(environment ?? "none")"
        if reloadError != nil { extra += " · file invalid" }
        return PaneFrame(pane: .requests, rect: rect, title: title(.requests, extra, focused: focused), isFocused: focused,
                         lines: lines, badge: tree.marks.isEmpty ? nil : StyledLine("\(tree.marks.count) marked", .accent),
                         footer: tree.rows.count > height ? StyledLine("\(tree.selection + 1)/\(tree.rows.count)", .dim) : nil)
    }

    /// One row of the tree: fold marker, method badge, name and what its last send did.
    private func treeLine(_ row: RequestTree.Row, width: Int, now: Date) -> StyledLine {
        var left = StyledLine(String(repeating: " ", count: 1 + max(0, row.depth - 1) * 2))
        if row.isFoldable {
            left.append((row.isFolded ? glyphs.collapsed : glyphs.expanded) + " ", .dim)
        } else if let name = row.node.requestName, tree.marks.contains(name) {
            left.append(glyphs.bullet + " ", .accent)
        } else if row.depth > 0 {
            left.append("  ")
        }
        var right = StyledLine()
        switch row.node {
        case .section(let section):
            left.append(section.rawValue.uppercased(), .strong)
            let count = switch section {
            case .requests: workspace.requestNames.count + orphanedDraftNames.count
            case .batches: workspace.batchNames.count
            case .chains: workspace.chainNames.count
            }
            left.append("  \(count)", .dim)
        case .request(let name):
            appendRequest(name, matched: row.matched, to: &left, right: &right, now: now)
        case .batchMember(_, _, let name):
            appendRequest(name, matched: [], to: &left, right: &right, now: now)
        case .batch(let name):
            left.append(FuzzyMatch.highlighted(name, positions: row.matched, style: .plain))
            left.append("  batch · \(workspace.requestNames(inBatch: name).count)", .dim)
        case .chain(let name):
            left.append(FuzzyMatch.highlighted(name, positions: row.matched, style: .plain))
            let steps = workspace.chains[name]?.steps.count ?? 0
            left.append("  chain · \(steps) steps", .dim)
            if let run = latestChainRun(named: name) { right = chainStatus(run, now: now) }
        case .stepMember(let chain, let step, let member, let name):
            let definition = workspace.chains[chain]?.steps[step]
            let parallel = definition?.isParallel == true
            left.append(member == 0 ? "\(step + 1) " : "  ", .dim)
            if parallel { left.append(glyphs.parallel + " ", .dim) }
            appendRequest(name, matched: [], to: &left, right: &right, now: now)
            if member == 0, let conditions = definition?.conditions, !conditions.isEmpty {
                left.append("  when " + conditions.map(\.text).joined(separator: " and "), .dim)
            }
        }
        let room = max(0, width - right.width - (right.spans.isEmpty ? 0 : 1))
        var line = left.truncated(to: room).padded(to: room)
        if !right.spans.isEmpty {
            line.append(" ")
            line.append(right)
        }
        return line
    }

    private func appendRequest(_ name: String, matched: [Int], to left: inout StyledLine, right: inout StyledLine, now: Date) {
        let method = effectiveDefinition(of: name)?.method.rawValue ?? "?"
        left.append(DisplayWidth.padded(method, to: 7), Style.method(method))
        left.append(FuzzyMatch.highlighted(name, positions: matched, style: .plain))
        if dirtyDraftNames.contains(name) { left.append(" ✎", .marker) }
        if draftOrigins[name]?.conflict != nil { left.append(" conflict", .warning) }
        if hasFreshCacheEntry(name) { right.append(glyphs.bullet, .badge) }
        if let exchange = exchanges[name] {
            if !right.spans.isEmpty { right.append(" ") }
            right.append(exchangeBadge(exchange, now: now))
        }
    }

    /// How the last send went, in a few columns: a spinner, the status, or the error code.
    func exchangeBadge(_ exchange: Exchange, now: Date) -> StyledLine {
        if exchange.isInFlight { return StyledLine(glyphs.spinner(at: now), .accent) }
        if exchange.isCancelled { return StyledLine(glyphs.cancelled, .dim) }
        if let error = exchange.request.error {
            return StyledLine("\(glyphs.failure) \(error.code.rawValue)", .failure)
        }
        guard exchange.stoppedAt != nil else { return StyledLine() }
        return StyledLine("\(exchange.request.responseStatusCode)", .success)
    }

    private func chainStatus(_ run: RunRecord, now: Date) -> StyledLine {
        guard let snapshot = run.chainSnapshot else { return StyledLine() }
        if let step = run.pausedStep {
            return StyledLine("\(glyphs.paused) \(step.index + 1)/\(snapshot.steps.count)", .warning)
        }
        if snapshot.isRunning {
            return StyledLine("\(glyphs.spinner(at: now)) \((snapshot.currentIndex ?? 0) + 1)/\(snapshot.steps.count)", .accent)
        }
        return run.failed ? StyledLine(glyphs.failure, .failure) : StyledLine(glyphs.success, .success)
    }

    /// Whether the request has an entry the cache would answer from now (looked up once per
    /// change, and only for rows on screen).
    func hasFreshCacheEntry(_ name: String) -> Bool {
        if let known = cacheMarkers[name] { return known }
        guard let definition = effectiveDefinition(of: name), definition.cache != nil else {
            cacheMarkers[name] = false
            return false
        }
        let fresh = ResponseCache.explain(session.makeRequest(definition)).isHit
        cacheMarkers[name] = fresh
        return fresh
    }
}
