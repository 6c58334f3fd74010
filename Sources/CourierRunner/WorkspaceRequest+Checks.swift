import Courier
import CourierChecks
import CourierFormat
import CourierFormatCore
import Foundation
import HTTPTypes
import Synchronization

extension WorkspaceRequest {
    /// Whether responses are checked: the request has `expect:` (on the response or on every
    /// event) or a contract judges it.
    var isChecked: Bool { !source.expect.isEmpty || !source.stream.expect.isEmpty || contractScope != nil }

    /// Runs the request's `expect:` on `facts` with its scope's variables and captures, then
    /// the contract's verdict when it owns the URL (``Contract/owns(url:baseURL:)``), keeps the
    /// results (``checkResults``) and returns them.
    func evaluateExpectations(on facts: ResponseFacts) -> [CheckResult] {
        let load = schemaLoader()
        let results = Expectation.evaluate(source.expect, on: facts, render: { text throws(TemplateError) in try scope.render(text) },
                                           loadSchema: load)
        let eventResults = source.stream.expect.isEmpty ? [] : evaluateOnEveryEvent(facts, loadSchema: load)
        let url = resolvedURL
        let contractResults = contractScope.flatMap { scope in
            scope.contract.owns(url: url, baseURL: scope.baseURL) ? scope.contract.results(method: method.rawValue, url: url, facts: facts) : nil
        } ?? []
        checkResults = results + eventResults + contractResults
        return results + eventResults + contractResults
    }

    /// `stream: {expect: …}` on each event kept (a session's received messages): one result per
    /// check — its first failure, marked with the event's number, or a pass over them all.
    private func evaluateOnEveryEvent(_ facts: ResponseFacts, loadSchema: (String) throws -> (document: JSONValue, uri: String)) -> [CheckResult] {
        let events = streamEvents.filter { $0.direction != .sent && (grpcCall == nil || $0.kind == .message) }.map(readable)
        var outcome: [CheckResult]?
        for event in events {
            var eventFacts = facts
            eventFacts.body = event.data
            eventFacts.text = event.text
            eventFacts.json = event.json
            let results = Expectation.evaluate(source.stream.expect, on: eventFacts,
                                               render: { text throws(TemplateError) in try scope.render(text) }, loadSchema: loadSchema)
            guard var kept = outcome else {
                outcome = results.map { Self.marking($0, event: event) }
                continue
            }
            for (index, result) in results.enumerated() where kept[index].passed {
                kept[index] = Self.marking(result, event: event)
            }
            outcome = kept
        }
        let noun = events.count == 1 ? "event" : "events"
        guard let outcome else {
            return source.stream.expect.flatMap { expectation -> [CheckResult] in
                guard case .check(let check) = expectation else { return [] }
                return [CheckResult(check: check, passed: false, expected: check.text, actual: "nothing", note: "no event to check")]
            }
        }
        return outcome.map { result in
            var result = result
            if result.passed { result.note = "on every one of \(events.count) \(noun)" }
            return result
        }
    }

    /// A failed check says which event broke it.
    private static func marking(_ result: CheckResult, event: StreamEvent) -> CheckResult {
        guard !result.passed else { return result }
        var result = result
        result.note = ["event #\(event.sequence)", result.note].compactMap { $0 }.joined(separator: ": ")
        return result
    }

    /// The request's `expect:` as a function of a response's facts alone — no contract, no
    /// stream, nothing kept on the request — for a load run that checks every response
    /// (`courier load --checks`), from any thread. Each schema is read once.
    package func responseChecks() -> @Sendable (ResponseFacts) -> [CheckResult] {
        let (expectations, scope, load) = (source.expect, scope, schemaLoader())
        let schemas = SchemaCache()
        return { facts in
            Expectation.evaluate(expectations, on: facts, render: { text throws(TemplateError) in try scope.render(text) },
                                 loadSchema: { path in
                                     if let known = schemas.read.withLock({ $0[path] }) { return known }
                                     let schema = try load(path)
                                     schemas.read.withLock { $0[path] = schema }
                                     return schema
                                 })
        }
    }

    /// The schemas a load run's checks read, by path, read once.
    private final class SchemaCache: Sendable {
        let read = Mutex<[String: (document: JSONValue, uri: String)]>([:])
    }

    /// Whether the request's `expect:` judges the status (then a status of 400 and more that
    /// passes is the right answer, not a failure).
    package var expectationsJudgeStatus: Bool { source.expect.contains { $0.checksStatus } }

    /// Reads a JSON Schema `expect:` names: inside the workspace's directories, JSON or YAML
    /// (``SchemaFile``; what is wrong said in plain words, not as Foundation's error dump).
    private func schemaLoader() -> @Sendable (String) throws -> (document: JSONValue, uri: String) {
        let workspace = self.workspace
        return { path in try SchemaFile.read(path, workspace: workspace) }
    }

    /// The facts a streamed response's checks see: the body is the stream as kept (many
    /// documents, or none), so `$.` reads the last event whose data is JSON.
    func readingLastEvent(_ facts: ResponseFacts) -> ResponseFacts {
        guard streamState != nil else { return facts }
        var facts = facts
        if grpcCall != nil {
            // A call's body is its framed messages: it reads as the server's last message.
            if let json = facts.json { facts.text = String(decoding: json.serialized(), as: UTF8.self) }
            facts.messageCount = grpcMessages.count
            return facts
        }
        facts.json = streamEvents.lazy.reversed().compactMap(\.json).first
        facts.readJSON = nil
        return facts
    }

    /// Whether the status is for `expect:` to judge: it checks the status itself and the
    /// request names no `validate.status`.
    static func expectationsJudgeStatus(_ definition: RequestDefinition) -> Bool {
        definition.validate?.statusCodes == nil && definition.expect.contains(where: \.checksStatus)
    }
}

extension ResponseFacts {
    /// The facts of a response the engine is still judging (``Request/responseViolations(in:)``).
    init(content: ResponseContent) {
        let metrics = content.metrics
        let spooled = content.spooledBody
        self.init(status: content.head?.statusCode ?? 0, headers: content.head?.headers ?? HTTPFields(),
                  body: Self.bodyBytes(content.data, spooled: spooled),
                  json: content.grpcStatus != nil ? content.json : content.parsedJSON, url: content.head?.url ?? "",
                  redirects: metrics?.redirectCount ?? 0, durationMilliseconds: (metrics?.total ?? 0) * 1000)
        spooledBytes = spooled?.count
        decodeText = { content.string }
        readJSON = { content.json }
        if let status = content.grpcStatus {
            grpcStatus = status
            trailers = content.trailers ?? HTTPFields()
        }
    }
}
