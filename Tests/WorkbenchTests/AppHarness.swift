import CourierDemoServer
import Dispatch
import Foundation
@testable import CourierWorkspace
@testable import Workbench

/// A workbench model on a copy of the demo workspace, against a real demo server on a free
/// loopback port, with its cache in the copy's directory: keys go in, the screen comes out
/// as text painted exactly as the terminal front paints it.
final class AppHarness {
    let model: AppModel
    let directory: String
    let workspacePath: String
    private let server: DemoServer
    private let signal: WakeSignal

    private init(model: AppModel, directory: String, workspacePath: String, server: DemoServer, signal: WakeSignal) {
        self.model = model
        self.directory = directory
        self.workspacePath = workspacePath
        self.server = server
        self.signal = signal
    }

    /// Opens a fresh copy of `workspaces/demo.yaml` (with its files and schemas) at `size`.
    /// `editing` changes the copy's text first.
    /// `watchingCache`: whether the Cache pane watches its directory (off: a test's own writes
    /// would make it read again at unforeseen moments). `webSockets`: the server serves `/ws`.
    static func start(size: Size = Size(columns: 120, rows: 40), environment: String? = nil,
                      overrides: [String: String] = [:], watchingCache: Bool = false, webSockets: Bool = false,
                      editing: (String) -> String = { $0 }, folder: String? = nil) async throws -> AppHarness {
        let directory = temporaryDirectory("courier-app")
        var path = directory + "/demo.yaml"
        if let folder {
            // A folder workspace of `workspaces/` instead of the demo's one file.
            path = directory + "/" + folder
            try FileManager.default.copyItem(atPath: repositoryRoot + "/workspaces/" + folder, toPath: path)
        } else {
            let text = try String(contentsOfFile: repositoryRoot + "/workspaces/demo.yaml", encoding: .utf8)
            try editing(text).write(toFile: path, atomically: true, encoding: .utf8)
        }
        try FileManager.default.copyItem(atPath: repositoryRoot + "/workspaces/files", toPath: directory + "/files")
        try FileManager.default.copyItem(atPath: repositoryRoot + "/workspaces/schemas", toPath: directory + "/schemas")
        let server = try await DemoServer.start(webSockets: webSockets)
        var settings = WorkbenchSettings()
        settings.demoURL = server.baseURL
        settings.environment = environment
        settings.overrides = overrides
        settings.watchesCacheDirectory = watchingCache
        settings.mockPort = 0  // `M`: any free port, never a person's 4010 or a parallel test's
        let stateDirectory = directory + "/state"
        settings.stateDirectory = stateDirectory
        settings.history = { try HistoryStore(stateDirectory: stateDirectory) }
        let signal = WakeSignal()
        let workspace = try Workspace.load(path: path, extraVariables: Set(overrides.keys))
        let model = try AppModel(workspacePath: path, workspace: workspace, settings: settings, size: size,
                                 mailbox: Mailbox(wake: { signal.wake() }))
        return AppHarness(model: model, directory: directory, workspacePath: path, server: server, signal: signal)
    }

    /// Runs `body` with a fresh harness and stops its server afterwards, whatever happens.
    static func run(size: Size = Size(columns: 120, rows: 40), environment: String? = nil,
                    overrides: [String: String] = [:], watchingCache: Bool = false, webSockets: Bool = false,
                    editing: (String) -> String = { $0 }, folder: String? = nil, _ body: (AppHarness) async throws -> Void) async throws {
        let app = try await start(size: size, environment: environment, overrides: overrides, watchingCache: watchingCache,
                                  webSockets: webSockets, editing: editing, folder: folder)
        do {
            try await body(app)
        } catch {
            await app.stop()
            throw error
        }
        await app.stop()
    }

    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Another model on the same workspace file and demo server, with other `--var`s: how
    /// another user would see the same cache.
    func reopened(overrides: [String: String]) throws -> AppModel {
        var settings = model.session.settings
        settings.overrides = overrides
        let workspace = try Workspace.load(path: workspacePath, extraVariables: Set(overrides.keys))
        return try AppModel(workspacePath: workspacePath, workspace: workspace, settings: settings, size: model.size,
                            mailbox: Mailbox(wake: { [signal] in signal.wake() }))
    }

    /// Presses keys in order.
    func press(_ keys: Key...) {
        for key in keys { model.handle(key) }
    }

    /// Types text, a character at a time.
    func type(_ text: String) {
        for character in text { model.handle(.character(character)) }
    }

    /// Selects a node of the Requests tree, unfolding what hides it.
    func select(_ node: RequestTree.Node) {
        model.handle(.character("1"))
        model.tell(.reveal(node))
        model.selectionChanged()
    }

    /// Applies engine news as it arrives (to `other`, a ``reopened(overrides:)`` model, when
    /// given) until `condition` holds; fails after `seconds`.
    func settle(_ what: String, in other: AppModel? = nil, seconds: Double = 15, until condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            (other ?? model).applyUpdates()
            if condition() { return }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw HarnessTimeout(what: what, screen: screen) }
            _ = await signal.wait(seconds: min(left, 1))
        }
    }

    /// The file changed outside (as the front's watcher says): waits until the read made off
    /// the input loop is back and taken.
    func fileChanged() async throws {
        model.workspaceFileChanged()
        try await settle("the file read again") { !model.session.isReadingFile }
    }

    /// The editor ended with `outcome`: waits until the file's read (if it made one) is taken.
    func editorFinished(_ outcome: EditorOutcome) async throws {
        model.editorFinished(outcome)
        try await settle("the file read again after the editor") { !model.session.isReadingFile }
    }

    /// The screen as text, painted into an off-screen buffer.
    var screen: String {
        buffer.text
    }

    var buffer: CellBuffer {
        model.tick()
        let frame = model.frame()
        var buffer = CellBuffer(size: frame.size)
        Painter(glyphs: model.glyphs).paint(frame, over: nil, on: &buffer)
        return buffer
    }

    /// The workspace file as it is on disk now.
    var fileText: String {
        (try? String(contentsOfFile: workspacePath, encoding: .utf8)) ?? ""
    }
}

/// `settle` ran out of time; the screen at that moment explains why.
struct HarnessTimeout: Error, CustomStringConvertible {
    let what: String
    let screen: String
    var description: String { "timed out waiting for \(what); the screen was:\n\(screen)" }
}

/// The mailbox's wake-up for tests. Wakes are counted, as a semaphore counts them; a waiter
/// is resumed by the next wake or by its timeout, without holding a thread while it waits
/// (a global queue has two threads here, and a blocked one starves other tests' work).
/// An NSLock, not `Mutex`: with -DCOURIER_TSAN, `@testable import Workbench` brings a second
/// `Mutex` into scope.
final class WakeSignal: @unchecked Sendable {
    private struct State {
        var pendingWakes = 0
        var waiter: (token: Int, continuation: CheckedContinuation<Bool, Never>)?
        var nextToken = 0
    }

    private let lock = NSLock()
    private var state = State()

    func wake() {
        let waiter = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
            guard let waiter = state.waiter else {
                state.pendingWakes += 1
                return nil
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: true)
    }

    /// Waits for a wake-up; false after `seconds` without one. One waiter at a time.
    func wait(seconds: Double) async -> Bool {
        await withCheckedContinuation { continuation in
            let token = lock.withLock { () -> Int? in
                if state.pendingWakes > 0 {
                    state.pendingWakes -= 1
                    return nil
                }
                state.nextToken += 1
                state.waiter = (state.nextToken, continuation)
                return state.nextToken
            }
            guard let token else { return continuation.resume(returning: true) }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
                let expired = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
                    guard let waiter = state.waiter, waiter.token == token else { return nil }
                    state.waiter = nil
                    return waiter.continuation
                }
                expired?.resume(returning: false)
            }
        }
    }
}
