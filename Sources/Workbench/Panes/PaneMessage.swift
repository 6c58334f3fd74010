import CourierWorkspace
import Foundation

/// What the shell tells the panes. The shell sends each message to every pane
/// (``AppModel/tell(_:now:)``) and never names the one it is for: a pane acts on the messages
/// that concern it and ignores the rest (``Pane/hear(_:context:)``), so a new pane that wants
/// one needs no shell edit.
enum PaneMessage {
    /// The workspace was read again; `orphans` (requests with edits the file no longer has)
    /// stay listed.
    case workspaceReloaded(Workspace, orphans: [String])
    /// Select `node` in the tree, where the filter and folds let it show (a chain's running
    /// step); the pane answers ``PaneWork/selectionChanged`` when the selection moved.
    case select(RequestTree.Node)
    /// A chain started the step `node`: while the selection is in that chain it moves to the
    /// step, so the Exchange pane shows each step's request and then its response.
    case chainStepStarted(RequestTree.Node)
    /// Select `node` whatever the filter and folds (the palette, a response asked for).
    case reveal(RequestTree.Node)
    /// Enter on a section row of the tree: fold or unfold it.
    case foldSelectedSection
    /// Show the selected request's response (not its composer).
    case showResponse
    /// Show a cache entry in the response viewer.
    case inspect(CacheInspection)
    /// The cache listing to read again, its entries judged as `judged` says.
    case cacheListing(WorkspaceCache, judged: [String: CacheBrowser.Judgement], now: Date)
    /// Whether the selected request would be answered from the cache now.
    case cacheVerdict(CacheVerdict?)
    /// The workspace just read decoded its `contract:` (or took it from the disk cache): work
    /// with no request of its own, which Events logs.
    case contractRead(ContractRead)
    /// The workspace file is being read again off the input loop (and `contract`, the
    /// contract it named): In flight shows it until ``EngineUpdate/workspaceRead(_:)`` arrives.
    case readingWorkspace(file: String, contract: String?, generation: Int)
    /// Select the Events entry `id`, or the newest failure when nil (`!`); the pane says when
    /// there is none.
    case showEvent(Int?)
}
