import CourierWorkspace
import Courier

extension ExchangePane {
    /// The rows of the composer's tab for a draft, when the tab has editable rows.
    func rows(of draft: RequestDraft, tab: ComposerState.Tab) -> [KeyValueRow]? {
        // A call's Metadata and Message tabs are read-only.
        if tab == .params || tab == .body, call(of: draft) != nil { return nil }
        switch tab {
        case .params: return draft.args
        case .headers: return draft.headers
        case .body: return draft.form
        case .auth, .options: return nil
        }
    }

    private func setRows(_ rows: [KeyValueRow], tab: ComposerState.Tab, in draft: inout RequestDraft) {
        switch tab {
        case .params: draft.args = rows
        case .headers: draft.headers = rows
        case .body: draft.form = rows
        case .auth, .options: break
        }
    }

    /// Applies a change to the rows of the current tab of the selected request.
    private func updateRows(_ change: (inout [KeyValueRow]) -> Void) {
        guard let name = selection.selectedRequestName else { return }
        let tab = composer.tab
        source.updateDraft(name) { draft in
            guard var rows = rows(of: draft, tab: tab) else { return }
            change(&rows)
            setRows(rows, tab: tab, in: &draft)
        }
    }

    /// The selected row of the tab (composer row 1 is the tab's first row).
    private var selectedRowIndex: Int? {
        guard composer.row > 0, let name = selection.selectedRequestName, let draft = source.draft(of: name),
              let rows = rows(of: draft, tab: composer.tab), composer.row - 1 < rows.count else { return nil }
        return composer.row - 1
    }

    /// How many rows the composer can select: the URL line, the tab's rows and its "add" row.
    var composerRowCount: Int {
        guard let name = selection.selectedRequestName, let draft = source.draft(of: name),
              let rows = rows(of: draft, tab: composer.tab) else { return 1 }
        return rows.count + 2
    }

    func cycleMethod() {
        guard let name = selection.selectedRequestName else { return }
        if let draft = source.draft(of: name), let refusal = callURLRefusal(draft) { return say(refusal, .info) }
        let order = HTTPMethod.common
        source.updateDraft(name) { draft in
            draft.method = order[((order.firstIndex(of: draft.method) ?? 0) + 1) % order.count]
        }
        if let method = source.draft(of: name)?.method { say("\(name): method \(method.rawValue) (unsaved — w saves)", .info) }
    }

    func beginEditing(_ target: FieldEdit.Target, isNewRow: Bool = false) {
        if target == .url, let name = selection.selectedRequestName, let draft = source.draft(of: name),
           let refusal = callURLRefusal(draft) {
            return say(refusal, .info)
        }
        guard let name = selection.selectedRequestName, let draft = source.draft(of: name) else {
            say("select a request to edit it", .warning)
            return
        }
        let text: String
        switch target {
        case .url: text = draft.url
        case .name(let row): text = rows(of: draft, tab: composer.tab)?[row].name ?? ""
        case .value(let row): text = rows(of: draft, tab: composer.tab)?[row].value ?? ""
        }
        work(.focus(.exchange))
        section = .composer
        if target == .url { composer.row = 0 }
        typing = .field(FieldEdit(request: name, tab: composer.tab, target: target, editor: LineEditor(text), isNewRow: isNewRow))
    }

    /// Enter in the composer: edits the URL, a row's value, or adds a row.
    func editComposerRow() {
        if composer.row == 0, let name = selection.selectedRequestName, let draft = source.draft(of: name),
           let refusal = callURLRefusal(draft) {
            say(refusal, .info)
        } else if composer.row == 0 {
            beginEditing(.url)
        } else if let index = selectedRowIndex {
            beginEditing(.value(row: index))
        } else if composer.row == composerRowCount - 1, composerRowCount > 1 {
            addComposerRow()
        } else {
            say("this tab is read-only here — e edits the request in $EDITOR", .info)
        }
    }

    func addComposerRow() {
        guard let name = selection.selectedRequestName, let draft = source.draft(of: name), let rows = rows(of: draft, tab: composer.tab) else {
            say("\(composer.tab.title) has no rows to add here — e edits the request in $EDITOR", .info)
            return
        }
        updateRows { $0.append(KeyValueRow(name: "", value: "")) }
        composer.row = rows.count + 1
        beginEditing(.name(row: rows.count), isNewRow: true)
    }

    func deleteComposerRow() {
        guard let index = selectedRowIndex else { return }
        updateRows { $0.remove(at: index) }
        composer.row = min(composer.row, composerRowCount - 1)
    }

    func toggleComposerRow() {
        guard let index = selectedRowIndex else { return }
        updateRows { $0[index].isEnabled.toggle() }
    }

    func switchTab(by step: Int) {
        if section == .response {
            let tabs = responseTabs
            let index = tabs.firstIndex(of: responseTab) ?? 0
            responseTab = tabs[(index + step + tabs.count) % tabs.count]
            if responseTab == .history { loadHistory() }
            return
        }
        let tabs = ComposerState.Tab.allCases
        composer.tab = tabs[(composer.tab.rawValue + step + tabs.count) % tabs.count]
        composer.row = min(composer.row, composerRowCount - 1)
        composer.scroll = 0
    }

    /// A key while a composer field is typed into.
    func handleFieldKey(_ key: Key, edit: FieldEdit) {
        var edit = edit
        switch edit.editor.handle(key) {
        case .editing:
            typing = .field(edit)
        case .cancelled:
            typing = nil
            if edit.isNewRow, case .name(let row) = edit.target { updateRows { $0.remove(at: row) } }
        case .committed:
            commit(edit)
            if edit.isNewRow, case .name(let row) = edit.target, !edit.editor.text.isEmpty {
                beginEditing(.value(row: row))
            } else {
                typing = nil
            }
        case .passed(let key) where KeyMap.ownAction(for: key, in: .typing) == .nextField:
            commit(edit)
            switch edit.target {
            case .name(let row): beginEditing(.value(row: row))
            case .value(let row): beginEditing(.name(row: row))
            case .url: typing = nil
            }
        case .passed:
            typing = .field(edit)
        }
    }

    /// `PROPFIND /files` typed on the URL line sets the method too (any method `m` does not
    /// cycle through): a first word in capitals that is an RFC 9110 token, then the URL.
    static func leadingMethod(of text: String) -> (HTTPMethod?, String) {
        let parts = text.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let word = parts.first.map(String.init), word.contains(where: \.isUppercase),
              !word.contains(where: \.isLowercase), let method = HTTPMethod(rawValue: word) else { return (nil, text) }
        let url = parts[1].trimmingCharacters(in: .whitespaces)
        return url.isEmpty ? (nil, text) : (method, url)
    }

    private func commit(_ edit: FieldEdit) {
        let text = edit.editor.text
        switch edit.target {
        case .url:
            let (method, url) = Self.leadingMethod(of: text)
            source.updateDraft(edit.request) { draft in
                if let method { draft.method = method }
                draft.url = url
            }
        case .name(let row):
            if text.isEmpty, edit.isNewRow {
                updateRows { $0.remove(at: row) }
            } else {
                updateRows { $0[row].name = text }
            }
        case .value(let row):
            updateRows { rows in
                if rows[row].value.isEmpty, rows[row].type == .string { rows[row].type = KeyValueRow.inferredType(of: text) }
                rows[row].value = text
            }
        }
    }
}
