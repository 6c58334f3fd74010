/// Where the runner hands each finished request's exchange: the history (`HistoryRecorder`)
/// and the HTML report's excerpts (`HTMLReportExchanges`). A protocol here, in the runner, so
/// that the runner does not depend on the history's store or on the reports.
package protocol ExchangeRecording: Sendable {
    /// Takes a finished request and its result, just before the result is reported.
    func record(_ request: WorkspaceRequest, result: RequestResult)
}

/// What answers requests instead of the network (`courier run --offline`): the response cache
/// and the history (`OfflineReplay`). A protocol here, in the runner, for the same reason.
package protocol OfflineAnswering: Sendable {
    /// Answers `request` without the network; called instead of starting it. It completes the
    /// request, with the stored response or with an error that says why there is none.
    func answer(_ request: WorkspaceRequest)
}
