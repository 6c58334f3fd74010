import CourierWorkspace
import Courier
import Foundation

/// A failure in plain words: its family and code, libcurl's own message, and what to check.
package struct ErrorExplanation: Sendable, Equatable {
    /// `transport error -1004 (curl 7)`.
    package var heading: String
    /// The engine's message.
    package var message: String
    /// What to check, in a sentence or two.
    package var advice: String

    /// Explains `error`, which `request` (sent with `definition`) failed with.
    package init(_ error: RequestError, request: Request, definition: RequestDefinition?) {
        heading = "\(error.family) error \(error.code.rawValue)" + (error.curlCode.map { " (curl \($0))" } ?? "")
        message = error.message
        advice = Self.advice(error, request: request, definition: definition)
    }

    private static func advice(_ error: RequestError, request: Request, definition: RequestDefinition?) -> String {
        let url = (try? request.preparedRequest())?.url ?? request.requestURL
        let components = URLComponents(string: url)
        let host = components?.host ?? "the host"
        let port = components?.port.map(String.init) ?? (components?.scheme == "https" ? "443" : "80")
        switch error.code {
        case .cannotConnectToHost:
            return "Nothing listens on \(host):\(port): is the server running, and is the port right?"
        case .cannotFindHost:
            return "The name \(host) does not resolve: check its spelling, DNS, or /etc/hosts."
        case .timedOut:
            let seconds = request.timeoutInterval
            return "Nothing moved for \(seconds.formatted()) s (the request's idle timeout): the server is slow or stuck; raise `timeout:` if it is expected."
        case .serverCertificateUntrusted:
            return "The server's certificate is not trusted. For a private CA set `tls.caFile`; for a pinned key, `tls.pinnedKey`."
        case .secureConnectionFailed:
            return "The TLS handshake with \(host):\(port) failed: is it really HTTPS on that port (a plain HTTP server gives this)?"
        case .clientCertificateRejected:
            return "The server refused the client certificate."
        case .dataLengthExceedsMaximum:
            return "The body is larger than Courier keeps in memory: send it to a file with `download:`, or raise the limit."
        case .networkConnectionLost:
            return "The connection closed before the response was complete: the server crashed or cut it."
        case .tooManyRedirects:
            return "The redirects went on too long: the server may redirect in a loop."
        case .resourceUnavailable:
            return "The process ran out of file descriptors (`ulimit -n`): raise the limit, or lower config.maxConcurrent."
        case .redirectRefused:
            return "The server redirected to a scheme other than http or https; Courier does not follow it. Send to where it points yourself if you trust it."
        case .badServerResponse:
            return "The server answered with something that is not valid HTTP."
        case .badURL, .unsupportedURL:
            return "The URL \(url) is not a valid http or https URL: check the base URL and the request's url."
        case .cancelled:
            return "The request was stopped before it finished."
        case .cannotCreateFile, .cannotOpenFile, .cannotWriteToFile:
            return "The download could not be written: check the `download.path` directory exists and is writable."
        case .unacceptableContentType:
            let type = request.response?.mimeType ?? "none"
            return "The response is \(type), which the JSON serializer does not accept. Set `response: raw`, or add the type with `accept:`."
        case .cannotParseResponse:
            return "The body is not valid JSON although the response says it is: look at the Body tab as text."
        case .invalidStatusCode:
            let accepted = definition?.validate?.statusCodes.map(DefinitionText.statusCodes) ?? "200-299"
            return "The status \(error.statusCode.map(String.init) ?? "?") is outside the accepted range, which is \(accepted). Accept it with `validate: {status: …}`."
        case .invalidJSONFormat:
            let template = definition?.validate?.json.map(DefinitionText.template) ?? "the template"
            return "The JSON does not match \(template): the message names the path that differs."
        case .responseRejected:
            let count = error.violations.count
            let source = definition?.expect.isEmpty == false ? "the request's `expect:` checks" : "the workspace's contract (config.contract)"
            return "The response arrived but broke \(count == 1 ? "a rule" : "\(count) rules") of \(source): the Checks tab lists each with expected and actual. It was not cached."
        case .cannotMapModel:
            return "The JSON is valid but does not fit the model it is decoded into: the message names the coding path that differs."
        case .invalidParameters where definition?.grpc != nil && !error.message.contains("{{"):
            return "It never started: the call could not be made as written (its schema, its message or its method); the message says which."
        case .invalidParameters:
            return "It never started: a placeholder had no value. Define the variable, capture it in a chain, or pass --var."
        case .vetoed:
            return "It never started: an interceptor refused it."
        default:
            return "libcurl reported a transport failure; the message says which."
        }
    }

    /// The explanation as pane lines, wrapped to `width`.
    package func lines(width: Int) -> [StyledLine] {
        var lines = [StyledLine.build { $0.append(" ✗ ", .failure); $0.append(heading, .failure) }]
        lines += Wrapping.lines(message, width: width - 3).map { StyledLine("   " + $0, .strong) }
        lines += Wrapping.lines(advice, width: width - 3).map { StyledLine("   " + $0, .plain) }
        return lines
    }
}

/// Breaking text into lines of at most a given width, at spaces where possible.
package enum Wrapping {
    package static func lines(_ text: String, width: Int) -> [String] {
        guard width > 4 else { return [text] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                var word = String(word)
                while DisplayWidth.of(word) > width {
                    if !current.isEmpty { lines.append(current); current = "" }
                    let head = DisplayWidth.prefix(of: Substring(word), fitting: width).text
                    lines.append(String(head))
                    word = String(word.dropFirst(head.count))
                }
                let candidate = current.isEmpty ? word : current + " " + word
                if DisplayWidth.of(candidate) > width {
                    lines.append(current)
                    current = word
                } else {
                    current = candidate
                }
            }
            lines.append(current)
        }
        return lines
    }
}
