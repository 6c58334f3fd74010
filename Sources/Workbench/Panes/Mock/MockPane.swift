import Courier
import CourierMock
import CourierWorkspace
import Foundation

/// The Mock pane: `M` serves the open workspace as a mock API (``MockServer``, as
/// `courier mock` does, on ``WorkbenchSettings/mockPort``) and the pane lists its calls as they
/// arrive — the method and path, the status, which source answered (the request's `mock:`
/// block, the OpenAPI document, the history), the route and request, the delay. `M` again
/// stops it. The server starts and stops off the input loop; each call comes through the
/// mailbox (``MockPaneResult``).
final class MockPane: FilteringPane {
    let scope = KeyMap.Scope.mock
    var filter = TypedFilter()
    var rows: FilteredList<MockCallRow> {
        get { list }
        _modify { yield &list }
    }

    /// Where the mock is.
    enum State {
        case off
        case starting
        case running(MockServer)
        case failed(String)
    }

    /// The most calls kept; older ones leave.
    static let limit = 10_000

    private(set) var state = State.off
    private(set) var list = FilteredList<MockCallRow>(follow: .bottom, id: { AnyHashable($0.number) }, matches: { row, needle in
        let call = row.call
        return call.method.lowercased().contains(needle) || call.path.lowercased().contains(needle)
            || (call.route ?? "").lowercased().contains(needle) || String(call.status).contains(needle)
            || call.sourceText.contains(needle)
    })
    /// The workspace was read again while the mock runs: its routes are the earlier ones.
    private(set) var isStale = false
    private(set) var callCount = 0
    private unowned let source: any RequestsSource & ExchangeSource
    let settings: WorkbenchSettings

    init(environment: PaneEnvironment) {
        source = environment.source
        settings = environment.settings
    }

    var isEmpty: Bool {
        if case .off = state { return list.all.isEmpty }
        return false
    }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        switch action {
        case .toggleMock: return toggle()
        case .clearMockCalls: list.replace([])
        case .filter: beginFilter()
        default: moveList(action, context: context)
        }
        return []
    }

    /// Starts the mock, or stops it.
    private func toggle() -> [PaneWork] {
        switch state {
        case .starting:
            return [.say("the mock is starting", .info)]
        case .running(let server):
            state = .off
            Task { await server.stop() }
            return [.say("the mock stopped; \(callCount) call\(callCount == 1 ? "" : "s") served", .info)]
        case .off, .failed:
            state = .starting
            isStale = false
            start()
            return []
        }
    }

    private func start() {
        let mailbox = source.mailbox
        var settings = MockSettings()
        settings.environment = source.environment
        settings.history = try? self.settings.history?()
        let workspace = source.workspace
        let port = self.settings.mockPort
        Task {
            do {
                let service = try MockService.make(workspace: workspace, settings: settings) { call in
                    mailbox.post(.paneResult(.mock, MockPaneResult.called(call)))
                }
                let server: MockServer
                do {
                    server = try await MockServer.start(service, port: port)
                } catch where port != 0 {
                    server = try await MockServer.start(service, port: 0)  // the port is taken: any other
                }
                mailbox.post(.paneResult(.mock, MockPaneResult.started(server)))
            } catch {
                mailbox.post(.paneResult(.mock, MockPaneResult.failed("\(error)")))
            }
        }
    }

    func receive(_ result: any Sendable, context: PaneContext) -> [PaneWork] {
        switch result as? MockPaneResult {
        case .started(let server):
            guard case .starting = state else {
                Task { await server.stop() }  // stopped before it was up
                return []
            }
            state = .running(server)
            let routes = server.service.routes.count + server.service.documentedOnly.count
            return [.say("the mock serves \(routes) route\(routes == 1 ? "" : "s") on \(server.baseURL)", .success)]
        case .failed(let reason):
            state = .failed(reason)
            return [.say("the mock cannot start: \(reason)", .failure)]
        case .called(let call):
            callCount += 1
            list.append([MockCallRow(number: callCount, call: call)], keepingLast: Self.limit)
        case nil:
            break
        }
        return []
    }

    func apply(_ update: EngineUpdate, context: PaneContext) -> [PaneWork] {
        if case .workspaceRead = update, case .running = state { isStale = true }
        return []
    }

    func disabledReason(for action: Action) -> String? {
        action == .clearMockCalls && list.all.isEmpty ? "no calls to clear" : nil
    }

    /// The server while it runs.
    var server: MockServer? {
        if case .running(let server) = state { return server }
        return nil
    }
}

/// A call as the pane lists it: numbered in arrival order.
struct MockCallRow {
    let number: Int
    let call: MockCall
}

/// What the Mock pane's background work posts for it.
enum MockPaneResult: Sendable {
    case started(MockServer)
    case failed(String)
    case called(MockCall)
}
