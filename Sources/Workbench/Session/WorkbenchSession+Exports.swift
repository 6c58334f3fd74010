import CourierWorkspace
import Courier
import Foundation

/// What leaves the session as a file or a command — a body, a run as HAR, a request as curl —
/// and offline replay.
extension WorkbenchSession {
    /// Why a path typed into a prompt cannot take a new file.
    struct PathProblem: Error {
        let reason: String
    }

    /// A path typed into a prompt (`~/` expanded) for a file that must not exist yet.
    static func newFilePath(_ typed: String) -> Result<String, PathProblem> {
        let expanded = typed.hasPrefix("~/") ? NSHomeDirectory() + typed.dropFirst() : typed
        guard !expanded.isEmpty else { return .failure(PathProblem(reason: "a path is needed")) }
        if FileManager.default.fileExists(atPath: expanded) {
            return .failure(PathProblem(reason: "\(typed) exists; choose another name"))
        }
        return .success(expanded)
    }

    /// Writes the body of exchange `id` to a new file (owner-only); nil, or why not.
    func saveBody(of id: Int, to path: String) -> String? {
        guard let exchange = exchangesByRequest.values.first(where: { $0.id == id }) else { return "the response is gone" }
        if let spooled = exchange.request.responseSpooledBody {
            return "the body (\(ByteCount.text(Int(spooled.count)))) is in a file already, until the exchange goes: \(spooled.url.path)"
        }
        guard let data = exchange.request.responseData else { return "the response is gone" }
        let expanded: String
        switch Self.newFilePath(path) {
        case .success(let path): expanded = path
        case .failure(let problem): return problem.reason
        }
        guard FileManager.default.createFile(atPath: expanded, contents: data, attributes: [.posixPermissions: 0o600]) else {
            return "cannot write \(path)"
        }
        say("saved \(data.count) bytes to \(path)", .success)
        return nil
    }

    /// Writes a run's exchanges as HAR off the input loop; nil, or why it cannot start.
    func exportHAR(runID: String, to path: String) -> String? {
        guard let history = engine.history else { return "history is off" }
        let expanded: String
        switch Self.newFilePath(path) {
        case .success(let path): expanded = path
        case .failure(let problem): return problem.reason
        }
        var query = HistoryQuery(workspacePath: history.context.workspacePath)
        query.runID = runID
        let filter = query
        let mailbox = self.mailbox
        history.read({ store -> Int in
            let exchanges = try store.exchangesWithBodies(filter)
            let data = HARExport.text(exchanges, creatorVersion: "Courier workbench")
            guard FileManager.default.createFile(atPath: expanded, contents: data, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: expanded])
            }
            return exchanges.count
        }, deliver: { count in mailbox.post(.historyExported(path: path, count: count)) })
        return nil
    }

    /// A request as a curl command: copied, and shown with its secrets hidden.
    func copyAsCurl(_ name: String) {
        guard let definition = effectiveDefinition(of: name) else { return }
        do {
            let request = engine.makeRequest(definition)
            let command = try CurlExport.command(for: request)
            let hidden = engine.scope.redact(try CurlExport.command(for: request, hidingSecrets: true))
            notify(.effect(.copyToClipboard(command)))
            notify(.window(TextPanel(title: "\(name) as curl — copied to the clipboard", lines: [],
                                     kind: .curl(command: command, hidden: hidden))))
        } catch {
            say("cannot export \(name): \(error.message)", .failure)
        }
    }

    /// A request as a program in `language`: copied, and shown. Its secrets are read from
    /// environment variables unless the workbench shows secrets (`v`); then they are written in.
    func copyAsCode(_ name: String, language: CodeLanguage) {
        guard let definition = effectiveDefinition(of: name) else { return say("\(name) is gone", .warning) }
        do {
            let program = try CodeExport.program(for: engine.makeRequest(definition), language: language, revealingSecrets: revealsSecrets)
            notify(.effect(.copyToClipboard(program)))
            let lines = program.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(String($0), .plain) }
            notify(.window(TextPanel(title: "\(name) as \(language.title) — copied to the clipboard", lines: lines, kind: .code)))
        } catch {
            say("cannot export \(name): \(error.message)", .failure)
        }
    }

    /// `O`: offline replay on or off. Offline, every send is answered from the cache or the
    /// newest matching exchange in the history, and nothing new is recorded.
    func toggleOffline() {
        if engine.runner.offline != nil {
            engine.runner.offline = nil
            say("online: requests go to the network again", .info)
            return
        }
        var store: HistoryStore?
        var problem: String?
        if let open = settings.history {
            do { store = try open() } catch { problem = HistoryRecorder.describe(error) }
        }
        engine.runner.offline = OfflineReplay(store: store, workspacePath: workspacePath)
        if let problem {
            say("offline, from the cache only: the history cannot be read (\(problem)) — O goes back online", .warning, seconds: 8)
        } else {
            say("offline: answers come from the cache and the history, never the network — O goes back online", .warning, seconds: 6)
        }
    }
}
