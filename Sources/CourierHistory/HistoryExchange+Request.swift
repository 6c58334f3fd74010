import Courier
import CourierChecks
import CourierFormatCore
import CourierRunner
import Foundation

/// What a finished request was, taken on the caller's thread in a few cheap copies, so that
/// the costly part — redacting and hashing bodies of up to many megabytes — happens on the
/// history's writer queue, never on the transport thread or the input loop.
package struct HistorySnapshot: Sendable {
    var date: Date
    var result: RequestResult
    var prepared: PreparedRequest?
    var response: ResponseHead?
    var data: Data?
    /// A body past `spoolBodiesOver`, in its file: its size and SHA-256 are recorded, read from
    /// the file on the writer queue.
    var spooled: SpooledBody?
    var metrics: TransferMetrics?
    var scope: VariableScope
    var warning: String?
    var checks: [CheckResult]?
    /// A session's messages kept, and how many it had.
    var events: [StreamEvent]
    var eventCount: Int
    var trailers: [(name: String, value: String)]
    /// A gRPC call's messages as JSON by its method's schema (a request message when sent);
    /// nil for other requests. Called on the history's writer queue.
    var callJSON: (@Sendable (Data, Bool) -> JSONValue?)?

    package init(request: WorkspaceRequest, result: RequestResult, date: Date = Date()) {
        self.date = date
        self.result = result
        prepared = try? request.preparedRequest()
        // The authenticator's token header is set at send time; it is recorded, redacted.
        if let token = request.tokenHeader, prepared?.header(token.name) == nil {
            prepared?.headers.append((token.name, Redaction.placeholder))
        }
        response = request.response
        data = request.responseData
        spooled = request.responseSpooledBody
        metrics = request.metrics
        scope = request.scope
        warning = request.warning
        checks = request.checkResults
        let state = request.streamState
        events = state?.mode == .messages ? request.streamEvents : []
        eventCount = state?.events ?? 0
        trailers = request.responseTrailers.map { ($0.name.rawName, $0.value) }
        if request.grpcCall != nil { callJSON = { [request] in request.json(ofCallMessage: $0, sent: $1) } }
    }
}

extension HistoryExchange {
    /// The exchange a finished workspace request made, redacted as every other output is:
    /// secret headers masked, the URL, header values and text bodies through the request's
    /// scope (known secrets, URL passwords, secret query values), and in JSON and form
    /// bodies the values of secret-named keys, and each check as ``CheckResult/redacted(by:)``
    /// says. Bodies over `context.bodyLimit` keep their
    /// size and the response's SHA-256 only; a session's messages are kept as
    /// ``HistoryTranscript`` says.
    package init(_ snapshot: HistorySnapshot, context: HistoryRecorder.Context) {
        let result = snapshot.result
        let scope = snapshot.scope
        self.init(runID: context.runID, date: snapshot.date, workspace: context.workspace, workspacePath: context.workspacePath,
                  request: result.name, method: result.method, url: result.url)
        environment = context.environment
        if let prepared = snapshot.prepared {
            requestHeaders = (prepared.headers + [("User-Agent", prepared.userAgent)]).map { Self.header($0.name, $0.value, scope: scope) }
            if let body = prepared.body {
                requestBodyBytes = body.count
                if body.count <= context.bodyLimit {
                    requestBody = scope.redactedBody(body, contentType: prepared.header("Content-Type"))
                }
            } else if let metrics = snapshot.metrics {
                requestBodyBytes = Int(metrics.bytesSent)
            }
        }
        if let response = snapshot.response {
            status = response.statusCode
            httpVersion = response.httpVersion
            responseHeaders = response.headers.map { Self.header($0.name.rawName, $0.value, scope: scope) }
            contentType = response.headers[.contentType]
        }
        if let data = snapshot.data {
            responseBodyBytes = data.count
            responseBodySHA256 = SHA256Hex.of(data)
            if data.count <= context.bodyLimit { responseBody = scope.redactedBody(data, contentType: contentType) }
        } else if let spooled = snapshot.spooled {
            responseBodyBytes = Int(spooled.count)
            responseBodySHA256 = try? spooled.sha256()
        } else {
            responseBodyBytes = result.bytes
        }
        durationMs = result.durationMs
        if !result.fromCache, let metrics = snapshot.metrics { timings = Timings(metrics: metrics) }
        ok = result.ok
        errorFamily = result.error?.family
        errorCode = result.error?.code
        errorMessage = result.error?.message
        warning = snapshot.warning.map(scope.redact)
        checks = snapshot.checks.map { CheckRecord.kept($0, scope: scope) }
        if !snapshot.trailers.isEmpty { responseTrailers = snapshot.trailers.map { Self.header($0.name, $0.value, scope: scope) } }
        transcript = HistoryTranscript(events: snapshot.events, total: snapshot.eventCount, messageLimit: context.messageLimit,
                                       byteLimit: context.bodyLimit, scope: scope, json: snapshot.callJSON)
        // A session's raw text is its messages one after the other: redacted as a whole, a
        // secret-named key of a JSON message would show. It is kept as the transcript says.
        if let transcript { responseBody = transcript.body }
        fromCache = result.fromCache
        batch = result.batch
        chain = result.chain
        step = result.step
        file = result.file
    }

    static func header(_ name: String, _ value: String, scope: VariableScope) -> Header {
        Header(name: name, value: Redaction.isSensitiveHeader(name) ? Redaction.placeholder : scope.redact(value))
    }
}
