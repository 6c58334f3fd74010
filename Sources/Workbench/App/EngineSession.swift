import CourierWorkspace
import Courier
import Foundation

/// The engine as the workbench uses it: the workspace runner (its agent and variables) for
/// the selected environment, with the HUD and the mailbox installed as accessories, so that
/// every request, batch and chain the workbench starts reports back to the input loop.
final class EngineSession {
    let runner: WorkspaceRunner
    let environment: String?
    /// Records every exchange this session finishes; nil = no history.
    let history: HistoryRecorder?
    /// Forwards the agent's transfer progress to the mailbox (for the Events pane).
    private let progress: Task<Void, Never>

    /// A session for `workspace`; `previous`, the one it replaces (a reload, another
    /// environment), hands over its cookie jar, which is the workbench session's.
    init(workspace: Workspace, environment: String?, settings: WorkbenchSettings, hud: HUDAccessory,
         mailbox: Mailbox, replacing previous: EngineSession? = nil) throws(WorkspaceError) {
        var options = RunOptions()
        options.stateDirectory = settings.stateDirectory
        options.cookieJar = previous?.agent.cookieJar
        // A saved jar's file is read off the input loop; the Cookies pane lists it once read.
        options.cookieFileRead = { mailbox.post(.cookieJarRead) }
        options.cookieProblem = { mailbox.post(.cookieJarProblem($0.description)) }
        // An OAuth2 sign-in's URL is shown in a window, not printed under the screen.
        options.tokenSessions = previous?.runner.tokenSessions
            ?? TokenSessions(stateDirectory: settings.stateDirectory, openURL: { mailbox.post(.openAuthorization(url: $0)) },
                                 tell: { mailbox.post(.authorizationNotice($0)) })
        options.environment = environment
        options.overrides = settings.overrides
        options.dotenv = settings.dotenv
        // Secrets fetched stay fetched across reloads while `secrets:` is the same.
        options.secretStore = previous?.runner.secretStore
        options.demoURL = settings.demoURL
        options.demoTLS = settings.demoTLS
        options.demoServer = settings.demoServer
        options.cacheDirectory = settings.cacheDirectory
        runner = try WorkspaceRunner(workspace: workspace, options: options)
        self.environment = environment
        runner.agent.config.accessories = (settings.demoServer.map { [DemoServerReadiness($0)] } ?? []) + [hud, MailboxAccessory(mailbox: mailbox)]
        runner.agent.config.cacheWriteFailureHandler = { mailbox.post(.cacheWriteFailed($0)) }
        history = settings.history.map { open in
            HistoryRecorder(context: HistoryRecorder.Context(workspace: workspace, environment: environment,
                                                             bodyLimit: workspace.config.historyBodyLimit,
                                                             retention: workspace.config.historyRetention),
                            open: open, onFailure: { mailbox.post(.historyFailed($0)) })
        }
        let events = runner.agent.events(bufferingNewest: 4096)
        progress = Task.detached {
            for await event in events {
                if case .progress(let progress) = event.kind, case .request(let request) = event.subject {
                    mailbox.post(.progress(request, progress))
                }
            }
        }
    }

    deinit { progress.cancel() }

    var agent: NetworkAgent { runner.agent }
    var scope: VariableScope { runner.scope }

    /// A request object for a definition (with the composer's edits applied), sent by this
    /// session's agent exactly as `courier run` would send it.
    func makeRequest(_ definition: RequestDefinition, scope: VariableScope? = nil, ignoreCache: Bool = false) -> WorkspaceRequest {
        let request = runner.makeRequest(definition: definition, scope: scope)
        request.ignoreCache = ignoreCache
        return request
    }
}

/// How the workbench was opened: `courier tui [WORKSPACE] [--env E] [--var k=v]…`.
package struct WorkbenchSettings: Sendable {
    package var environment: String?
    package var overrides: [String: String] = [:]
    /// `--env-file`'s values for `{{env.NAME}}`, and the files.
    package var dotenv: [String: String] = [:]
    package var envFiles: [String] = []
    /// What `{{demo}}` is: the embedded demo server's URL.
    package var demoURL: String?
    /// What `{{demoTLS}}`, `{{demoCA}}`… are: the demo server's TLS listeners.
    package var demoTLS: DemoTLSVariables?
    /// Instead of `demoURL` and `demoTLS`: the demo server the workbench runs in a process of
    /// its own, started once the first screen is drawn; what the user should know about it is
    /// said in the status line.
    package var demoServer: DemoServerAddresses?
    /// Called once the first screen is on the terminal: background work that would slow it
    /// down starts then (the demo server's child process).
    package var afterFirstScreen: (@Sendable () -> Void)?
    /// Instead of the workspace's cache directory.
    package var cacheDirectory: String?
    /// Opens the history database that sent requests are recorded in; nil = no history.
    package var history: (@Sendable () throws -> HistoryStore)?
    package var glyphs: Glyphs = .unicode
    /// Said in the status line when the workbench opens, e.g. that the demo server is not on
    /// its usual port.
    package var openingNotice: String?
    /// What reading the workspace at the start did to its contract (``ContractRead``), for the
    /// Events log; set by whoever read it.
    package var openingContractRead: ContractRead?
    /// Whether the Cache pane watches its directory for changes other processes make (on by
    /// default; tests that judge entries at a time of their choosing turn it off, since a
    /// change would make the pane read and judge again at the real time).
    package var watchesCacheDirectory = true
    /// Where a `persist` cookie jar and OAuth2 tokens are kept (nil: `$XDG_STATE_HOME/courier`).
    package var stateDirectory: String?
    /// How the side panes share the left column (`layout:` in the user config).
    package var layout: ScreenLayout.Style = .accordion
    /// Where `M` serves the workspace as a mock API (a free port when it is taken; 0: any).
    package var mockPort = 4010

    package init() {}
}
