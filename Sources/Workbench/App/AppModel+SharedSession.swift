import CourierWorkspace
import Courier
import Foundation

/// The session's state under the names the shell's files use; it is kept in ``shared``.
/// `_modify` changes it in place (a dictionary of exchanges is not copied per change).
extension AppModel {
    public var workspacePath: String { shared.workspacePath }
    public internal(set) var workspace: Workspace {
        get { shared.workspace }
        _modify { yield &shared.workspace }
    }
    /// The file as last read failed to load: the last good definitions stay in use.
    public internal(set) var reloadError: WorkspaceError? {
        get { shared.reloadError }
        _modify { yield &shared.reloadError }
    }
    public var settings: WorkbenchSettings { shared.settings }
    var mailbox: Mailbox { shared.mailbox }
    var hud: HUDAccessory { shared.hud }
    var session: EngineSession {
        get { shared.engine }
        _modify { yield &shared.engine }
    }
    var environment: String? {
        get { shared.environment }
        _modify { yield &shared.environment }
    }
    /// Unsaved edits, by the request's name in the file.
    public internal(set) var drafts: [String: RequestDraft] {
        get { shared.drafts }
        _modify { yield &shared.drafts }
    }
    /// What each draft was made from, and whether the file changed under it since.
    public internal(set) var draftOrigins: [String: DraftOrigin] {
        get { shared.draftOrigins }
        _modify { yield &shared.draftOrigins }
    }
    /// The latest exchange of each request.
    public internal(set) var exchanges: [String: Exchange] {
        get { shared.exchanges }
        _modify { yield &shared.exchanges }
    }
    var exchangesByRequest: [ObjectIdentifier: Exchange] {
        get { shared.exchangesByRequest }
        _modify { yield &shared.exchangesByRequest }
    }
    var pagedSends: [String: PagedRequest] {
        get { shared.pagedSends }
        _modify { yield &shared.pagedSends }
    }
    var nextExchangeID: Int {
        get { shared.nextExchangeID }
        _modify { yield &shared.nextExchangeID }
    }
    var keptFinishedExchanges: Int {
        get { shared.keptFinishedExchanges }
        _modify { yield &shared.keptFinishedExchanges }
    }
    public internal(set) var revealsSecrets: Bool {
        get { shared.revealsSecrets }
        _modify { yield &shared.revealsSecrets }
    }
    var cacheMarkers: [String: Bool] {
        get { shared.cacheMarkers }
        _modify { yield &shared.cacheMarkers }
    }
    var editorBackup: String? {
        get { shared.editorBackup }
        _modify { yield &shared.editorBackup }
    }
    /// The Cache pane's verdict on the selected request must be judged again.
    var cacheVerdictIsStale: Bool {
        get { shared.judgementsAreStale }
        _modify { yield &shared.judgementsAreStale }
    }
}
