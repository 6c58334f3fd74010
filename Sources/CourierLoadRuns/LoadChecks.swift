import Courier
import CourierChecks
import CourierRunner
import Foundation

/// The requests' `expect:` run on every response of a load run (`courier load --checks`), on
/// the driver's transport thread: the first check a response fails makes it a failed request
/// named by that check (``LoadCheckFailure``), counted in the errors, the timeline's `check`
/// family and the samples. A run with checks hears every response whole: it is slower than
/// one that only measures.
final class LoadChecks: LoadResponseCheck {
    /// By target: the request's checks, or nil when it has no `expect:`.
    private let checks: [(@Sendable (ResponseFacts) -> [CheckResult])?]
    private let statusJudged: [Bool]

    /// The checks of each target's request, in the targets' order.
    init(_ requests: [WorkspaceRequest]) {
        checks = requests.map { $0.source.expect.isEmpty ? nil : $0.responseChecks() }
        statusJudged = requests.map(\.expectationsJudgeStatus)
    }

    /// Whether any target has checks to run.
    var isEmpty: Bool { checks.allSatisfy { $0 == nil } }

    func failure(target: Int, response: ResponseHead, body: Data, seconds: Double) -> LoadCheckFailure? {
        guard checks.indices.contains(target), let check = checks[target] else { return nil }
        let facts = ResponseFacts(status: response.statusCode, headers: response.headers, body: body, url: response.url,
                                  durationMilliseconds: seconds * 1000)
        guard let failed = check(facts).first(where: { !$0.passed }) else { return nil }
        return LoadCheckFailure(check: failed.check.text, detail: failed.summary)
    }

    func judgesStatus(target: Int) -> Bool {
        statusJudged.indices.contains(target) && statusJudged[target]
    }
}
