import CourierWorkspace
import Courier
import Foundation

/// The workbench's work on a workspace, without a shell or a pane: the file and what was read
/// of it, the engine session for the chosen environment, the unsaved edits and their
/// conflicts, sending (requests, `paginate:` listings, batches, chains), streams, the
/// exchanges kept and the bodies laid out, the runs started, and the engine's news about all
/// of them. What the user must be told, and what the panes must hear at once, it queues as
/// ``SessionNotice``s; the shell takes them (``takeNotices()``) after each call. It lives on
/// the input loop's thread, like the shell.
final class WorkbenchSession {
    let workspacePath: String
    var workspace: Workspace {
        didSet {
            judgementsAreStale = true
            forgetCallSources()
        }
    }
    /// The file as last read failed to load: the last good definitions stay in use.
    var reloadError: WorkspaceError?
    let settings: WorkbenchSettings
    let mailbox: Mailbox
    let hud = HUDAccessory()
    var glyphs: Glyphs { settings.glyphs }
    /// The engine for the current environment: agent, runner, history.
    var engine: EngineSession {
        didSet {
            judgementsAreStale = true
            forgetCallSources()
        }
    }
    var environment: String?
    /// Unsaved edits, by the request's name in the file.
    var drafts: [String: RequestDraft] = [:] {
        didSet {
            draftOrigins = draftOrigins.filter { drafts[$0.key] != nil }
            judgementsAreStale = true
        }
    }
    /// What each draft was made from, and whether the file changed under it since.
    var draftOrigins: [String: DraftOrigin] = [:]
    /// The latest exchange of each request.
    var exchanges: [String: Exchange] = [:]
    var exchangesByRequest: [ObjectIdentifier: Exchange] = [:]
    /// The `paginate:` sends fetching pages, by request name.
    var pagedSends: [String: PagedRequest] = [:]
    var nextExchangeID = 1
    /// Finished exchanges kept besides each request's latest, so Runs and Events can open them.
    var keptFinishedExchanges = 500
    /// The batches and chains started, newest first.
    let runs = RunLog()
    /// Whether secrets show (`v`), everywhere at once.
    var revealsSecrets = false
    /// Whether the cache would answer each request now, judged for the rows on screen.
    var cacheMarkers: [String: Bool] = [:]
    /// The file as it was before the editor opened, to put back if the edit breaks it.
    var editorBackup: String?
    /// The workspace, its edits or the engine changed: what was judged of them (the Cache
    /// pane's verdict) must be judged again.
    var judgementsAreStale = true
    /// The reads of the file started off the input loop so far; only the latest one's result is taken.
    var readGeneration = 0
    /// The latest of them whose result was taken.
    var finishedReadGeneration = 0
    /// What the reads under way are for, joined (``WorkspaceReading/Purpose/joined(with:)``).
    var readPurpose: WorkspaceReading.Purpose?
    #if GRPC
    /// Each gRPC request's schema source as last worked out, for its kind badge (forgotten
    /// with the workspace and the environment, which fill it in).
    var callSources: [String: GRPCSchemaStore.Source] = [:]
    #endif
    /// What the shell must carry out, oldest first (``takeNotices()``).
    private(set) var notices: [SessionNotice] = []

    init(workspacePath: String, workspace: Workspace, settings: WorkbenchSettings, mailbox: Mailbox) throws(WorkspaceError) {
        self.workspacePath = workspacePath
        self.workspace = workspace
        self.settings = settings
        self.mailbox = mailbox
        environment = settings.environment
        engine = try EngineSession(workspace: workspace, environment: settings.environment, settings: settings,
                                   hud: hud, mailbox: mailbox)
        if let read = settings.openingContractRead { notify(.contractRead(read)) }
        settings.demoServer?.onNotice { mailbox.post(.demoServerNotice($0)) }
    }

    /// The notices queued since the last call.
    func takeNotices() -> [SessionNotice] {
        defer { notices.removeAll() }
        return notices
    }

    /// Queues a notice for the shell.
    func notify(_ notice: SessionNotice) {
        notices.append(notice)
    }

    /// Queues a message for the status line.
    func say(_ text: String, _ style: Style = .info, seconds: Double = 4, event: Int? = nil) {
        notices.append(.say(text, style, seconds: seconds, event: event))
    }

    /// The workspace file's name, for messages.
    var fileName: String { (workspacePath as NSString).lastPathComponent }

    /// A file of the workspace for messages: its path from the workspace's folder
    /// (`requests/users/get.yaml`), or its name when it is elsewhere.
    func displayName(of file: String) -> String {
        let folder = (workspacePath as NSString).deletingLastPathComponent
        guard !folder.isEmpty, file.hasPrefix(folder + "/") else { return (file as NSString).lastPathComponent }
        return String(file.dropFirst(folder.count + 1))
    }
}
