import Courier
import CourierChecks
import CourierFormat
import CourierFormatCore
import Foundation

/// One run of a workspace chain as an engine `ChainRequest`: each step's requests are
/// ``WorkspaceRequest``s sharing a scope of their own, a step's callback records its
/// captures and every finished request's `status.NAME`, and `when` conditions read them.
/// A step with `repeat:` is a ``RepeatedStep`` around its request; a chain with `each:` runs
/// once per row, each run a `ChainRun` for its row.
package struct ChainRun {
    let runner: WorkspaceRunner
    let definition: ChainDefinition
    /// The `each:` row of this run; nil without `each:`.
    let row: DataRows.Row?
    /// How outputs name this run: the chain's name, with its row.
    var label: String { row?.label(definition.name) ?? definition.name }
    package let scope: VariableScope
    package let chain: ChainRequest
    /// The requests of each step, in order.
    package let stepRequests: [[WorkspaceRequest]]

    /// - Parameters:
    ///   - row: the `each:` row whose values the run sees; nil for none.
    ///   - definitions: the definition each step sends, by request name (the workbench
    ///     passes its edited ones); the workspace's by default.
    package init(runner: WorkspaceRunner, chain definition: ChainDefinition, row: DataRows.Row? = nil, stepMode: Bool = false,
         definitions: ((String) -> RequestDefinition)? = nil) {
        self.runner = runner
        self.definition = definition
        self.row = row
        let scope = (row.map(runner.scope(for:)) ?? runner.scope).child()
        self.scope = scope
        let chain = ChainRequest(stepMode: stepMode)
        chain.agent = runner.agent
        self.chain = chain
        var stepRequests: [[WorkspaceRequest]] = []
        for step in definition.steps {
            let requests = step.items.map { item in
                var request = definitions?(item.request.name) ?? runner.workspace.requests[item.request.name]!
                // The step's own `expect:` after the request's.
                request.expect += item.expectations
                return runner.makeRequest(definition: request, scope: scope)
            }
            stepRequests.append(requests)
            let items = step.items
            // The workspace requests, not what the chain sent: a repeated step sends its request
            // through a ``RepeatedStep``.
            let callback: @Sendable (ChainRequest, [Request]) -> Void = { chain, _ in
                for (item, request) in zip(items, requests) {
                    chain.setValue(String(request.responseStatusCode), forKey: "status.\(item.request.name)")
                    for capture in item.captures {
                        guard let value = capture.value(from: request) else { continue }
                        scope.capture(capture.variable, value, secret: capture.isSecret)
                        chain.setValue(value, forKey: capture.variable)
                    }
                }
            }
            let condition = Self.condition(step.conditions, scope: scope)
            let title = step.title ?? step.items.map(\.request.name).joined(separator: step.isParallel ? " ∥ " : "")
            if step.isParallel {
                chain.addGroup(requests, title: title, callback: callback, when: condition)
            } else if let repetition = step.repetition {
                let until = Self.condition([repetition.until], scope: scope)!
                let (chainLabel, number) = (row?.label(definition.name) ?? definition.name, stepRequests.count)
                let repeated = RepeatedStep(requests[0], repetition: repetition, record: { callback($0, []) }, holds: until,
                                            recordTry: { runner.recordTry($0, of: requests[0], chain: chainLabel, step: number) })
                repeated.attach(to: chain)
                // The captures were recorded after each try.
                chain.addStep(ChainStep(title: title, work: .request(repeated), condition: condition))
            } else {
                chain.addStep(ChainStep(title: title, work: .request(requests[0]), condition: condition, callback: callback))
            }
        }
        self.stepRequests = stepRequests
        definition.hud.present(chain, of: stepRequests.flatMap { $0 }, scope: scope)
    }

    /// All of `conditions`, reading the chain's values first and then the scope's.
    private static func condition(_ conditions: [Condition], scope: VariableScope) -> (@Sendable (ChainRequest) -> Bool)? {
        guard !conditions.isEmpty else { return nil }
        return { chain in
            conditions.allSatisfy { condition in
                condition.holds { name -> String? in
                    if let value = chain.value(forKey: name) { return value }
                    return (try? scope.value(of: name)) ?? nil
                }
            }
        }
    }

    /// Runs the chain to its end and reports each step and its requests.
    func run(report: (RunEvent) -> Void) async {
        report(.targetStarted(name: label, kind: "chain"))
        let chain = chain
        await runner.reportingStreams(of: stepRequests.flatMap { $0 }, report: report) { _ = try? await chain.run() }
        self.report(chain.snapshot, report: report)
    }

    /// Reports a finished chain: a step line, then one result per request of the step.
    func report(_ snapshot: ChainSnapshot, report: (RunEvent) -> Void) {
        for (index, step) in snapshot.steps.enumerated() {
            let definition = self.definition.steps[index]
            let notRun = step.state == .pending || step.state == .cancelled || step.state == .waitingForAdvance
            let state = notRun ? "not run" : step.state.rawValue
            let captures = redactedCaptures(of: definition.items.flatMap(\.captures), values: step.values)
            let repeated = step.requests.first as? RepeatedStep
            let tries = repeated?.tries ?? 0
            let title = tries > 0 ? "\(step.title) (\(tries) tr\(tries == 1 ? "y" : "ies"))" : step.title
            report(.step(StepReport(chain: label, index: index + 1, title: title, state: state,
                                    captures: captures,
                                    condition: definition.conditions.isEmpty ? nil : definition.conditions.map(\.text).joined(separator: " and "))))
            for (item, request) in zip(definition.items, stepRequests[index]) {
                var result = runner.result(of: request)
                result.chain = label
                if repeated != nil, step.state == .failed, let error = step.error {
                    result.ok = false
                    result.error = RequestResult.Failure(family: error.family.rawValue, code: error.code.rawValue, message: error.message)
                }
                result.step = index + 1
                if !item.captures.isEmpty { result.captures = redactedCaptures(of: item.captures, values: step.values) }
                if step.state == .skipped || notRun {
                    result.ok = false
                    result.skipped = true
                    result.error = nil
                    result.skipReason = step.state == .skipped
                        ? "condition not met: \(definition.conditions.map(\.text).joined(separator: " and "))"
                        : "not run: an earlier step failed"
                }
                runner.finished(request, result, report: report)
            }
        }
    }

    private func redactedCaptures(of captures: [Capture], values: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for capture in captures {
            guard let value = values[capture.variable] else { continue }
            result[capture.variable] = capture.isSecret ? Redaction.placeholder : scope.redact(value)
        }
        return result
    }
}
