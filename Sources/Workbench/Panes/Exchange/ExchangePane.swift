import CourierWorkspace
import Courier
import Foundation

/// What the Exchange pane reads of the session, and the session services it uses: a
/// request's draft (which the composer edits through ``updateDraft(_:_:)``), its exchanges,
/// the history. ``WorkbenchSession`` provides it.
protocol ExchangeSource: AnyObject {
    var workspace: Workspace { get }
    var exchanges: [String: Exchange] { get }
    var revealsSecrets: Bool { get }
    /// The engine session: its variables (to hide secrets in URLs), its requests, its history.
    var engine: EngineSession { get }
    var mailbox: Mailbox { get }
    func draft(of name: String) -> RequestDraft?
    func updateDraft(_ name: String, _ change: (inout RequestDraft) -> Void)
    func effectiveDefinition(of name: String) -> RequestDefinition?
    func hasUnsavedEdit(_ name: String) -> Bool
    /// "changed in demo.yaml" when the file changed under the request's unsaved edit.
    func conflictNote(of name: String) -> String?
}

/// The Exchange pane: the composer (the method and URL as they will be sent, and tabs for
/// params, headers, body, auth and options, edited in place) over the response (summary, body
/// viewer, headers, timing waterfall, the request's history, or a cache entry opened from the
/// Cache pane). Two focus stops, `2` switches between them.
final class ExchangePane: Pane {
    /// The pane's two parts.
    enum Section: Sendable { case composer, response }

    /// The response's tabs; Checks only for a request with `expect:` (``responseTabs``).
    enum ResponseTab: Int, Sendable, CaseIterable {
        case body, checks, headers, timing, history

        var title: String { ["Body", "Checks", "Headers", "Timing", "History"][rawValue] }
    }

    /// What keys are going to while a line is typed.
    enum Typing {
        case field(FieldEdit)
        case bodySearch(LineEditor)
        case bodyFilter(LineEditor)
        /// The message line of the named request's open session (``messageLines``).
        case message(String)
    }

    // The state below is the pane's own: it is set only by the pane's files in this folder
    // (Swift's access control cannot say "this folder"; the shell only reads it).
    var section = Section.composer
    var composer = ComposerState()
    /// First line shown of the response's Headers and Timing tabs.
    var responseScroll = 0
    var responseTab = ResponseTab.body
    /// The cache entry shown in the response viewer, from the Cache pane.
    var inspection: CacheInspection?
    /// The History tab: the selected request's past exchanges, one opened, or a diff.
    var historyTab = HistoryTab()
    /// The Checks tab's selected row and window.
    var checksCursor = ListCursor()
    var typing: Typing?
    /// Each request's message line, kept across sessions for its history.
    var messageLines: [String: MessageLine] = [:]
    unowned let source: any ExchangeSource
    /// What the user selected in Requests.
    unowned let selection: any SelectionSource
    let glyphs: Glyphs
    /// Work gathered while a key is handled, returned with it.
    private var pending: [PaneWork] = []

    init(environment: PaneEnvironment) {
        source = environment.source
        selection = environment.selection
        glyphs = environment.glyphs
    }

    var scope: KeyMap.Scope { section == .composer ? .composer : .response }
    var isTyping: Bool { typing != nil }

    // MARK: - What the shell tells it

    func hear(_ message: PaneMessage, context: PaneContext) -> [PaneWork] {
        switch message {
        case .showResponse:
            section = .response
        case .inspect(let inspection):
            self.inspection = inspection
            section = .response
            responseTab = .body
        default:
            break
        }
        return []
    }

    /// Another request is selected: the composer starts at its URL line.
    func selectionChanged(context: PaneContext) -> [PaneWork] {
        inspection = nil
        if case .message? = typing { typing = nil }
        if responseTab == .history { loadHistory() }
        if !responseTabs.contains(responseTab) { responseTab = .body }
        checksCursor = ListCursor()
        composer.row = min(composer.row, composerRowCount - 1)
        composer.scroll = 0
        responseScroll = 0
        return takeWork()
    }

    /// Tab from the composer goes to the response, Shift-Tab back; past them the focus moves on.
    func cycle(by step: Int) -> Bool {
        switch (section, step > 0) {
        case (.composer, true): section = .response
        case (.response, false): section = .composer
        default: return false
        }
        return true
    }

    /// Tab arrives at the composer, Shift-Tab at the response.
    func entered(by step: Int) {
        section = step > 0 ? .composer : .response
    }

    /// `2` on the focused pane: composer ⇄ response.
    func focusedAgain() {
        section = section == .composer ? .response : .composer
    }

    /// The wheel scrolls the part it is over.
    func pointer(atRow row: Int, context: PaneContext) {
        focusPart(atRow: row, in: context.rect)
    }

    var typingHints: (actions: [Action], scope: KeyMap.Scope)? {
        switch typing {
        case .field?: ([.commitLine, .nextField, .cancelLine], .typing)
        case .bodySearch?, .bodyFilter?: ([.commitLine, .cancelLine], .typing)
        case .message?: ([.sendMessage, .olderMessage, .cancelLine], .messageLine)
        case nil: nil
        }
    }

    /// Adds work for the shell to the key being handled.
    func work(_ item: PaneWork) {
        pending.append(item)
    }

    func say(_ text: String, _ style: Style = .info, seconds: Double = 4) {
        pending.append(.say(text, style, seconds: seconds))
    }

    private func takeWork() -> [PaneWork] {
        defer { pending.removeAll() }
        return pending
    }

    // MARK: - Keys

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        switch action {
        case .cycleMethod: cycleMethod()
        case .editURL: beginEditing(.url)
        case .editField: editComposerRow()
        case .addRow: addComposerRow()
        case .deleteRow: deleteComposerRow()
        case .toggleRow: toggleComposerRow()
        case .nextTab: switchTab(by: 1)
        case .previousTab: switchTab(by: -1)
        case .toggleTemplate: composer.showsTemplate.toggle()
        case .search: typing = .bodySearch(LineEditor())
        case .nextMatch where streamExchange != nil, .previousMatch where streamExchange != nil:
            updateStream { $0.nextMatch(forward: action == .nextMatch) }
        case .nextMatch: updateViewer { $0.nextMatch() }
        case .previousMatch: updateViewer { $0.previousMatch() }
        case .jsonFilter:
            let current = streamExchange?.streamView?.filterText ?? selection.selectedExchange?.viewer?.filterText
            typing = .bodyFilter(LineEditor(current ?? ""))
        case .pauseStream: updateStream { $0.togglePause() }
        case .typeMessage, .sendMessage: openMessageLine()
        case .olderMessage, .newerMessage:
            openMessageLine()
            if case .message(let name)? = typing { messageLines[name, default: MessageLine()].recall(older: action == .olderMessage) }
        case .toggleFold:
            if streamExchange != nil {
                updateStream { $0.toggleFold() }
            } else if responseTab == .history, historyTab.opened == nil {
                openHistoryRow()
            } else if responseTab == .checks {
                showCheckedPath()
            } else {
                updateViewer { $0.toggleFold() }
            }
        case .diffHistory: diffHistory()
        case .exportHAR: promptExportHAR()
        case .saveBody: promptSaveBody()
        case .up, .down, .left, .right, .pageUp, .pageDown, .halfPageUp, .halfPageDown, .top, .bottom:
            move(action, page: max(1, contentHeight(context) - 1))
        default:
            // Sending, revealing secrets: the session's.
            work(.workspace(action))
        }
        return takeWork()
    }

    /// Rows inside the focused part's border, for paging.
    private func contentHeight(_ context: PaneContext) -> Int {
        let parts = Self.parts(of: context.rect, composerLines: composerLineCount)
        return (section == .composer ? parts.composer : parts.response).inner.height - 1
    }

    func type(_ key: Key, context: PaneContext) -> [PaneWork] {
        switch typing {
        case nil:
            break
        case .field(let edit)?:
            handleFieldKey(key, edit: edit)
        case .bodySearch(var editor)?:
            switch editor.handle(key) {
            case .editing, .passed: typing = .bodySearch(editor)
            case .committed:
                typing = nil
                searchBody(editor.text)
            case .cancelled: typing = nil
            }
        case .bodyFilter(var editor)?:
            switch editor.handle(key) {
            case .editing, .passed: typing = .bodyFilter(editor)
            case .committed:
                typing = nil
                if streamExchange != nil {
                    updateStream { $0.applyFilter(editor.text) }
                } else {
                    updateViewer { $0.applyFilter(editor.text) }
                    runPendingFilter()
                    if let viewer = selection.selectedExchange?.viewer, let error = viewer.filterError {
                        say("filter \(viewer.filterText): \(error)", .warning)
                    }
                }
            case .cancelled: typing = nil
            }
        case .message(let name)?:
            handleMessageKey(key, request: name)
        }
        return takeWork()
    }

    func disabledReason(for action: Action) -> String? {
        if [.typeMessage, .sendMessage, .olderMessage, .newerMessage].contains(action) { return messageLineRefusal }
        guard action == .pauseStream, streamExchange == nil else { return nil }
        return "p pauses a stream's events: this response does not stream"
    }

    /// Esc: closes an opened past exchange or diff, then a cache entry.
    func escape() -> Bool {
        if responseTab == .history, historyTab.opened != nil || historyTab.diff != nil {
            historyTab.opened = nil
            historyTab.diff = nil
            return true
        }
        guard inspection != nil else { return false }
        inspection = nil
        return true
    }

    /// A click in the pane: the composer or the response gets the focus.
    func click(contentRow row: Int, context: PaneContext) -> [PaneWork] {
        focusPart(atRow: context.rect.row + 1 + row, in: context.rect)
        return []
    }

    /// The composer or the response, whichever is at screen row `row` of the pane at `rect`.
    func focusPart(atRow row: Int, in rect: Rect) {
        section = row >= Self.parts(of: rect, composerLines: composerLineCount).response.row ? .response : .composer
    }


    /// What the pane's work off the input loop found.
    enum BackgroundResult: Sendable {
        /// A search over a large body finished (`body` is the body searched).
        /// A large body's filter, run off the input loop.
        case filtered(exchange: Int, body: FormattedBody, text: String, result: Result<FormattedBody, BodyFilterError>)
        /// `again`: the search run again over a body that grew since it was made.
        case searched(exchange: Int, body: SearchedBody, query: String, caseInsensitive: Bool, matches: [BodyMatch], again: Bool)
        /// History rows for the History tab of `request`.
        case historyLoaded(request: String, exchanges: [HistoryExchange])
        /// A past exchange read whole (with its body), to open in the History tab.
        /// A past exchange read from the history; a spooled body it keeps by reference comes
        /// laid out from its file (off the input loop).
        case historyOpened(HistoryExchange, keptBody: FormattedBody?)
        /// Two past exchanges compared.
        case historyDiffed(HistoryDiff)
    }

    /// A body searched off the input loop, and whether it was a filter's result.
    struct SearchedBody: Sendable {
        let body: FormattedBody
        let isFiltered: Bool
    }

    func receive(_ result: any Sendable, context: PaneContext) -> [PaneWork] {
        switch result as? BackgroundResult {
        case .searched(let id, let body, let query, let caseInsensitive, let matches, let again)?:
            guard let exchange = source.exchanges.values.first(where: { $0.id == id }) else { break }
            searched(matches, in: body, of: exchange, query: query, caseInsensitive: caseInsensitive, again: again)
        case .filtered(let id, let filteredBody, let text, let result)?:
            guard let exchange = source.exchanges.values.first(where: { $0.id == id }), exchange.viewer?.body === filteredBody else { break }
            exchange.viewer?.showFiltered(result, for: text)
            if case .failure(let error) = result { say("filter \(text): \(error.description)", .warning) }
        case .historyLoaded(let request, let exchanges)?:
            historyLoaded(request: request, exchanges: exchanges)
        case .historyOpened(let exchange, let keptBody)?:
            historyOpened(exchange, keptBody: keptBody)
        case .historyDiffed(let diff)?:
            historyTab.diff = diff
            responseScroll = 0
            say(diff.bodyChanges == 0 ? "the bodies are the same" : "\(diff.bodyChanges) difference\(diff.bodyChanges == 1 ? "" : "s") in the body — Esc back to the list", .info)
        case nil:
            break
        }
        return takeWork()
    }

    /// Before a frame: a large body's filter waiting for its run starts it, and a search made
    /// while the selected body was still laid out (or arriving) is run again over the whole.
    func tick(_ tick: PaneTick, context: PaneContext) -> [PaneWork] {
        runPendingFilter()
        searchAgainOverTheWhole()
        return takeWork()
    }

    func apply(_ update: EngineUpdate, context: PaneContext) -> [PaneWork] {
        switch update {
        case .stopped(.request(let request)):
            if responseTab == .history, let exchange = source.exchanges.values.first(where: { $0.request === request }),
               selection.selectedRequestName == exchange.name {
                loadHistory()
            }
        default:
            break
        }
        return takeWork()
    }

    // MARK: - Layout

    /// The composer (top) and the response (below, sharing a border row) in `rect`.
    static func parts(of rect: Rect, composerLines: Int) -> (composer: Rect, response: Rect) {
        let wanted = 4 + max(4, composerLines + 1)
        let height = min(max(7, wanted), max(7, rect.height * 45 / 100))
        let composer = Rect(row: rect.row, column: rect.column, width: rect.width, height: min(height, rect.height - 4))
        let response = Rect(row: composer.bottom - 1, column: rect.column, width: rect.width, height: rect.bottom - composer.bottom + 1)
        return (composer, response)
    }

    func render(context: PaneContext) -> PaneRender {
        let parts = Self.parts(of: context.rect, composerLines: composerLineCount)
        var scratch = Frame(size: Size(columns: 0, rows: 0))
        let composerFrame = composerPane(in: parts.composer, paneFocused: context.isFocused, now: context.now, frame: &scratch)
        let responseFrame = responsePane(in: parts.response, context: context, frame: &scratch)
        return PaneRender(frames: [composerFrame, responseFrame], cursor: scratch.cursor)
    }
}
