import Courier
import CourierRunner
import Foundation
import HTTPTypes

/// Offline replay (`courier run --offline`, `O` in the workbench): every request is answered
/// from the response cache or, failing that, from the newest exchange in the history with
/// the same workspace, request name, method and URL. The network is never touched: a request
/// with no stored answer fails with a parameter error (-12) that says why — the cache's own
/// reason and that the history has nothing either. A WebSocket session is answered with its
/// recorded transcript: its messages, both ways, are the request's stream events again.
package final class OfflineReplay: OfflineAnswering {
    private let store: HistoryStore?
    private let workspacePath: String

    /// `store` nil: the cache only (history off or not readable).
    package init(store: HistoryStore?, workspacePath: String) {
        self.store = store
        self.workspacePath = HistoryStore.workspacePath(ofFile: workspacePath)
    }

    /// Answers `request` without the network; called instead of starting it.
    package func answer(_ request: WorkspaceRequest) {
        // A call whose schema is not loaded (a server's reflection is not asked offline) is
        // answered all the same: the history has its messages as JSON.
        if let problem = request.argumentsProblem(), !request.needsSchema {
            request.completeWithoutNetwork(content: ResponseContent(),
                                           error: RequestError(family: .parameter, code: .invalidParameters, message: "Invalid parameters: \(problem)"))
            return
        }
        if request.source.download != nil {
            fail(request, "a download cannot be replayed offline (its file is not kept in the cache or the history)")
            return
        }
        var cacheReason = "the request is not cached"
        if !request.ignoreCache {
            do {
                try request.startFromCacheOnly()
                return
            } catch {
                cacheReason = "not in the cache: " + error.message
            }
        } else {
            cacheReason = "the cache is ignored"
        }
        let url = request.scope.redact((try? request.preparedRequest())?.url ?? request.displayURL)
        let method = request.method.rawValue
        guard let store else {
            fail(request, "\(cacheReason); and there is no history to look in")
            return
        }
        let stored: HistoryExchange?
        do {
            stored = try store.latestAnswer(workspacePath: workspacePath, request: request.source.name, method: method, url: url)
        } catch {
            fail(request, "\(cacheReason); and the history cannot be read: \(HistoryRecorder.describe(error))")
            return
        }
        guard let stored else {
            fail(request, "\(cacheReason); and no exchange in history for \(method) \(url)")
            return
        }
        // A spooled body kept by reference is replayed from its (redacted) file, mapped.
        guard let body = stored.responseBody ?? store.keptBody(of: stored) ?? (stored.responseBodyBytes == 0 ? Data() : nil) else {
            fail(request, "\(cacheReason); and the exchange in history (#\(stored.id ?? 0)) kept only the size of its \(stored.responseBodyBytes)-byte body")
            return
        }
        request.answeredFromHistory = stored.id
        var content = Self.content(stored, body: body, serializer: request.responseSerializer)
        if request.grpcCall != nil || stored.responseTrailers != nil { Self.replayCall(stored, into: &content) }
        guard let transcript = stored.transcript else {
            request.completeWithoutNetwork(content: content, error: Self.error(stored))
            return
        }
        let events = transcript.messages.map(\.replayedEvent)
        var state = StreamState(mode: .messages)
        state.events = transcript.dropped + events.count
        state.evictedEvents = transcript.dropped
        state.bytes = Int64(events.reduce(0) { $0 + $1.data.count })
        state.ended = true
        content.stream = state
        content.streamEvents = events
        // The engine delivers ready-made events before the callbacks, as it does replayed text's.
        request.completeWithoutNetwork(content: content, error: Self.error(stored))
    }

    /// A call's trailers and status as recorded, and its last message's JSON as the body's.
    private static func replayCall(_ stored: HistoryExchange, into content: inout ResponseContent) {
        if let trailers = stored.responseTrailers, !trailers.isEmpty { content.trailers = fields(trailers) }
        content.grpcStatus = stored.callStatus
        if let json = stored.transcript?.messages.last(where: { $0.direction == .received })?.json {
            content.json = try? JSONValue(parsing: Data(json.utf8))
        }
    }

    private func fail(_ request: WorkspaceRequest, _ reason: String) {
        request.completeWithoutNetwork(content: ResponseContent(),
                                       error: RequestError(family: .parameter, code: .notAvailableOffline, message: "Offline: \(reason)."))
    }

    static func content(_ stored: HistoryExchange, body: Data, serializer: ResponseSerializer) -> ResponseContent {
        let head = ResponseHead(url: stored.url, statusCode: stored.status ?? 0, headers: fields(stored.responseHeaders),
                                httpVersion: stored.httpVersion ?? "HTTP/1.1")
        var content = ResponseContent(head: head, data: body)
        if serializer == .auto, !body.isEmpty {
            content.readAutomatically(body, mimeType: head.mimeType)
        } else if serializer == .json, !body.isEmpty {
            content.json = try? JSONValue(parsing: body)
        }
        // The recorded warning stays with the replayed response (a GraphQL request finds its
        // `errors` again in the body, and says the same).
        if content.bodyWarning == nil { content.bodyWarning = stored.warning }
        return content
    }

    /// Recorded header (or trailer) lines as fields again; a name HTTP does not allow is left out.
    private static func fields(_ headers: [HistoryExchange.Header]) -> HTTPFields {
        HTTPFields(headers.compactMap { header in HTTPField.Name(header.name).map { HTTPField(name: $0, value: header.value) } })
    }

    /// The recorded outcome's error, replayed as it was.
    static func error(_ stored: HistoryExchange) -> RequestError? {
        guard let family = stored.errorFamily.flatMap(RequestError.Family.init(rawValue:)), let code = stored.errorCode else { return nil }
        return RequestError(family: family, code: RequestError.Code(rawValue: code), message: stored.errorMessage ?? "",
                            statusCode: stored.status)
    }
}
