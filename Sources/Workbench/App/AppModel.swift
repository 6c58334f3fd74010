import CourierWorkspace
import Courier
import Foundation

/// The workbench itself, without a terminal: the workspace and its edits, the selection and
/// focus, the exchanges fired and their responses, overlays and messages. Keys come in as
/// ``Key``s (``handle(_:now:)``), engine news through the ``Mailbox`` (``applyUpdates(now:)``),
/// and ``frame(now:)`` says what the screen shows. It lives on the input loop's thread.
package final class AppModel {
    /// Something only the terminal front can do, queued for it to carry out.
    package typealias Effect = WorkbenchEffect

    /// The work on the workspace: its edits, the engine session, sending, the exchanges and
    /// runs. The panes read it directly (``RequestsSource``, ``ExchangeSource``).
    let session: WorkbenchSession
    package let glyphs: Glyphs
    package var size: Size
    package internal(set) var focus: PaneID = .requests
    package internal(set) var isZoomed = false
    /// Every pane, each a component.
    lazy var panes = PaneSet(source: session, selection: self, settings: session.settings)
    /// Where each tab of the one-pane layout's tab bar is, for clicks.
    var tabHits: [(pane: PaneID, columns: Range<Int>)] = []
    /// The windows open over the panes.
    var overlays = OverlayStack()
    package internal(set) var toasts = Toasts()
    /// The last event in words, for the status line.
    var lastEvent = ""
    /// Queued for the terminal front: take them with ``takeEffects()``.
    package internal(set) var effects: [Effect] = []
    /// Set when the user confirmed quitting.
    package internal(set) var wantsToQuit = false
    /// Engine news that should not wait for the next paced frame (a stream's first events:
    /// the user is waiting for them); the front takes it with ``takeDrawAtOnce()``.
    var drawsAtOnce = false
    /// The last layout and what it was worked out from (``layout``).
    var layoutMemo: (inputs: LayoutInputs, layout: ScreenLayout)?

    /// Opens `workspace` (read from `workspacePath`); throws for an unknown environment or a
    /// config that cannot be rendered.
    package init(workspacePath: String, workspace: Workspace, settings: WorkbenchSettings, size: Size,
                mailbox: Mailbox) throws(WorkspaceError) {
        session = try WorkbenchSession(workspacePath: workspacePath, workspace: workspace, settings: settings, mailbox: mailbox)
        glyphs = settings.glyphs
        self.size = size
        reloadCache()
        if let notice = settings.openingNotice { say(notice, .warning, seconds: 12) }
        takeSessionNotices()
        // The request selected at the start is a selection too: the Load view lists its past
        // runs, the Cookies pane the cookies it set, without a move of the cursor first.
        selectionChanged()
    }

    /// The effects queued since the last call.
    package func takeEffects() -> [Effect] {
        defer { effects.removeAll() }
        return effects
    }

    // MARK: - Keys

    /// The key scope of the focused part of the screen.
    var scope: KeyMap.Scope { focusedComponent.scope }

    /// Applies one key. While a line is being typed every key goes to it.
    package func handle(_ key: Key, now: Date = Date()) {
        if case .resize = key { return }
        if case .mouse(let event) = key {
            handleMouse(event)
            return
        }
        if overlay != nil {
            handleOverlayKey(key, now: now)
            return
        }
        if focusedComponent.isTyping {
            carryOut(focusedComponent.type(key, context: context(for: focus, now: now)))
            return
        }
        if case .paste(let text) = key {
            handlePaste(text)
            return
        }
        guard let action = KeyMap.action(for: key, in: scope) else { return }
        perform(action)
    }

    /// Carries out an action, from a key or the palette: the focused component's own and
    /// moving actions go to it, the rest to the shell.
    package func perform(_ action: Action) {
        let component = focusedComponent
        if KeyMap.scope(component.scope, has: action) || KeyMap.isMoving(action) {
            if let reason = component.disabledReason(for: action) {
                say(reason, .info)
                return
            }
            carryOut(component.perform(action, context: context(for: focus)))
            return
        }
        performInShell(action)
    }

    /// The actions the shell itself carries out: focus and layout, overlays, and the
    /// session's work on the workspace (sending, running, editing), whose notices it then
    /// carries out.
    func performInShell(_ action: Action) {
        defer { takeSessionNotices() }
        let selected = tree.selectedNode
        switch action {
        case .quit: requestQuit()
        case .help: overlays.open(HelpOverlay())
        case .palette: overlays.open(PaletteOverlay(workspace: session.workspace))
        case .focusNext: cycleFocus(by: 1)
        case .focusPrevious: cycleFocus(by: -1)
        case .zoom: isZoomed.toggle()
        case .redraw: effects.append(.redraw)
        case .suspend: effects.append(.suspend)
        case .save: session.saveDrafts()
        case .pickEnvironment: openEnvironmentPicker()
        case .showVariables: overlays.open(VariablesOverlay(rows: session.variableRows()))
        case .send, .sendIgnoringCache:
            if let selected { session.send(selected, activating: false, ignoringCache: action == .sendIgnoringCache) }
        case .importCurl: overlays.open(PromptOverlay(Prompt(title: "Paste a curl command", editor: LineEditor(), purpose: .importCurl)))
        case .copyAsCurl: session.copyAsCurl(selected: selected?.requestName)
        case .copyAsCode: openCodeLanguagePicker(selected: selected?.requestName)
        case .toggleOffline: session.toggleOffline()
        case .editInEditor: session.openInEditor(selected: selected)
        case .cancel: session.cancel(selected: selected)
        case .up, .down, .left, .right, .pageUp, .pageDown, .halfPageUp, .halfPageDown, .top, .bottom:
            move(action)
        case .activate: activateSelection()
        case .stepChain: session.stepChain(of: selected)
        case .newRequest:
            let folder = tree.folder(for: selected)
            let title = folder.map { "Name of the new request in requests/\($0.isEmpty ? "" : $0 + "/")" } ?? "Name of the new request"
            overlays.open(PromptOverlay(Prompt(title: title, editor: LineEditor(), purpose: .newRequest(folder: folder))))
        case .browseServices:
            if !session.browseServices(first: selected?.requestName) {
                overlays.open(PromptOverlay(Prompt(title: "gRPC server to browse (HOST:PORT, or http://HOST:PORT without TLS)",
                                                   editor: LineEditor(), purpose: .browseServer)))
            }
        case .revealSecrets: session.toggleSecrets()
        case .open:
            say("Enter opens the selected row of Cache, Runs or Events: go to one first (4, 5, 6)", .info)
        case .showFailure: tell(.showEvent(toasts.lastFailureEvent))
        case .keepMine, .takeTheirs, .showBoth: session.resolveConflict(action, of: selected?.requestName)
        case .back: handleEscape()
        default:
            if let pane = action.focusTarget {
                focus(pane)
            } else if let (owner, anywhere) = panes.owner(of: action) {
                // A pane's own action: its pane does it.
                if let reason = owner.disabledReason(for: action) { return say(reason, .info) }
                if !anywhere { focus = owner.id }
                carryOut(owner.perform(action, context: context(for: owner.id)))
            }
            // Otherwise a key of windows or of typing, handled where it applies.
        }
    }

    // MARK: - Focus

    func focus(_ pane: PaneID) {
        if pane == focus { panes.component(pane).focusedAgain() }
        focus = pane
    }

    /// Tab and Shift-Tab: through a pane's own parts first (Exchange's composer and response),
    /// then to the next pane.
    private func cycleFocus(by step: Int) {
        if panes.component(focus).cycle(by: step) { return }
        let all = PaneID.allCases
        let current = all.firstIndex(of: focus) ?? 0
        focus = all[(current + step + all.count) % all.count]
        panes.component(focus).entered(by: step)
    }

    // MARK: - Messages

    /// Shows a message in the status line for a few seconds.
    func say(_ text: String, _ style: Style = .info, seconds: Double = 4, event: Int? = nil) {
        toasts.say(text, style, seconds: seconds, event: event)
    }

    /// When the loop must wake up even if nothing arrives: the next animation frame while
    /// anything is in flight, or the next message to expire. Nil: sleep until a key or news.
    package func nextDeadline(now: Date) -> Date? {
        var deadlines = panes.all.compactMap(\.nextWake) + [toasts.nextExpiry].compactMap { $0 }
        if isBusy { deadlines.append(now.addingTimeInterval(1.0 / 15)) }
        return deadlines.min()
    }

    /// Whether anything the workbench started is still running.
    package var isBusy: Bool {
        session.hud.snapshot.isBusy || session.exchanges.values.contains { $0.isInFlight } || panes.all.contains { $0.isWorking }
    }

    /// Whether there are edits not yet written to the file.
    package var hasUnsavedEdits: Bool { !session.dirtyDraftNames.isEmpty }

    /// Quits without asking (SIGTERM, SIGHUP).
    package func forceQuit() {
        wantsToQuit = true
    }

    /// `q`: quits, or first asks when requests are in flight or edits unsaved.
    private func requestQuit() {
        if let question = session.quitQuestion() { overlays.open(ConfirmOverlay(question)) } else { wantsToQuit = true }
    }

    private func handleEscape() {
        if focusedComponent.escape() {
            return
        } else if isZoomed {
            isZoomed = false
        } else {
            toasts.clear()
        }
    }
}
