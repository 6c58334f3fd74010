import Courier
import CourierWorkspace
import Foundation
import Synchronization

/// The mock's answers, apart from HTTP: for each call the route it fits and the first source
/// that has an answer — the request's `mock:` block (its `fail:` draw, its `sequence:`, a
/// `stateful:` collection), then the OpenAPI document (an example, else a body made from the
/// schema), then the newest response in the history — and the calls counted for `--verify`.
/// ``MockServer`` puts it on HTTP; tests call ``answer(_:)`` directly.
public final class MockService: Sendable {
    /// The routes, from the workspace's requests, in the workspace's order.
    public var routes: [MockRoute] { table.routes }
    /// The contract's operations no route covers, `GET /pets/{petId}`: answered from it alone.
    public let documentedOnly: [String]

    let table: MockRouteTable
    private let definitions: [String: MockDefinition]
    private let contract: Contract?
    private let history: (@Sendable (_ request: String) -> HistoryExchange?)?
    private let scope: VariableScope
    private let state: Mutex<State>
    private let onCall: @Sendable (MockCall) -> Void
    private let servesWholeDocument: Bool

    private struct State {
        var random: MockRandom
        var sequencePositions: [String: Int] = [:]
        var collections: [StatefulCollection] = []
        var countsByRoute: [String: Int] = [:]
        var countsByRequest: [String: Int] = [:]
    }

    /// - Parameters:
    ///   - routes: the routes, each with its request's `mock:` block when it has one.
    ///   - contract: answers routes without a `mock:` answer, and calls no route fits.
    ///   - history: the newest exchange of a request that came back with a response.
    ///   - seed: what `fail:` rates and `jitter:` draw from; nil: the system's randomness.
    ///   - onCall: told of every call once it is answered.
    ///   - servesWholeDocument: the contract's operations no route covers are served too (no names were given).
    init(routes: [MockRoute], definitions: [String: MockDefinition], contract: Contract?, servesWholeDocument: Bool = true,
         history: (@Sendable (String) -> HistoryExchange?)?, scope: VariableScope, seed: UInt64?,
         onCall: @escaping @Sendable (MockCall) -> Void) {
        table = MockRouteTable(routes)
        self.definitions = definitions
        self.contract = contract
        self.history = history
        self.scope = scope
        self.onCall = onCall
        let covered = Set(table.routes.map(\.name))
        documentedOnly = servesWholeDocument
            ? (contract?.operationRoutes ?? []).map { "\($0.method) \($0.template)" }.filter { !covered.contains($0) } : []
        self.servesWholeDocument = servesWholeDocument
        var state = State(random: MockRandom(seed: seed))
        for route in table.routes {
            guard let name = route.requestName, let mock = definitions[name], mock.stateful, !route.path.contains("{") else { continue }
            var seedItems: [JSONValue] = []
            var templating = MockTemplating(incoming: MockIncoming(method: "GET", path: route.path), parameters: [:], scope: scope)
            if case .json(let body)? = mock.answer.body, case .array(let items)? = try? templating.render(body) {
                seedItems = items
            } else if case .array(let items)? = contract?.documentedAnswer(method: "GET", path: route.path)?.body {
                seedItems = items
            }
            state.collections.append(StatefulCollection(path: route.path, idField: mock.idField, routeName: route.name,
                                                        requestName: name, items: seedItems))
        }
        self.state = Mutex(state)
    }

    /// The answer to `incoming` and what the call is logged as. The caller waits
    /// ``MockReply/delayMilliseconds``, sends it, then calls ``record(_:)``.
    public func answer(_ incoming: MockIncoming) -> MockReply {
        var reply = MockReply(status: 501, headers: [], body: Data(), delayMilliseconds: 0,
                              call: MockCall(date: Date(), method: incoming.method, path: incoming.path, query: incoming.query, route: nil,
                                             request: nil, source: .unanswered, sequenceIndex: nil, status: 501, delayMilliseconds: 0,
                                             responseBytes: 0, warning: nil))
        let parts = MockRoute.split(incoming.path)
        if let stateful = statefulAnswer(incoming, parts: parts) {
            reply = stateful
        } else {
            switch table.lookUp(method: incoming.method, path: incoming.path) {
            case .route(let route, let parameters):
                reply.call.route = route.name
                reply.call.request = route.requestName
                answer(&reply, route: route, parameters: parameters, incoming: incoming)
            case .otherMethods(let methods):
                if !servesWholeDocument || !documented(&reply, incoming: incoming) {
                    reply.call.source = .noRoute
                    set(&reply, status: 405, json: StatefulCollection.problem("\(incoming.method) is not a method of \(incoming.path): \(methods.joined(separator: ", "))"))
                    reply.headers.append(("Allow", methods.joined(separator: ", ")))
                }
            case .none:
                if !servesWholeDocument || !documented(&reply, incoming: incoming) {
                    reply.call.source = .noRoute
                    let known = table.routes.map(\.name) + documentedOnly
                    set(&reply, status: 404, json: .object(["error": .string("no route for \(incoming.method) \(incoming.path)"),
                                                          "routes": .array(known.map(JSONValue.string))]))
                }
            }
        }
        if incoming.method == "HEAD" { reply.body = Data() }
        reply.call.status = reply.status
        reply.call.delayMilliseconds = reply.delayMilliseconds
        reply.call.responseBytes = reply.body.count
        return reply
    }

    /// Counts the call for ``verify(_:)`` and tells the listener.
    public func record(_ call: MockCall) {
        state.withLock { state in
            if let route = call.route { state.countsByRoute[route, default: 0] += 1 }
            if let request = call.request { state.countsByRequest[request, default: 0] += 1 }
        }
        onCall(call)
    }

    /// How many calls each expectation counted, and whether that meets it.
    public func verify(_ expectations: [CallExpectation]) -> [MockVerdict] {
        let (byRoute, byRequest) = state.withLock { ($0.countsByRoute, $0.countsByRequest) }
        return expectations.map { expectation in
            let count: Int
            switch expectation.target {
            case .request(let name): count = byRequest[name] ?? 0
            case .route(let method, let path): count = byRoute["\(method) \(path)"] ?? 0
            }
            return MockVerdict(expectation: expectation, count: count)
        }
    }

    // MARK: - Sources

    private func answer(_ reply: inout MockReply, route: MockRoute, parameters: [String: String], incoming: MockIncoming) {
        let mock = route.requestName.flatMap { definitions[$0] }
        if let mock {
            reply.delayMilliseconds = delay(mock.answer.delay)
            if let failure = mock.failure, state.withLock({ $0.random.nextUnit() }) < failure.rate {
                reply.call.source = .fail
                fill(&reply, with: failure.answer, fallbackDelay: mock.answer.delay, parameters: parameters, incoming: incoming)
                return
            }
            if !mock.sequence.isEmpty {
                let index = state.withLock { state in
                    defer { state.sequencePositions[route.name, default: 0] += 1 }
                    return min(state.sequencePositions[route.name] ?? 0, mock.sequence.count - 1)
                }
                reply.call.source = .mock
                reply.call.sequenceIndex = index
                fill(&reply, with: mock.sequence[index], fallbackDelay: mock.answer.delay, parameters: parameters, incoming: incoming)
                return
            }
            if mock.answer.status != nil || mock.answer.body != nil || !mock.answer.headers.isEmpty {
                reply.call.source = .mock
                fill(&reply, with: mock.answer, fallbackDelay: nil, parameters: parameters, incoming: incoming)
                return
            }
        }
        if documented(&reply, incoming: incoming) { return }
        if let name = route.requestName, let exchange = history?(name), let status = exchange.status {
            reply.call.source = .history
            reply.status = status
            reply.headers = exchange.responseHeaders.filter { !Self.hopByHop.contains($0.name.lowercased()) }.map { ($0.name, $0.value) }
            reply.body = exchange.responseBody ?? Data()
            return
        }
        reply.call.source = .unanswered
        set(&reply, status: 501, json: StatefulCollection.problem(
            "nothing answers \(route.name): give request \(route.requestName ?? "?") a mock: block, or start the mock with --from openapi.yaml or --from-history"))
    }

    /// Headers a recorded response had that do not describe the body the mock sends.
    static let hopByHop: Set<String> = ["content-length", "transfer-encoding", "content-encoding", "connection", "keep-alive",
                                        "date", "set-cookie", "alt-svc"]

    /// The contract's answer, when it documents one for the call.
    private func documented(_ reply: inout MockReply, incoming: MockIncoming) -> Bool {
        let prefer = MockPreferHeader(incoming.header("Prefer"))
        guard let answer = contract?.documentedAnswer(method: incoming.method == "HEAD" ? "GET" : incoming.method, path: incoming.path,
                                                      preferredStatus: prefer.status, exampleName: prefer.example) else { return false }
        reply.call.source = answer.isExample ? .openAPIExample : .openAPISchema
        if reply.call.route == nil { reply.call.route = answer.operation }
        reply.status = answer.status
        if let body = answer.body {
            reply.body = body.serialized()
            reply.headers.append(("Content-Type", answer.contentType ?? "application/json"))
        }
        if !answer.problems.isEmpty {
            reply.call.warning = "the body made from the schema does not validate: " + answer.problems.prefix(3).joined(separator: "; ")
        }
        return true
    }

    private func fill(_ reply: inout MockReply, with answer: MockDefinition.Answer, fallbackDelay: MockDefinition.Delay?,
                      parameters: [String: String], incoming: MockIncoming) {
        reply.status = answer.status ?? 200
        reply.delayMilliseconds = delay(answer.delay ?? fallbackDelay)
        var templating = MockTemplating(incoming: incoming, parameters: parameters, scope: scope)
        do {
            var headers: [(name: String, value: String)] = []
            for header in answer.headers { headers.append((header.name, try templating.render(header.value))) }
            if let body = answer.body {
                let (data, isJSON) = try templating.render(body)
                reply.body = data
                if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                    let json = isJSON || (try? JSONValue(parsing: data)) != nil
                    headers.append(("Content-Type", json ? "application/json" : "text/plain; charset=utf-8"))
                }
            }
            reply.headers = headers
            if !templating.missing.isEmpty {
                reply.call.warning = "filled with nothing (the call has no such value): " + templating.missing.map { "{{\($0)}}" }.joined(separator: ", ")
            }
        } catch {
            reply.call.warning = "\(error)"
            set(&reply, status: 500, json: StatefulCollection.problem("the mock answer's template cannot be filled: \(error)"))
        }
    }

    private func statefulAnswer(_ incoming: MockIncoming, parts: [Substring]) -> MockReply? {
        state.withLock { state -> MockReply? in
            guard let index = state.collections.firstIndex(where: { $0.covers(parts) }) else { return nil }
            let collection = state.collections[index]
            let id = parts.count > MockRoute.split(collection.path).count ? (parts.last!.removingPercentEncoding ?? String(parts.last!)) : nil
            let (status, body, location) = state.collections[index].handle(method: incoming.method, id: id, body: incoming.body)
            var reply = MockReply(status: status, headers: [], body: Data(), delayMilliseconds: 0,
                                  call: MockCall(date: Date(), method: incoming.method, path: incoming.path, query: incoming.query,
                                                 route: id == nil ? collection.routeName : "\(incoming.method) \(collection.path)/{\(collection.idField)}",
                                                 request: id == nil ? collection.requestName : nil, source: .stateful, sequenceIndex: nil,
                                                 status: status, delayMilliseconds: 0, responseBytes: 0, warning: nil))
            if let body { set(&reply, status: status, json: body) }
            if let location { reply.headers.append(("Location", location)) }
            if let name = collection.requestName, let mock = definitions[name] {
                reply.delayMilliseconds = mock.answer.delay.map { $0.milliseconds + $0.jitterMilliseconds * state.random.nextUnit() } ?? 0
            }
            return reply
        }
    }

    private func set(_ reply: inout MockReply, status: Int, json: JSONValue) {
        reply.status = status
        reply.body = json.serialized()
        reply.headers.removeAll { $0.name.lowercased() == "content-type" }
        reply.headers.append(("Content-Type", "application/json"))
    }

    private func delay(_ delay: MockDefinition.Delay?) -> Double {
        guard let delay else { return 0 }
        guard delay.jitterMilliseconds > 0 else { return delay.milliseconds }
        return delay.milliseconds + delay.jitterMilliseconds * state.withLock { $0.random.nextUnit() }
    }
}

/// An expectation and the calls it counted.
public struct MockVerdict: Sendable {
    public let expectation: CallExpectation
    public let count: Int
    public var isMet: Bool { expectation.isMet(by: count) }
}

/// `Prefer: code=404, example=notFound` — which documented answer a client asks for (as Prism reads it).
struct MockPreferHeader {
    var status: Int?
    var example: String?

    init(_ value: String?) {
        for item in (value ?? "").split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            if parts[0] == "code" { status = Int(parts[1]) }
            if parts[0] == "example" { example = parts[1] }
        }
    }
}

/// SplitMix64: a `--seed` repeats the same `fail:` draws and jitters.
struct MockRandom {
    private var state: UInt64

    init(seed: UInt64?) {
        state = seed ?? UInt64.random(in: .min ... .max)
    }

    mutating func nextUnit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
