import Courier
import Foundation
import HTTPTypes

extension WorkspaceRequest {
    /// Whether responses are checked: the request has `expect:` or the workspace a contract.
    var isChecked: Bool { !source.expect.isEmpty || workspace.config.contract != nil }

    /// Runs the request's `expect:` on `facts` with its scope's variables and captures, then
    /// the workspace's contract, keeps the results (``checkResults``) and returns them.
    func evaluateExpectations(on facts: ResponseFacts) -> [CheckResult] {
        let workspace = self.workspace
        var confinement: PathConfinement?
        let results = Expectation.evaluate(source.expect, on: facts, render: { text throws(TemplateError) in try scope.render(text) }) { path in
            let file = workspace.resolvePath(path)
            if confinement == nil { confinement = PathConfinement(workspaceDirectory: workspace.directory) }
            let checked = try confinement!.check(file, for: "JSON Schema")
            let data = try Data(contentsOf: URL(fileURLWithPath: checked))
            let document = checked.hasSuffix(".yaml") || checked.hasSuffix(".yml")
                ? try YAMLValue.document(yaml: String(decoding: data, as: UTF8.self), file: checked, subject: "the schema")?.json() ?? .null
                : try JSONValue(parsing: data)
            return (document, URL(fileURLWithPath: checked).absoluteString)
        }
        let contractResults = workspace.config.contract?.results(method: method.rawValue, url: resolvedURL, facts: facts) ?? []
        checkResults = results + contractResults
        return results + contractResults
    }

    /// The facts a streamed response's checks see: the body is the stream as kept (many
    /// documents, or none), so `$.` reads the last event whose data is JSON.
    func readingLastEvent(_ facts: ResponseFacts) -> ResponseFacts {
        guard streamState != nil else { return facts }
        var facts = facts
        facts.json = streamEvents.lazy.reversed().compactMap(\.json).first
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
        self.init(status: content.head?.statusCode ?? 0, headers: content.head?.headers ?? HTTPFields(), body: content.data ?? Data(),
                  text: content.string, json: content.json, url: content.head?.url ?? "", redirects: metrics?.redirectCount ?? 0,
                  durationMilliseconds: (metrics?.total ?? 0) * 1000)
    }
}
