import CourierWorkspace
import Courier
import Foundation

extension ExchangePane {
    /// The response under the composer: a summary line, the tabs, and the tab's content —
    /// or, while the request is in flight, its progress.
    func responsePane(in rect: Rect, context: PaneContext, frame: inout Frame) -> PaneFrame {
        let focused = context.isFocused && section == .response
        let now = context.now
        let content = rect.inner
        let titleLine = StyledLine.build { $0.append("Response", focused ? .titleFocused : .title) }
        if responseTab == .history {
            return historyPane(in: rect, focused: focused, title: titleLine)
        }
        if let inspection {
            return inspectionPane(inspection, in: rect, focused: focused, frame: &frame)
        }
        guard let exchange = selection.selectedExchange else {
            let hint = selection.selectedRequestName == nil ? "" : " Not sent yet — Enter (in Requests) or Ctrl-G sends it; R ignores the cache."
            return PaneFrame(pane: .exchange, rect: rect, title: titleLine, isFocused: focused,
                             lines: [StyledLine(hint, .dim)], joinsAbove: true)
        }
        let streaming = exchange.isInFlight && exchange.streamView != nil
        // A body spooled to a file shows its lines so far while it arrives, under one line of progress.
        let arriving = exchange.isInFlight && !streaming && exchange.viewer != nil
        if exchange.isInFlight, !streaming, !arriving {
            var lines = progressLines(exchange, transfer: context.transfer(exchange.request), now: now, width: content.width)
            if let message = messageLineRow(exchange, width: content.width, row: content.bottom - 1, column: content.column, frame: &frame) {
                lines = Array(lines.prefix(content.height - 1))
                lines += Array(repeating: StyledLine(), count: content.height - 1 - lines.count) + [message]
            }
            return PaneFrame(pane: .exchange, rect: rect, title: titleLine, isFocused: focused, lines: lines, joinsAbove: true)
        }
        if !responseTabs.contains(responseTab) { responseTab = .body }
        // While it streams, the events show; once it ended, the Body tab is the stream.
        var lines = streaming ? [streamingLine(exchange, width: content.width, now: now)]
            : [arriving ? arrivingLine(exchange, transfer: context.transfer(exchange.request), now: now, width: content.width)
                        : summaryLine(exchange, width: content.width, now: now),
               responseTabsLine(renamed: exchange.streamView == nil ? [:] : [.body: "Stream"])]
        var height = content.height - lines.count
        var title = titleLine
        var inputLine: StyledLine?
        if case .bodySearch(var editor)? = typing {
            inputLine = typingLine("/ ", &editor, width: content.width, row: content.bottom - 1, column: content.column, frame: &frame)
            typing = .bodySearch(editor)
        } else if case .bodyFilter(var editor)? = typing {
            inputLine = typingLine("$ filter ", &editor, width: content.width, row: content.bottom - 1, column: content.column, frame: &frame)
            typing = .bodyFilter(editor)
        } else {
            inputLine = messageLineRow(exchange, width: content.width, row: content.bottom - 1, column: content.column, frame: &frame)
        }
        if inputLine != nil { height -= 1 }
        var footer: StyledLine?
        switch streaming ? .body : responseTab {
        case .body where exchange.streamView != nil:
            exchange.streamView?.resize(height: height)
            if let view = exchange.streamView {
                lines += view.visibleLines(height: height, width: content.width, focused: focused, glyphs: glyphs)
                footer = StyledLine(view.positionText, .dim)
                title = StyledLine(view.title(rate: context.transfer(exchange.request)?.stream?.eventsPerSecond),
                                   focused ? .titleFocused : .title)
            }
        case .body:
            lines += bodyLines(exchange, height: height, width: content.width, focused: focused)
            if let viewer = exchange.viewer { footer = StyledLine(viewer.positionText, .dim) }
        case .checks:
            let checks = checksLines(exchange, width: content.width, height: height, focused: focused)
            lines += checks.lines
            footer = checks.footer
        case .headers:
            lines += window(headerLines(exchange, width: content.width), height: height)
        case .history:
            break
        case .timing:
            let timing = exchange.request.metrics.map { TimingWaterfall.lines($0, width: content.width, glyphs: glyphs) }
                ?? [StyledLine(exchange.request.isDataFromCache ? " Answered from the cache: no transfer to time." : " No timings: nothing was sent.", .dim)]
            lines += window(timing, height: height)
        }
        if let inputLine {
            lines += Array(repeating: StyledLine(), count: max(0, content.height - 1 - lines.count))
            lines.append(inputLine)
        }
        return PaneFrame(pane: .exchange, rect: rect, title: title, isFocused: focused, lines: lines,
                         badge: exchange.origin.map { StyledLine($0, .dim) }, footer: footer, joinsAbove: true)
    }

    func typingLine(_ prompt: String, _ editor: inout LineEditor, width: Int, row: Int, column: Int,
                            frame: inout Frame) -> StyledLine {
        let view = editor.view(width: width - DisplayWidth.of(prompt))
        frame.cursor = Frame.Cursor(row: row, column: column + DisplayWidth.of(prompt) + view.cursorColumn)
        return StyledLine([Span(prompt, .accent)] + view.line.spans)
    }

    private func window(_ lines: [StyledLine], height: Int) -> [StyledLine] {
        responseScroll = min(responseScroll, max(0, lines.count - height))
        return Array(lines.dropFirst(responseScroll).prefix(height))
    }

    /// `200 OK · 12.3 ms · 1.2 KB · HTTP/1.1 · ● from cache, 23 s old · 2 retries`.
    private func summaryLine(_ exchange: Exchange, width: Int, now: Date) -> StyledLine {
        let request = exchange.request
        var line = StyledLine(" ")
        if exchange.isCancelled {
            line.append("\(glyphs.cancelled) cancelled", .warning)
        } else if let status = request.grpcStatus {
            // A gRPC call answers 200 whatever happened: its status is the trailers' grpc-status.
            // Not OK but accepted (`expect: status == NOT_FOUND`, acceptedStatusCodes): a warning.
            line.append(status.description, status.code == .ok ? .status2xx : request.error == nil ? .warning : .failure)
            line.append("  \(request.grpcMessages.count) received", .plain)
        } else if let status = request.response?.statusCode {
            let reason = ReasonPhrase.of(status)
            // An accepted status by its class (a theme may colour 4xx apart); a refused one fails.
            line.append("\(status) \(reason)", request.error == nil ? Style.status(status) : .failure)
        } else if let error = request.error {
            line.append("\(glyphs.failure) \(error.family) \(error.code.rawValue)", .failure)
        }
        // The checks' verdict beside the status it judges, before what only measures.
        if !exchange.isCancelled, let results = request.checkResults, !results.isEmpty {
            line.append("  ")
            line.append(checksVerdict(results))
        }
        // A paginate: send's last page: the Body below is every page's items.
        if let gathered = exchange.gathered {
            line.append("  \(gathered.summary) (\(gathered.endDescription))", gathered.failed ? .warning : .badge)
        }
        // libcurl's own time for a transfer; for a cache hit, how long the answer took.
        if let time = request.metrics?.total ?? exchange.elapsed(now: now) {
            line.append("  \(TimingWaterfall.milliseconds(time))", .plain)
        }
        let bytes = request.responseData?.count ?? Int(request.metrics?.bytesReceived ?? 0)
        line.append("  \(ByteCount.text(bytes))", .plain)
        if let version = request.response?.httpVersion, !version.isEmpty { line.append("  \(version)", .dim) }
        if request.isDataFromCache {
            let age = request.cacheMetadata.map { " \(Int(now.timeIntervalSince($0.creationDate))) s old" } ?? ""
            line.append("  \(glyphs.bullet) from cache,\(age)", .badge)
        } else if let note = exchange.cacheNote {
            line.append("  cache: \(note)", .dim)
        }
        if request.retryCount > 0 { line.append("  \(request.retryCount) retr\(request.retryCount == 1 ? "y" : "ies")", .warning) }
        if let warning = request.warning { line.append("  \(warning)", .warning) }
        return line.truncated(to: width)
    }

    /// While a response streams: `⠋ streaming GET /sse?count=200 · x ends it` (a call that
    /// still takes messages: `x half-closes`).
    private func streamingLine(_ exchange: Exchange, width: Int, now: Date) -> StyledLine {
        StyledLine.build { line in
            line.append(" \(glyphs.spinner(at: now)) ", .accent)
            line.append("streaming ", .strong)
            let url = source.engine.scope.redact(exchange.request.requestURL)
            line.append("\(exchange.request.method.rawValue) \(DisplayWidth.middleTruncated(url, to: max(8, width - 36)))", .plain)
            // A call that still takes messages is half-closed by the first x.
            let ending = exchange.request.grpcCall?.keepsSending == true ? "half-closes" : "ends it"
            let keys = [(Action.cancel, ending), (.pauseStream, "pauses"), (.bottom, "follows")].compactMap { action, text in
                KeyMap.keys(for: action, in: .response).first.map { "\(KeyMap.label(of: $0)) \(text)" }
            }
            line.append(" · " + keys.joined(separator: ", "), .dim)
        }.truncated(to: width)
    }

    /// The response's tabs, the current one highlighted; Checks with its count
    /// (`renamed` for another use of them).
    func responseTabsLine(renamed: [ResponseTab: String] = [:]) -> StyledLine {
        var line = StyledLine()
        for tab in responseTabs {
            let title = renamed[tab] ?? (tab == .checks ? checksTitle(selection.selectedExchange?.request.checkResults) : tab.title)
            line.append(" \(title) ", tab == responseTab ? .tabActive : .tabInactive)
            line.append(" ")
        }
        return line
    }

    private func bodyLines(_ exchange: Exchange, height: Int, width: Int, focused: Bool) -> [StyledLine] {
        var lines: [StyledLine] = []
        if let error = exchange.request.error, !exchange.isCancelled {
            if error.code == .responseRejected, let results = exchange.request.checkResults {
                // Failed checks: the Checks tab has them, each with expected and actual.
                lines.append(StyledLine.build { line in
                    line.append(" ")
                    line.append(checksVerdict(results))
                    line.append("  \(error.family) error \(error.code.rawValue) — ] shows the Checks tab", .dim)
                }.truncated(to: width))
            } else {
                let definition = source.effectiveDefinition(of: exchange.name)
                lines += ErrorExplanation(error, request: exchange.request, definition: definition).lines(width: width)
            }
            lines.append("")
        }
        if let file = exchange.request.downloadedFileURL {
            lines.append(StyledLine(" Saved to \(file.path)", .success))
        }
        if let spooled = exchange.request.responseSpooledBody {
            // One line, the file's name kept when the path is cut: the body needs the rows.
            let lead = " \(ByteCount.text(Int(spooled.count))) in a file (spoolBodiesOver): "
            let room = max(width - DisplayWidth.of(lead), 8)
            let path = spooled.url.path
            let shown = path.count <= room ? path : "…" + path.suffix(room - 1)
            lines.append(StyledLine(lead + shown, .dim).truncated(to: width))
        }
        let room = max(0, height - lines.count)
        if exchange.viewer != nil {
            exchange.viewer?.resize(height: room, width: width)
            lines += exchange.viewer!.visibleLines(height: room, width: width, focused: focused)
        } else if let data = exchange.request.responseData, !data.isEmpty {
            lines.append(StyledLine(" Laying out \(ByteCount.text(data.count))…", .dim))
        } else if exchange.request.downloadedFileURL == nil, exchange.request.responseSpooledBody == nil, exchange.request.error == nil {
            lines.append(StyledLine(" (empty body)", .dim))
        }
        return lines
    }

    /// The request's headers as sent and the response's as received, secrets hidden.
    private func headerLines(_ exchange: Exchange, width: Int) -> [StyledLine] {
        func header(_ name: String, _ value: String) -> StyledLine {
            let shown = Redaction.isSensitiveHeader(name) && !source.revealsSecrets ? Redaction.placeholder : value
            return StyledLine.build { $0.append("   \(name): ", .syntaxKey); $0.append(shown) }.truncated(to: width)
        }
        var lines: [StyledLine] = []
        if let prepared = try? exchange.request.preparedRequest() {
            lines.append(StyledLine.build { $0.append(" Request  ", .strong); $0.append("\(prepared.method.rawValue) \(source.engine.scope.redact(prepared.url))", .dim) }.truncated(to: width))
            lines += prepared.headers.map { header($0.name, $0.value) }
            lines.append(header("User-Agent", prepared.userAgent))
        }
        if let response = exchange.request.response {
            lines.append("")
            lines.append(StyledLine.build { $0.append(" Response  ", .strong); $0.append("\(response.httpVersion) \(response.statusCode)", .dim) })
            lines += response.headers.map { header($0.name.rawName, $0.value) }
        }
        // After the body: a gRPC call's status and trailing metadata, or any HTTP trailers.
        let trailers = exchange.request.responseTrailers
        if !trailers.isEmpty {
            lines.append("")
            lines.append(StyledLine(" Trailers", .strong))
            lines += trailers.map { header($0.name.rawName, $0.value) }
        }
        lines.append("")
        lines.append(StyledLine(source.revealsSecrets ? " v hides secrets" : " Secrets are hidden — v shows them", .dim))
        return lines
    }

    /// `⠹ receiving 212 MB of 1.0 GB · 21% · 44 MB/s · into a file (spoolBodiesOver) · x cancels`:
    /// the summary line of a body shown while it arrives (the tail shortened to fit).
    private func arrivingLine(_ exchange: Exchange, transfer record: InFlightTable.Row?, now: Date, width: Int) -> StyledLine {
        let elapsed = exchange.elapsed(now: now) ?? 0
        return StyledLine.build { line in
            line.append(" \(glyphs.spinner(at: now)) ", .accent)
            line.append("\(record?.phase.rawValue ?? "receiving") ", .strong)
            guard let record else { return }
            var facts = ByteCount.text(Int(record.received))
            if let expected = record.expected, expected > 0 {
                facts += " of \(ByteCount.text(Int(expected))) · \(Int(100 * Double(record.received) / Double(expected)))%"
            }
            if elapsed > 0.2, record.received > 0 { facts += " · \(ByteCount.text(Int(Double(record.received) / elapsed)))/s" }
            line.append(facts, .plain)
            // The facts first; then as much of the rest as fits (80 columns lose the setting's name).
            let tails = [" · into a file (spoolBodiesOver) · x cancels", " · into a file · x cancels", " · x cancels"]
            let room = width - line.width
            line.append(tails.first { $0.count <= room } ?? "", .dim)
        }.truncated(to: width)
    }

    /// While in flight: what it is doing, for how long, how much arrived — and that x cancels.
    /// `transfer` is its row of the record table as In flight last read it (not read here).
    private func progressLines(_ exchange: Exchange, transfer record: InFlightTable.Row?, now: Date, width: Int) -> [StyledLine] {
        let request = exchange.request
        let elapsed = exchange.elapsed(now: now) ?? 0
        var lines = [StyledLine.build { line in
            line.append(" \(glyphs.spinner(at: now)) ", .accent)
            line.append("\(record?.phase.rawValue ?? "starting") ", .strong)
            let url = source.engine.scope.redact(record?.url ?? request.requestURL)
            line.append("\(request.method.rawValue) \(DisplayWidth.middleTruncated(url, to: max(8, width - 24)))", .plain)
        }.truncated(to: width)]
        var facts = "   \(TimingWaterfall.milliseconds(elapsed)) elapsed"
        if let record {
            let received = record.received
            facts += " · \(ByteCount.text(Int(received)))"
            if let expected = record.expected, expected > 0 { facts += " of \(ByteCount.text(Int(expected)))" }
            if elapsed > 0.2, received > 0 { facts += " · \(ByteCount.text(Int(Double(received) / elapsed)))/s" }
            if record.retries > 0 { facts += " · retry \(record.retries)" }
        }
        lines.append(StyledLine(facts, .dim))
        if let record, let expected = record.expected, expected > 0 {
            let barWidth = max(10, min(50, width - 10))
            let filled = Int(Double(barWidth) * min(1, Double(record.received) / Double(expected)))
            lines.append(StyledLine.build { line in
                line.append("   ")
                line.append(String(repeating: glyphs.meterFull, count: filled), .accent)
                line.append(String(repeating: glyphs.meterEmpty, count: barWidth - filled), .dim)
                line.append(" \(Int(100 * Double(record.received) / Double(expected)))%", .plain)
            })
        }
        lines.append("")
        lines.append(StyledLine(" x cancels it", .dim))
        return lines
    }
}
