import Courier
import Foundation
import CourierWorkspace

/// A `.http` request made into a workspace request.
struct HTTPFileBuiltRequest {
    var request: ImportedWorkspace.Request
    /// What its JetBrains response handlers capture.
    var captures: [HTTPFilePlaceholders.Capture] = []
    /// Relative files its body reads.
    var files: [String] = []
    /// `# @prompt NAME` variables.
    var prompts: [String] = []
    var dropped: [String] = []
    var notes: [String] = []
}

/// Turns an `HTTPFileRawRequest` into a `RequestDefinition`: placeholders translated, the URL
/// completed, `Authorization` read as auth, the body read by its content type, settings and
/// response handlers carried over where the workspace can.
enum HTTPFileRequestBuilder {
    static func build(_ raw: HTTPFileRawRequest, name: String, description: [String],
                      placeholders: inout HTTPFilePlaceholders) -> Result<HTTPFileBuiltRequest, HTTPFileProblem> {
        let context = "request \"\(name)\""
        var definition = RequestDefinition(name: name, location: SourceLocation(file: "", line: raw.line, column: raw.column))
        if let command = raw.curlCommand {
            switch curl(placeholders.translate(command, in: context), name: name) {
            case .success(let parsed): definition = parsed
            case .failure(let reason): return .failure(HTTPFileProblem(line: raw.line, column: raw.column, message: reason.message))
            }
        }
        var built = HTTPFileBuiltRequest(request: ImportedWorkspace.Request(definition))
        if raw.curlCommand == nil {
            definition.method = raw.method
            definition.url = placeholders.translate(raw.url, in: context)
            readHeaders(raw, into: &definition, built: &built, placeholders: &placeholders, context: context)
        }
        if !description.isEmpty { definition.description = description.joined(separator: "\n") }
        readSettings(raw.settings, into: &definition, built: &built, context: context)
        for handler in raw.handlerScripts {
            let read = HTTPFileResponseHandler.read(handler.script)
            built.captures += read.captures.map { HTTPFilePlaceholders.Capture(request: name, variable: $0.variable, source: $0.source) }
            if let rest = read.rest {
                let excerpt = rest.count > 60 ? rest.prefix(57) + "…" : Substring(rest)
                built.dropped.append("\(context): line \(handler.line): response handler script not run: \(excerpt)")
            }
        }
        built.dropped += raw.unsupported.map { "\(context): \($0)" }
        built.notes += raw.notes.map { "\(context): \($0)" }
        built.request.definition = definition
        return .success(built)
    }

    // MARK: - Headers, URL and body

    private static func readHeaders(_ raw: HTTPFileRawRequest, into definition: inout RequestDefinition, built: inout HTTPFileBuiltRequest,
                                    placeholders: inout HTTPFilePlaceholders, context: String) {
        var headers: [(name: String, value: String)] = []
        var host: String?
        // JetBrains' and kulala's `GRAPHQL url` request line; REST Client's `X-Request-Type: GraphQL`.
        var graphQL = definition.method.rawValue.uppercased() == "GRAPHQL"
        if graphQL { definition.method = .post }
        for header in raw.headers {
            let value = placeholders.translate(header.value, in: context)
            let lowered = header.name.lowercased()
            if lowered == "authorization", definition.auth == nil {
                switch HTTPFileAuth.read(value) {
                case .auth(let auth):
                    definition.auth = auth
                    continue
                case .unsupported(let scheme):
                    built.request.disabledHeaders.append((header.name, value))
                    built.dropped.append("\(context): Authorization: \(scheme) is computed by the client that reads the .http file; "
                                         + "Courier cannot, so the header is kept as a comment")
                    continue
                case .header:
                    break
                }
            }
            if lowered == "host", definition.url.hasPrefix("/") {
                host = value
                continue
            }
            if lowered == "x-request-type", value.lowercased() == "graphql" {
                graphQL = true
                continue
            }
            if let index = headers.firstIndex(where: { $0.name.lowercased() == lowered }) {
                headers[index].value += (lowered == "cookie" ? "; " : ", ") + value
                built.notes.append("\(context): the repeated \(header.name) headers are joined into one")
            } else {
                headers.append((header.name, value))
            }
        }
        completeURL(&definition.url, host: host, built: &built, context: context)
        definition.headers = headers
        guard !raw.body.isEmpty else { return }
        let text = placeholders.translate(raw.body.map(\.text).joined(separator: "\n"), in: context)
        let contentType = headers.first { $0.name.lowercased() == "content-type" }?.value
        let body = HTTPFileBody.read(text, method: definition.method, contentType: contentType, graphQL: graphQL)
        definition.body = body.body
        if body.consumesContentType { definition.headers.removeAll { $0.name.lowercased() == "content-type" } }
        built.files = body.files
        built.dropped += body.dropped.map { "\(context): \($0)" }
        built.notes += body.notes.map { "\(context): \($0)" }
    }

    /// JetBrains' origin form (`GET /path` with `Host:`) and URLs without a scheme get one
    /// (`http://`, as both clients default to); spaces are percent-encoded.
    private static func completeURL(_ url: inout String, host: String?, built: inout HTTPFileBuiltRequest, context: String) {
        if let host {
            // A placeholder may hold the scheme; a plain host gets http://, as JetBrains does.
            url = (host.contains("://") || host.hasPrefix("{{") ? host : "http://" + host) + url
            built.notes.append("\(context): the path is joined with its Host header (\(host))")
        } else if !url.contains("://"), !url.hasPrefix("{{"), !url.hasPrefix("/"), url != "*", HTTPFileRequestLine.looksLikeURL(url) {
            url = "http://" + url
            built.notes.append("\(context): the URL has no scheme; http:// is added, as REST Client and JetBrains do")
        }
        let encoded = spacesEncoded(url)
        if encoded != url {
            built.notes.append("\(context): spaces in the URL are sent as %20")
            url = encoded
        }
    }

    /// Spaces outside placeholders as `%20`.
    private static func spacesEncoded(_ url: String) -> String {
        var result = ""
        var cursor = url.startIndex
        for placeholder in HTTPFileText.placeholders(in: url) {
            result += url[cursor..<placeholder.range.lowerBound].replacingOccurrences(of: " ", with: "%20")
            result += url[placeholder.range]
            cursor = placeholder.range.upperBound
        }
        return result + url[cursor...].replacingOccurrences(of: " ", with: "%20")
    }

    // MARK: - Settings

    private static func readSettings(_ settings: [(name: String, value: String)], into definition: inout RequestDefinition,
                                     built: inout HTTPFileBuiltRequest, context: String) {
        for setting in settings {
            switch setting.name.lowercased() {
            case "timeout":
                if let seconds = seconds(setting.value), (0.001...86400).contains(seconds) {
                    definition.timeout = seconds
                    built.notes.append("\(context): @timeout \(setting.value) is timeout: \(seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)) (seconds without progress)")
                } else {
                    built.notes.append("\(context): @timeout \(setting.value) is not a timeout Courier takes (0.001 to 86400 seconds)")
                }
            case "prompt":
                if let variable = setting.value.split(separator: " ").first.map(String.init) {
                    built.prompts.append(variable)
                    built.notes.append("\(context): @prompt \(variable): declared empty; pass --var \(variable)=… when running")
                }
            case "no-redirect":
                built.notes.append("\(context): @no-redirect not carried over; Courier follows redirects")
            case "no-cookie-jar":
                built.notes.append("\(context): @no-cookie-jar not carried over; Courier sends only the cookies written in headers")
            case "note":
                built.notes.append("\(context): @note (confirm before sending) not carried over")
            default:
                let value = setting.value.isEmpty ? "" : " " + setting.value
                built.notes.append("\(context): setting @\(setting.name)\(value) not carried over")
            }
        }
    }

    /// `600`, `600 s`, `2 m`, `1500 ms` → seconds.
    private static func seconds(_ text: String) -> Double? {
        let compact = text.replacingOccurrences(of: " ", with: "").lowercased()
        let digits = compact.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(digits) else { return nil }
        switch compact.dropFirst(digits.count) {
        case "", "s", "sec", "seconds": return value
        case "ms": return value / 1000
        case "m", "min", "minutes": return value * 60
        default: return nil
        }
    }

    // MARK: - curl

    /// A REST Client block written as a curl command, read as `courier import-curl` does.
    private struct CurlProblem: Error {
        var message: String
    }

    private static func curl(_ command: String, name: String) -> Result<RequestDefinition, CurlProblem> {
        let yaml: String
        do {
            yaml = try CurlImport.yaml(from: command, name: name)
        } catch {
            return .failure(CurlProblem(message: "the curl command cannot be imported: \(error.description)"))
        }
        let indented = yaml.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        do {
            let workspace = try Workspace.parse(yaml: "requests:\n" + indented + "\n", file: "curl",
                                                extraVariables: Set(Template.references(in: command)))
            guard let definition = workspace.requests[name] else { return .failure(CurlProblem(message: "the curl command has no request")) }
            return .success(definition)
        } catch {
            return .failure(CurlProblem(message: "the curl command cannot be imported: \(error)"))
        }
    }
}
