import CourierWorkspace
import Courier
import Foundation

extension ExchangePane {
    /// Changes the viewer of the selected request's response.
    func updateViewer(_ change: (inout BodyViewer) -> Void) {
        if responseTab == .history {
            guard var viewer = historyTab.opened?.viewer else { return }
            change(&viewer)
            historyTab.opened?.viewer = viewer
            return
        }
        if inspection != nil {
            guard var viewer = inspection?.viewer else { return }
            change(&viewer)
            inspection?.viewer = viewer
            return
        }
        guard let exchange = selection.selectedExchange, var viewer = exchange.viewer else { return }
        change(&viewer)
        exchange.viewer = viewer
    }

    /// The selected exchange when the response shows its stream view: while it streams, or
    /// on its Body (Stream) tab.
    var streamExchange: Exchange? {
        guard section == .response, inspection == nil, let exchange = selection.selectedExchange, exchange.streamView != nil,
              exchange.isInFlight || responseTab == .body else { return nil }
        return exchange
    }

    /// Changes the stream view the response shows.
    func updateStream(_ change: (inout StreamView) -> Void) {
        guard let exchange = streamExchange, var view = exchange.streamView else { return }
        change(&view)
        exchange.streamView = view
    }

    /// Searches the shown body; a large one is searched off the input loop.
    func searchBody(_ query: String) {
        if streamExchange != nil {
            updateStream { $0.search(query) }
            return
        }
        guard inspection == nil, let exchange = selection.selectedExchange, let body = exchange.viewer?.shownBody else {
            updateViewer { $0.search(query) }
            return
        }
        if body.byteCount <= BodyViewer.quickSearchBytes || query.isEmpty {
            updateViewer { $0.search(query) }
            return
        }
        say("searching \(body.byteCount / 1_048_576) MB for \"\(query)\"…", .info)
        search(body, of: exchange, for: query, caseInsensitive: BodyViewer.ignoresCase(query), again: false)
    }

    /// Runs the selected body's search again once the body is complete, when it was made over
    /// fewer lines (``BodyViewer/searchToRedo``): off the input loop, the cursor left where it is.
    func searchAgainOverTheWhole() {
        guard inspection == nil, let exchange = selection.selectedExchange, let viewer = exchange.viewer,
              let redo = viewer.searchToRedo else { return }
        exchange.viewer?.markSearchRedoing()
        search(viewer.shownBody, of: exchange, for: redo.query, caseInsensitive: redo.caseInsensitive, again: true)
    }

    /// Runs the selected body's filter off the input loop when it waits for that (a large body,
    /// ``BodyViewer/filterToRun``): the walk to `$.items[3000000]` of a gigabyte takes seconds.
    func runPendingFilter() {
        guard inspection == nil, let exchange = selection.selectedExchange, let viewer = exchange.viewer,
              let wanted = viewer.filterToRun else { return }
        exchange.viewer?.markFilterRunning()
        let body = viewer.body
        let id = exchange.id
        let mailbox = source.mailbox
        DispatchQueue.global(qos: .userInitiated).async {
            let result = body.filtered(by: wanted.path)
            mailbox.post(.paneResult(.exchange, BackgroundResult.filtered(exchange: id, body: body, text: wanted.text, result: result)))
        }
    }

    private func search(_ body: FormattedBody, of exchange: Exchange, for query: String, caseInsensitive: Bool, again: Bool) {
        let id = exchange.id
        let mailbox = source.mailbox
        let searched = SearchedBody(body: body, isFiltered: exchange.viewer?.filterText.isEmpty == false)
        DispatchQueue.global(qos: .userInitiated).async {
            let matches = body.matches(of: query, caseInsensitive: caseInsensitive, limit: BodyViewer.matchLimit)
            mailbox.post(.paneResult(.exchange, BackgroundResult.searched(exchange: id, body: searched, query: query, caseInsensitive: caseInsensitive,
                                                                           matches: matches, again: again)))
        }
    }

    /// Takes the matches of a search made off the input loop. A body laid out again since (an
    /// arriving body's next pass, the whole file after its prefix: an exchange is one response)
    /// keeps the lines that were searched, so the matches hold — shown as behind, and the whole
    /// searched again once complete; a filter's result, or a filter since, drops them.
    func searched(_ matches: [BodyMatch], in searched: SearchedBody, of exchange: Exchange, query: String, caseInsensitive: Bool, again: Bool) {
        guard let viewer = exchange.viewer else { return }
        let shown = viewer.shownBody
        let same = shown === searched.body || shown.continues(searched.body)
        let laidOutAgain = !same && !searched.isFiltered && viewer.filterText.isEmpty && searched.body.kind == shown.kind
            && searched.body.lineCount <= shown.lineCount
        guard same || laidOutAgain else { return }
        if again, viewer.search?.query != query { return }  // another search meanwhile
        exchange.viewer?.show(matches, for: query, caseInsensitive: caseInsensitive, moving: !again,
                              behind: laidOutAgain || shown.lineCount > searched.body.lineCount)
        let counted = matches.isEmpty ? "no match for \"\(query)\"" : matches.count == 1 ? "1 match" : "\(matches.count.groupedDigits) matches"
        say(again ? counted + " in the whole body, laid out now" : counted + (laidOutAgain ? " so far" : ""), matches.isEmpty ? .warning : .info)
    }

    /// Arrows, pages, top and bottom in the composer or the response.
    func move(_ action: Action, page: Int) {
        let step = action.lineOffset(page: page)
        switch section {
        case .composer:
            switch action {
            case .left: switchTab(by: -1)
            case .right: switchTab(by: 1)
            case .top: composer.row = 0
            case .bottom: composer.row = composerRowCount - 1
            default:
                if composerRowCount > 1 {
                    composer.row = min(composerRowCount - 1, max(0, composer.row + (step ?? 0)))
                } else {
                    composer.scroll = max(0, composer.scroll + (step ?? 0))
                }
            }
        case .response:
            if streamExchange != nil {
                updateStream { view in
                    switch action {
                    case .top: view.moveToTop()
                    case .bottom: view.follow()
                    default: view.moveCursor(by: step ?? 0)
                    }
                }
                return
            }
            if responseTab == .checks {
                moveCheckSelection(action, height: page - 1)
                return
            }
            if responseTab == .history, historyTab.opened == nil, historyTab.diff == nil {
                // `page` is the list's height: the response's content less the tabs and the titles.
                moveHistorySelection(action, height: page)
                return
            }
            guard responseTab == .body || (responseTab == .history && historyTab.opened != nil) else {
                responseScroll = action == .top ? 0 : max(0, responseScroll + (action == .bottom ? 10_000 : step ?? 0))
                return
            }
            updateViewer { viewer in
                switch action {
                case .left: viewer.scrollHorizontally(by: -8)
                case .right: viewer.scrollHorizontally(by: 8)
                case .top: viewer.moveToTop()
                case .bottom: viewer.moveToBottom()
                default: viewer.moveCursor(by: step ?? 0)
                }
            }
        }
    }
}
