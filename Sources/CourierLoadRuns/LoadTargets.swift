import Courier
import CourierFormat
import CourierRunner
import Foundation

/// The prepared requests a load run of a request or a batch sends, round-robin: each rendered
/// once from the workspace (variables, `each:` rows, auth, an oauth2 or command token fetched
/// now), as `start()` would send it. The agent's cookie jar goes with them (libcurl's engine).
enum LoadTargets {
    /// The requests and their names (a batch member with a row is labelled with it).
    static func prepare(_ requests: [(name: String, request: WorkspaceRequest)]) async throws(LoadRunError) -> [PreparedRequest] {
        var prepared: [PreparedRequest] = []
        for (name, request) in requests {
            // A call's schema is loaded first, as its send would; a load run makes unary calls.
            do { try await request.loadingCallSchema() } catch { throw LoadRunError("\(name): \(error)") }
            if let kind = request.callKind, kind != .unary {
                throw LoadRunError("\(name): a load run makes unary calls, and \(request.source.grpc?.method ?? name) is \(kind.name)")
            }
            if let problem = request.argumentsProblem() { throw LoadRunError("\(name): \(problem)") }
            var sent: PreparedRequest
            do {
                sent = try request.preparedRequest()
            } catch {
                throw LoadRunError("\(name): \(error.message)")
            }
            if let problem = refusal(of: sent, definition: request.source) { throw LoadRunError("\(name): \(problem)") }
            // A response that turns out to stream is read whole (and dropped) like any other.
            sent.stream = nil
            do {
                if let token = try await request.fetchedTokenHeader() {
                    sent.headers.removeAll { $0.name.caseInsensitiveCompare(token.name) == .orderedSame }
                    sent.headers.append(token)
                }
            } catch {
                throw LoadRunError("\(name): the token could not be fetched: \(error)")
            }
            prepared.append(sent)
        }
        return prepared
    }

    /// Why a load run cannot send `request`: its definition asks to stream, or it is not HTTP.
    static func refusal(of request: PreparedRequest, definition: RequestDefinition) -> String? {
        let stream = definition.stream
        if (stream.mode != .automatic && stream.mode != .off) || stream.until != nil || stream.maxEvents != nil {
            return "it streams (stream:), and a load run sends requests that end"
        }
        let scheme = request.url.prefix { $0 != ":" }.lowercased()
        guard scheme == "http" || scheme == "https" else {
            return "a load run sends http and https requests, not \(scheme):"
        }
        return nil
    }
}
