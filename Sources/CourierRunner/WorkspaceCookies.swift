import Courier
import CourierFormat
import CourierFormatCore
import Foundation

/// The cookie jar a workspace's run or workbench session sends through, as `config.cookies`
/// says: one in memory (`session`), one kept in a 0600 file of the state directory
/// (`persist`), or none.
package enum WorkspaceCookies {
    /// Where `persist` keeps the workspace's cookies: `cookies/<name>-<hash>.txt` in the state
    /// directory (`$XDG_STATE_HOME/courier` unless given), one file per workspace file, named
    /// as its history is.
    package static func file(for workspace: Workspace, stateDirectory: String? = nil) -> String {
        let directory = stateDirectory ?? XDGDirectories.stateHome() + "/courier"
        return "\(directory)/cookies/\(WorkspaceStateName.of(workspacePath: workspace.file)).txt"
    }

    /// The workspace's saved jar, to list and edit (`courier cookies`); changes are written
    /// with ``CookieJar/saveToFile()``. Throws, saying how to get one, unless `config.cookies`
    /// is persist.
    package static func savedJar(for workspace: Workspace, stateDirectory: String? = nil) throws(WorkspaceError) -> CookieJar {
        guard workspace.config.cookies == .persist else {
            throw WorkspaceError(.invalidValue, at: nil, "\(workspace.file): config.cookies is \(workspace.config.cookies.rawValue): "
                                    + "cookies are kept only for one run or workbench session, so there is no saved jar. "
                                    + "Set `config: {cookies: persist}` to keep them in \(file(for: workspace, stateDirectory: stateDirectory)).")
        }
        return try jar(for: workspace, stateDirectory: stateDirectory)!
    }

    /// The jar for a new run or session of `workspace`: nil for `none`; for `session`,
    /// `session` (a jar kept across reloads) or a new one; for `persist`, the file's cookies,
    /// written back as they change (failures told to `onSaveFailure`, and so are the file's
    /// lines that could not be read and cookies dropped past ``CookieLimits``: the run goes on
    /// with the rest). With `whenRead`, the file is read on a thread of its own and `whenRead`
    /// called once it has (at once for a jar without a file).
    package static func jar(for workspace: Workspace, stateDirectory: String? = nil, session: CookieJar? = nil,
                           whenRead: (@Sendable () -> Void)? = nil,
                           onSaveFailure: (@Sendable (CookieJarError) -> Void)? = nil) throws(WorkspaceError) -> CookieJar? {
        switch workspace.config.cookies {
        case .none: return nil
        case .session: return session ?? CookieJar()
        case .persist:
            let path = file(for: workspace, stateDirectory: stateDirectory)
            do throws(CookieJarError) {
                let jar = try CookieJar(file: path, readingInBackground: whenRead != nil, onSaveFailure: onSaveFailure)
                if let whenRead {
                    jar.afterReadingFile(whenRead)  // a jar read in the background tells its problems itself
                } else {
                    for problem in jar.loadProblems { onSaveFailure?(problem) }
                }
                return jar
            } catch {
                throw WorkspaceError(.unreadable, at: nil, "\(workspace.file): config.cookies is persist, but \(error)")
            }
        }
    }
}
