import CourierWorkspace
import Courier
import Foundation

extension ExchangePane {
    /// The composer: the method and URL as sent (or as written), the tabs, and the tab's rows.
    func composerPane(in rect: Rect, paneFocused: Bool, now: Date, frame: inout Frame) -> PaneFrame {
        let focused = paneFocused && section == .composer
        let content = rect.inner
        guard let name = selection.selectedRequestName, let draft = source.draft(of: name) else {
            return PaneFrame(pane: .exchange, rect: rect, title: PaneTitle.line(.exchange, focused: focused), isFocused: focused,
                             lines: groupSummary(width: content.width, now: now))
        }
        let request = source.effectiveDefinition(of: name).map { source.engine.makeRequest($0) }
        var lines = [urlLine(draft, request: request, width: content.width, focused: focused, origin: content, frame: &frame)]
        lines.append(tabsLine(draft))
        let height = max(0, content.height - 2)
        var body = tabLines(draft, request: request, width: content.width, focused: focused, top: content.row + 2,
                            left: content.column, frame: &frame)
        let selected = composer.row - 1
        if selected >= 0, composerRowCount > 1 {
            if selected < composer.scroll { composer.scroll = selected }
            if selected >= composer.scroll + height { composer.scroll = selected - height + 1 }
        }
        composer.scroll = max(0, min(composer.scroll, max(0, body.count - height)))
        body = Array(body.dropFirst(composer.scroll).prefix(height))
        if case .field(let edit)? = typing, edit.target != .url, var cursor = frame.cursor {
            cursor.row -= composer.scroll
            frame.cursor = cursor
        }
        lines += body
        var extra = name
        if let note = source.conflictNote(of: name) {
            extra += " ✎ \(note) meanwhile · w to choose"
        } else if source.hasUnsavedEdit(name) {
            extra += " ✎ unsaved (w saves)"
        }
        return PaneFrame(pane: .exchange, rect: rect, title: PaneTitle.line(.exchange, extra, focused: focused), isFocused: focused,
                         lines: lines, badge: StyledLine(composer.showsTemplate ? "as written" : "as sent", .dim))
    }

    /// The number of content lines of the composer's tab, for sizing the composer.
    var composerLineCount: Int {
        guard let name = selection.selectedRequestName, let draft = source.draft(of: name) else { return 4 }
        if let rows = rows(of: draft, tab: composer.tab) {
            let request = source.effectiveDefinition(of: name).map { source.engine.makeRequest($0) }
            return rows.count + 2 + (request.map { addedLines(draft, request: $0).count } ?? 0)
        }
        var ignored = Frame(size: Size(columns: 0, rows: 0))
        return tabLines(draft, request: nil, width: 80, focused: false, top: 0, left: 0, frame: &ignored).count
    }

    private func urlLine(_ draft: RequestDraft, request: WorkspaceRequest?, width: Int, focused: Bool, origin: Rect,
                         frame: inout Frame) -> StyledLine {
        var line = StyledLine(" ")
        let isCall = call(of: draft) != nil
        line.append(MethodBadge.spans(isCall ? "gRPC" : draft.method.rawValue))
        if case .field(var edit)? = typing, edit.target == .url {
            let view = edit.editor.view(width: width - 1 - MethodBadge.width)
            typing = .field(edit)
            frame.cursor = Frame.Cursor(row: origin.row, column: origin.column + 1 + MethodBadge.width + view.cursorColumn)
            line.append(view.line)
            return line
        }
        if composer.showsTemplate {
            line.append(draft.url, .plain)
        } else if isCall {
            line.append(callURLText(draft, request: request))
        } else if let request, let problem = request.argumentsProblem() {
            line.append(draft.url, .plain)
            line.append("  \(problem)", .failure)
        } else if let request, let prepared = try? request.preparedRequest() {
            line.append(source.revealsSecrets ? prepared.url : source.engine.scope.redact(prepared.url), .plain)
        } else {
            line.append(draft.url, .plain)
        }
        return line.truncated(to: width).highlighted(focused && composer.row == 0 ? .selected : .none)
    }

    private func tabsLine(_ draft: RequestDraft) -> StyledLine {
        var line = StyledLine()
        for tab in ComposerState.Tab.allCases {
            var label = " \(call(of: draft) != nil ? Self.callTabTitle(tab) : tab.title)"
            if let count = rows(of: draft, tab: tab)?.filter(\.isEnabled).count, count > 0 { label += " \(count)" }
            line.append(label + " ", tab == composer.tab ? .tabActive : .tabInactive)
            line.append(" ")
        }
        return line
    }

    /// The tab's content: editable rows with an "add" row, or read-only lines.
    func tabLines(_ draft: RequestDraft, request: WorkspaceRequest?, width: Int, focused: Bool, top: Int, left: Int,
                  frame: inout Frame) -> [StyledLine] {
        guard let rows = rows(of: draft, tab: composer.tab) else {
            return detailLines(draft, request: request, width: width)
        }
        let nameWidth = min(24, max(6, rows.map { DisplayWidth.of($0.name) }.max() ?? 0))
        var lines: [StyledLine] = []
        for (index, row) in rows.enumerated() {
            var line = StyledLine(" ")
            line.append(row.isEnabled ? glyphs.success : glyphs.pending, row.isEnabled ? .success : .dim)
            line.append(" ")
            let textStyle: Style = row.isEnabled ? .plain : .dim
            let value = shownValue(row, secret: isSecret(row))
            if case .field(var edit)? = typing, edit.tab == composer.tab {
                if edit.target == .name(row: index) {
                    let view = edit.editor.view(width: nameWidth + 1)
                    typing = .field(edit)
                    frame.cursor = Frame.Cursor(row: top + index, column: left + 3 + view.cursorColumn)
                    line.append(view.line)
                    line.append(" " + value, textStyle)
                    lines.append(line)
                    continue
                }
                if edit.target == .value(row: index) {
                    line.append(DisplayWidth.padded(row.name, to: nameWidth) + "  ", .syntaxKey)
                    let view = edit.editor.view(width: max(4, width - nameWidth - 5))
                    typing = .field(edit)
                    frame.cursor = Frame.Cursor(row: top + index, column: left + 5 + nameWidth + view.cursorColumn)
                    line.append(view.line)
                    lines.append(line)
                    continue
                }
            }
            line.append(DisplayWidth.padded(row.name, to: nameWidth) + "  ", row.isEnabled ? .syntaxKey : .dim)
            line.append(value, textStyle)
            if let rendered = renderedValue(row), rendered != row.value {
                line.append("  = " + (isSecret(row) && !source.revealsSecrets ? Redaction.placeholder : rendered), .dim)
            }
            let selected = focused && composer.row == index + 1
            lines.append(line.truncated(to: width).highlighted(selected ? .selected : .none))
        }
        let addSelected = focused && composer.row == rows.count + 1
        lines.append(StyledLine(" + add a row (a)", .dim).highlighted(addSelected ? .selected : .none))
        if let request { lines += addedLines(draft, request: request) }
        return lines
    }

    /// The read-only lines under a tab's rows: what is added to them when the request is sent.
    private func addedLines(_ draft: RequestDraft, request: WorkspaceRequest) -> [StyledLine] {
        switch composer.tab {
        case .headers: engineHeaderLines(draft, request: request)
        case .params: inheritedArgLines(request)
        case .body, .auth, .options: []
        }
    }

    /// The config's or environment's arguments (`config.args`) this request sends too,
    /// marked "from config" as the Headers tab marks `config.headers`.
    private func inheritedArgLines(_ request: WorkspaceRequest) -> [StyledLine] {
        let defaults = source.workspace.serviceDefaults(environment: source.engine.scope.environmentName, request: request.source.name)
        let inherited = request.source.inheritedArgs(defaults)
        guard !inherited.isEmpty else { return [] }
        return [StyledLine(" added when sent:", .dim)] + inherited.map { arg in
            let text = arg.value.stringValue ?? String(decoding: arg.value.serialized(prettyPrinted: false), as: UTF8.self)
            let value = Redaction.isSensitiveKey(arg.name) && !source.revealsSecrets ? Redaction.placeholder : text
            return StyledLine("   \(arg.name)=\(value)  (from config)", .dim)
        }
    }

    /// Headers the engine adds on its own (authorization, content type, user agent) and the
    /// config's or environment's (`config.headers`), marked "from config".
    private func engineHeaderLines(_ draft: RequestDraft, request: WorkspaceRequest) -> [StyledLine] {
        guard let prepared = try? request.preparedRequest() else { return [] }
        let own = Set(draft.headers.map { $0.name.lowercased() })
        let added = prepared.headers.filter { !own.contains($0.name.lowercased()) }
        guard !added.isEmpty else { return [] }
        let defaults = source.workspace.serviceDefaults(environment: source.engine.scope.environmentName, request: request.source.name)
        let inherited = Set(request.source.inheritedHeaderNames(defaults).map { $0.lowercased() })
        return [StyledLine(" added when sent:", .dim)] + added.map { header in
            let value = Redaction.isSensitiveHeader(header.name) && !source.revealsSecrets ? Redaction.placeholder : header.value
            return StyledLine("   \(header.name): \(value)" + (inherited.contains(header.name.lowercased()) ? "  (from config)" : ""), .dim)
        }
    }

    private func isSecret(_ row: KeyValueRow) -> Bool {
        Redaction.isSensitiveHeader(row.name) || Redaction.isSensitiveKey(row.name)
    }

    private func shownValue(_ row: KeyValueRow, secret: Bool) -> String {
        secret && !source.revealsSecrets ? Redaction.placeholder : row.value
    }

    /// A templated value filled in, unless it uses a value that changes on every send.
    private func renderedValue(_ row: KeyValueRow) -> String? {
        let references = Template.references(in: row.value)
        guard !references.isEmpty, !references.contains(where: { ["uuid", "now", "timestamp"].contains($0) }) else { return nil }
        return try? source.engine.scope.render(row.value)
    }
}
