import CourierWorkspace
import Courier
import Foundation

/// What the Requests pane reads of the workbench to draw its rows: the workspace and the
/// session's state of each request. ``WorkbenchSession`` provides it; the pane never writes
/// through it.
protocol RequestsSource: AnyObject {
    var workspace: Workspace { get }
    var environment: String? { get }
    var reloadError: WorkspaceError? { get }
    /// Requests gone from the file whose unsaved edits are kept.
    var orphanedDraftNames: [String] { get }
    /// The method of the request as it would be sent (its unsaved edit included).
    func method(of name: String) -> String
    /// The kind of call a `grpc:` request makes, once its schema is known.
    func callKind(of name: String) -> GRPCMethodKind?
    func hasUnsavedEdit(_ name: String) -> Bool
    func hasConflict(_ name: String) -> Bool
    /// Whether the cache would answer the request now, as last judged (nil: not judged yet).
    func cacheMarker(_ name: String) -> Bool?
    func latestExchange(of name: String) -> Exchange?
    /// The batches and chains started, newest first.
    var runs: RunLog { get }
    /// The workspace file's name.
    var fileName: String { get }
    /// `base`, or `base-2`, `base-3`… when a request has that name.
    func uniqueName(_ base: String) -> String
}

/// The Requests pane: the workspace's requests, batches and chains as a tree — folding, a
/// fuzzy filter (`/`), marks for an ad-hoc batch (Space) — and what each one's last send did.
/// Sending and editing the file are the session's: the pane asks for them as ``PaneWork``.
final class RequestsPane: Pane, SelectionHolding {
    let scope = KeyMap.Scope.requests
    private(set) var tree: RequestTree
    private var filter = TypedFilter(mark: "/")
    unowned let source: any RequestsSource

    var isTyping: Bool { filter.isTyping }

    init(environment: PaneEnvironment) {
        source = environment.source
        tree = RequestTree(workspace: source.workspace)
    }

    // MARK: - What the shell tells it

    func hear(_ message: PaneMessage, context: PaneContext) -> [PaneWork] {
        switch message {
        case .workspaceReloaded(let workspace, let orphans):
            tree.update(workspace: workspace, orphans: orphans)
        case .select(let node):
            // Only where the filter and folds let it show.
            return tree.select(node) ? [.selectionChanged] : []
        case .chainStepStarted(let node):
            guard case .stepMember(let chain, _, _, _) = node, tree.selectedNode?.chainName == chain, tree.selectedNode != node else { break }
            return tree.select(node) ? [.selectionChanged] : []
        case .reveal(let node):
            reveal(node)
        case .foldSelectedSection:
            toggleSection()
        default:
            break
        }
        return []
    }

    /// Selects `node` whatever the filter and the folds: clears the one, opens the others.
    private func reveal(_ node: RequestTree.Node) {
        if !tree.filter.isEmpty {
            _ = filter.clear()
            tree.setFilter("")
        }
        if !tree.select(node) {
            tree.expandAll()
            tree.select(node)
        }
    }

    /// Takes the marks for an ad-hoc batch, clearing them.
    func takeMarks() -> [String] {
        defer { tree.clearMarks() }
        return tree.marks
    }

    /// Enter on a section row: folds or unfolds it.
    private func toggleSection() {
        if tree.selectedRow?.isFolded == true { tree.expand() } else { tree.collapse() }
    }

    // MARK: - Keys

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        let before = tree.selectedNode
        let height = listHeight(context)
        switch action {
        case .left: tree.collapse(height: height)
        case .right: tree.expand(height: height)
        case .up: tree.move(by: -1, height: height)
        case .down: tree.move(by: 1, height: height)
        case .pageUp, .pageDown, .halfPageUp, .halfPageDown:
            let page = max(1, height - 1)
            let step = action == .pageUp || action == .pageDown ? page : max(1, page / 2)
            tree.move(by: action == .pageUp || action == .halfPageUp ? -step : step, height: height)
        case .top: tree.moveToTop(height: height)
        case .bottom: tree.moveToBottom(height: height)
        case .filter:
            tree.setFilter("")
            _ = filter.begin()
        case .toggleMark:
            guard let name = tree.toggleMark() else { return [.say("Space marks requests to send together; select a request", .warning)] }
            tree.move(by: 1, height: height)
            let text = tree.marks.contains(name) ? "\(tree.marks.count) marked — Enter sends them together, Esc clears" : "unmarked \(name)"
            return [.say(text, .info)] + selectionWork(before)
        case .duplicate, .rename, .delete:
            return ask(action)
        default:
            // Sending, running and editing the file: the session carries them out.
            return [.workspace(action)]
        }
        return selectionWork(before)
    }

    /// `D`, `r`, `d` on a request: a name for its copy, its new name, a yes to deleting it.
    private func ask(_ action: Action) -> [PaneWork] {
        guard case .request(let name)? = tree.selectedNode else {
            let what = action == .duplicate ? "D duplicates" : action == .rename ? "r renames" : "d deletes"
            return [.say("\(what) a request: select one in the Requests list", .warning)]
        }
        return switch action {
        case .duplicate:
            [.prompt(Prompt(title: "Name of the copy of \(name)", editor: LineEditor(source.uniqueName("\(name)-copy")),
                            purpose: .duplicate(request: name)))]
        case .rename:
            [.prompt(Prompt(title: "New name for \(name)", editor: LineEditor(name), purpose: .rename(request: name)))]
        default:
            [.confirm(Confirmation(message: "Delete \(name) from \(source.fileName)?", consequence: .delete(request: name)))]
        }
    }

    private func selectionWork(_ before: RequestTree.Node?) -> [PaneWork] {
        tree.selectedNode != before ? [.selectionChanged] : []
    }

    func type(_ key: Key, context: PaneContext) -> [PaneWork] {
        let before = tree.selectedNode
        switch filter.handle(key, width: context.content.width) {
        case .changed(let text): tree.setFilter(text)
        case .cancelled: tree.setFilter("")
        case .move(let action): return perform(action, context: context)
        case .committed, .ignored: break
        }
        return selectionWork(before)
    }

    /// Esc: clears the marks, then the filter.
    func escape() -> Bool {
        if !tree.marks.isEmpty {
            tree.clearMarks()
            return true
        }
        guard !tree.filter.isEmpty else { return false }
        _ = filter.clear()
        tree.setFilter("")
        return true
    }

    func click(contentRow row: Int, context: PaneContext) -> [PaneWork] {
        let before = tree.selectedNode
        tree.click(windowRow: row - headerRows, height: listHeight(context))
        return selectionWork(before)
    }

    /// The request names on screen, for judging their cache markers before drawing.
    func visibleRequestNames(context: PaneContext) -> [String] {
        tree.cursor.window(height: listHeight(context)).compactMap { tree.rows[$0].node.requestName }
    }

    private var headerRows: Int { filter.isTyping || !tree.filter.isEmpty ? 1 : 0 }

    private func listHeight(_ context: PaneContext) -> Int { max(0, context.content.height - headerRows) }

    // MARK: - Drawing

    func render(context: PaneContext) -> PaneRender {
        let content = context.content
        var lines: [StyledLine] = []
        var cursor: Frame.Cursor?
        if let filterLine = filter.line(in: content, row: 0, applied: tree.filter) {
            lines.append(filterLine.line)
            cursor = filterLine.cursor
        }
        let height = listHeight(context)
        let tree = self.tree
        lines += ListView.lines(tree.cursor, height: height, width: content.width, focused: context.isFocused,
                                empty: tree.filter.isEmpty ? "The workspace has no requests: n adds one." : "Nothing matches.") { index in
            line(tree.rows[index], width: content.width, context: context)
        }
        var extra = "· env \(source.environment ?? "none")"
        if source.reloadError != nil { extra += " · file invalid" }
        let frame = PaneFrame(pane: .requests, rect: context.rect, title: context.title(.requests, extra), isFocused: context.isFocused,
                              lines: lines, badge: tree.marks.isEmpty ? nil : StyledLine("\(tree.marks.count) marked", .accent),
                              footer: ListView.position(tree.cursor, height: height))
        return PaneRender(frame: frame, cursor: cursor)
    }
}
