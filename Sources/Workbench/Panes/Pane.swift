import CourierWorkspace
import Courier
import Foundation

/// A pane of the workbench as a component: it owns its state, takes the keys of its scope
/// (``perform(_:context:)``) and of its typing modes (``type(_:context:)``), follows the
/// engine's news (``apply(_:context:)``), and draws itself without I/O
/// (``render(context:)``). What other parts must do — focus another pane, show a response,
/// ask for confirmation, a message — comes back as ``PaneWork`` for the shell to carry out:
/// no pane writes another's state. See ARCHITECTURE.md for how to add one.
protocol Pane: Component {
    /// Its number and title (declared beside the pane: `extension PaneID`).
    static var id: PaneID { get }
    /// Its keys as shipped, in its own scopes (declared beside the pane: `extension
    /// KeyMap.Scope`); the key table, help, hints and the palette read them.
    static var bindings: [KeyMap.Binding] { get }
    /// A new pane, for ``PaneSet``.
    init(environment: PaneEnvironment)

    /// Esc: drops the pane's own transient state (a filter); false when it had none.
    func escape() -> Bool
    /// A click on the `row`-th row of the content area.
    func click(contentRow row: Int, context: PaneContext) -> [PaneWork]
    /// News from the engine.
    func apply(_ update: EngineUpdate, context: PaneContext) -> [PaneWork]
    /// What the pane's own background work posted for it (``EngineUpdate/paneResult(_:_:)``),
    /// of a type the pane defines.
    func receive(_ result: any Sendable, context: PaneContext) -> [PaneWork]
    /// Why `action` does not apply to what is selected now (lazygit's "disabled because"),
    /// or nil when it does: the status line leaves its hint out, and the key says why.
    func disabledReason(for action: Action) -> String?
    /// Enter in a prompt the pane opened (``Prompt/Purpose/pane(_:purpose:)``): what to do,
    /// or why it cannot (the prompt stays open and says so).
    func answer(_ purpose: String, text: String, context: PaneContext) -> PromptAnswer
    /// Yes to a question the pane asked (``Confirmation/Consequence/pane(_:question:)``).
    func confirmed(_ question: String, context: PaneContext) -> [PaneWork]
    /// Another request, batch or chain was selected in Requests.
    func selectionChanged(context: PaneContext) -> [PaneWork]
    /// Brings what changes with time up to date, before a frame (a record table read, a
    /// listing whose entries expired, a run's figures asked for).
    func tick(_ tick: PaneTick, context: PaneContext) -> [PaneWork]
    /// When the loop must wake for this pane though nothing arrives (an entry's expiry, a
    /// run's next sample); nil: not for this pane.
    var nextWake: Date? { get }
    /// Whether work the pane started itself is still going (a load run): the workbench is busy.
    var isWorking: Bool { get }
    /// That work in a few words for the status line's counts while busy
    /// (`load run of orders: 8 in flight`); nil when there is none.
    var busySummary: String? { get }
    /// Whether the pane has nothing to show (no runs, an empty jar): the accordion layout
    /// gives it its title line alone while another pane is focused.
    var isEmpty: Bool { get }

    /// What the shell tells every pane (``PaneMessage``); the pane acts on what concerns it.
    func hear(_ message: PaneMessage, context: PaneContext) -> [PaneWork]
    /// Tab (`step` 1) or Shift-Tab (-1) while focused: moves between the pane's own parts
    /// (Exchange's composer and response) and returns true, or false to let the focus go on.
    func cycle(by step: Int) -> Bool
    /// The focus arrived by Tab (`step` 1) or Shift-Tab (-1): the pane shows its first or last part.
    func entered(by step: Int)
    /// The pane's own number key, pressed while it is focused.
    func focusedAgain()
    /// The pointer is over screen row `row` (the wheel scrolls what is there).
    func pointer(atRow row: Int, context: PaneContext)
    /// While the pane takes typed text: the keys the hint line shows and their scope.
    var typingHints: (actions: [Action], scope: KeyMap.Scope)? { get }
}

/// What a pane's ``Pane/tick(_:context:)`` reads of the shell besides its context.
struct PaneTick {
    /// Whether anything the workbench started is running.
    var isBusy: Bool
    /// Read now, whatever the pane's interval (a test, or a frame that must be exact).
    var force: Bool
    /// The agents that may have requests in flight, whose record tables In flight reads.
    var agents: () -> [NetworkAgent]
    /// The workspace name a request was sent for.
    var requestName: (Request) -> String
}

/// A pane's answer to a line typed in its prompt.
enum PromptAnswer {
    /// Done: the prompt closes and the work is carried out.
    case done([PaneWork])
    /// Not done, for this reason: the prompt stays open and shows it.
    case refused(String)
}

extension Pane {
    var id: PaneID { Self.id }
    func escape() -> Bool { false }
    func click(contentRow row: Int, context: PaneContext) -> [PaneWork] { [] }
    func apply(_ update: EngineUpdate, context: PaneContext) -> [PaneWork] { [] }
    func receive(_ result: any Sendable, context: PaneContext) -> [PaneWork] { [] }
    func disabledReason(for action: Action) -> String? { nil }
    func answer(_ purpose: String, text: String, context: PaneContext) -> PromptAnswer { .done([]) }
    func confirmed(_ question: String, context: PaneContext) -> [PaneWork] { [] }
    func selectionChanged(context: PaneContext) -> [PaneWork] { [] }
    func tick(_ tick: PaneTick, context: PaneContext) -> [PaneWork] { [] }
    var nextWake: Date? { nil }
    var isWorking: Bool { false }
    var busySummary: String? { nil }
    var isEmpty: Bool { false }
    func hear(_ message: PaneMessage, context: PaneContext) -> [PaneWork] { [] }
    func cycle(by step: Int) -> Bool { false }
    func entered(by step: Int) {}
    func focusedAgain() {}
    func pointer(atRow row: Int, context: PaneContext) {}
    var typingHints: (actions: [Action], scope: KeyMap.Scope)? { isTyping ? ([.commitLine, .cancelLine], .typing) : nil }
}

/// What a pane is made with: where the workspace panes read their data (the session), what
/// the user selected (the shell), and how the workbench was opened (glyphs, whether the cache
/// directory is watched).
struct PaneEnvironment {
    var source: any RequestsSource & ExchangeSource
    var selection: any SelectionSource
    var settings: WorkbenchSettings
    var glyphs: Glyphs { settings.glyphs }
}

/// What a pane reads of the workbench around it, handed in with every call; it never
/// writes through it.
struct PaneContext {
    /// The pane's rectangle in the current layout, border included.
    var rect: Rect
    var isFocused: Bool
    var now: Date
    var glyphs: Glyphs
    /// The base URL of the session's agent, which URLs are shown without.
    var baseURL: String
    /// Whether secrets show (`v`).
    var revealsSecrets: Bool
    /// A lifecycle subject's kind, workspace name and start, as the workbench knows it.
    var describe: (LifecycleSubject) -> SubjectDescription
    /// A request's row in the agents' record tables, as In flight last read them.
    var transfer: (Request) -> InFlightTable.Row?
    /// `GET https://…/orders/42`: what a workspace request would send with `scope`'s values.
    var preview: (String, VariableScope) -> String?

    /// The rows inside the border.
    var content: Rect { rect.inner }

    /// A URL on the session's base URL without it (`/drip?…`); others as they are.
    func shortURL(_ url: String) -> String {
        guard !baseURL.isEmpty, url.hasPrefix(baseURL) else { return url }
        let rest = String(url.dropFirst(baseURL.count))
        return rest.hasPrefix("/") ? rest : "/" + rest
    }

    /// The title of a pane: its number and name, brighter when focused, and `extra` dim.
    func title(_ pane: PaneID, _ extra: String = "") -> StyledLine {
        PaneTitle.line(pane, extra, focused: isFocused)
    }
}

/// A request, batch or chain as the workbench names it.
struct SubjectDescription {
    /// request, batch or chain.
    var kind: String
    var name: String
    /// When it started, and how long it took (or has run) by `now`.
    var startedAt: Date?
    var duration: TimeInterval?
}

/// A pane's drawing: its frame (two for the Exchange pane: composer and response), and where
/// the terminal's cursor goes while it types.
struct PaneRender {
    var frames: [PaneFrame]
    var cursor: Frame.Cursor?

    init(frames: [PaneFrame], cursor: Frame.Cursor?) {
        self.frames = frames
        self.cursor = cursor
    }

    init(frame: PaneFrame, cursor: Frame.Cursor?) {
        self.init(frames: [frame], cursor: cursor)
    }
}

/// Work a pane asks of the shell, carried out in order after the pane returns.
enum PaneWork {
    /// A message in the status line; `event` links it to an Events entry (`!`).
    case say(String, Style, seconds: Double = 4, event: Int? = nil)
    case focus(PaneID)
    /// Select the request in the tree and show the response of `sent` (or its latest).
    case showResponse(request: String, sent: Request?)
    /// Show a cache entry in the response viewer.
    case inspect(CacheInspection)
    /// Ask first, then carry out the consequence.
    case confirm(Confirmation)
    /// Ask for a line (a path, a name).
    case prompt(Prompt)
    /// Run a batch or chain of the Runs pane again.
    case rerun(RunRecord)
    /// The cache changed on disk: judge its entries again.
    case refreshCache
    /// Read the cache listing again as of `now` (an entry's time ran out, or a minute passed).
    case reloadCache(now: Date)
    /// The selection in Requests moved: the Exchange pane follows it.
    case selectionChanged
    /// An action on the workspace — send, run, step, new, duplicate, delete, rename: sending
    /// and editing the file are the session's, which the shell holds.
    case workspace(Action)

    // What windows over the panes ask for.
    /// Close the window that asked.
    case close
    /// Make a request of a gRPC method (the service browser's `n`): the shell asks its name.
    case newCall(NewCall)
    /// Load a schema of the service browser again, forgetting what was loaded (`r`).
    case reloadServices(ServiceSource)
    /// Carry out an action as its key would (the palette).
    case perform(Action)
    /// Select a request, batch or chain in Requests and go there (the palette).
    case reveal(RequestTree.Node)
    case switchEnvironment(String?)
    /// Copy a request as a program in a language (the copy-as-code menu).
    case copyAsCode(request: String, language: CodeLanguage)
    /// The user answered yes to a question.
    case confirmed(Confirmation.Consequence)
    /// Enter in a prompt: the shell does what it asked for, or refuses with a reason the
    /// prompt shows.
    case submit(Prompt.Purpose, text: String)
    /// Open the workspace file in the editor, at the line the last reload failed on.
    case editWorkspaceFile
    /// Keep mine, take theirs or show both, for a request's edit conflict.
    case resolveConflict(Action, request: String)
}
