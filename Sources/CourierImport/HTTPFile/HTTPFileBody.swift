import Courier
import Foundation
import CourierWorkspace

/// A `.http` request body read as the workspace's `body`, by its `Content-Type`:
///
/// - `< ./file` (and REST Client's `<@ ./file`) → `file:` with the content type;
/// - JSON content types → `json:` when the text parses (placeholders inside strings keep
///   working; one outside a string keeps it from parsing: `text:`);
/// - `application/x-www-form-urlencoded` → `form:` when it decodes (REST Client lets the
///   fields continue on lines starting with `&`);
/// - `multipart/form-data` with a boundary → `multipart:` (fields, and files as `< path`);
/// - GraphQL requests (REST Client's `X-Request-Type: GraphQL`, JetBrains' and kulala's
///   `GRAPHQL url`) → `graphql:` `{query, variables}`;
/// - anything else → `text:` with the content type.
///
/// A GET, HEAD or DELETE request keeps a JSON or form body as text: the workspace would send
/// its fields as the query.
enum HTTPFileBody {
    struct Outcome {
        var body: RequestDefinition.Body?
        /// The Content-Type header is carried by the body (or implied by it) and goes.
        var consumesContentType = false
        /// A relative file the body reads.
        var files: [String] = []
        var dropped: [String] = []
        var notes: [String] = []
    }

    static func read(_ text: String, method: HTTPMethod, contentType: String?, graphQL: Bool) -> Outcome {
        var outcome = Outcome()
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        let media = contentType.map(mediaType)
        let keepsBodyAsText = method.encodesArgumentsInQuery
        if lines.count == 1, let reference = fileReference(lines[0]) {
            outcome.body = .file(path: reference.path, contentType: contentType)
            outcome.consumesContentType = true
            outcome.files = [reference.path]
            if reference.processesVariables {
                outcome.dropped.append("placeholders inside the body file \(reference.path) are not filled in "
                                       + "(REST Client's <@ fills them in; Courier sends the file as it is)")
            }
            return outcome
        }
        if graphQL, !keepsBodyAsText {
            outcome.body = graphQLBody(lines)
            outcome.consumesContentType = media == nil || media == "application/json"
            return outcome
        }
        if media == "multipart/form-data", let boundary = contentType.flatMap(boundary) {
            if let multipart = HTTPFileMultipart.parts(lines, boundary: boundary) {
                outcome.body = .multipart(multipart.parts)
                outcome.consumesContentType = true
                outcome.files = multipart.parts.compactMap(\.file)
                outcome.notes += multipart.notes
                return outcome
            }
            outcome.notes.append("the multipart body could not be read as parts; it is sent as text")
        }
        if lines.contains(where: { fileReference($0) != nil }) {
            outcome.dropped.append("the body's < file lines are sent as text, not as the files' contents")
        }
        if let media, isJSON(media), !keepsBodyAsText {
            if let json = try? JSONValue(parsing: Data(text.utf8)) {
                outcome.body = .json(json)
                outcome.consumesContentType = media == "application/json"
                return outcome
            }
            outcome.notes.append("the JSON body does not parse (a placeholder outside a string?); it is sent as text")
        }
        if media == "application/x-www-form-urlencoded", !keepsBodyAsText, let form = formFields(lines) {
            outcome.body = .form(.object(Dictionary(uniqueKeysWithValues: form.map { ($0.0, JSONValue.string($0.1)) })),
                                 order: form.map(\.0))
            outcome.consumesContentType = true
            return outcome
        }
        outcome.body = .text(text, contentType: contentType)
        outcome.consumesContentType = contentType != nil
        return outcome
    }

    /// `< ./path`, `<@ ./path` and `<@latin1 ./path`.
    static func fileReference(_ line: String) -> (path: String, processesVariables: Bool)? {
        let text = HTTPFileText.trim(line)
        guard text.hasPrefix("<"), !text.hasPrefix("<>") else { return nil }
        var rest = text.dropFirst()
        let processes = rest.first == "@"
        if processes { rest = rest.drop { $0 != " " && $0 != "\t" } }
        guard rest.first == " " || rest.first == "\t" else { return nil }
        let path = HTTPFileText.trim(String(rest))
        return path.isEmpty ? nil : (path, processes)
    }

    /// `application/json; charset=utf-8` → `application/json`.
    static func mediaType(_ contentType: String) -> String {
        HTTPFileText.trim(String(contentType.prefix { $0 != ";" })).lowercased()
    }

    static func isJSON(_ media: String) -> Bool {
        media == "application/json" || media == "text/json" || media.hasSuffix("+json")
    }

    /// The `boundary=` parameter of a content type, unquoted.
    static func boundary(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { HTTPFileText.trim(String($0)) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value = pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count >= 2
                ? String(pair[1].dropFirst().dropLast()) : pair[1]
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// `a=1&b=2` (lines joined; `&` may start or end a line) decoded, or nil when it is not
    /// form data or repeats a field.
    static func formFields(_ lines: [String]) -> [(String, String)]? {
        var joined = ""
        for line in lines.map(HTTPFileText.trim) where !line.isEmpty {
            if !joined.isEmpty, !joined.hasSuffix("&"), !line.hasPrefix("&") { joined += "&" }
            joined += line
        }
        var fields: [(String, String)] = []
        for pair in joined.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                String($0).replacingOccurrences(of: "+", with: " ")
            }
            guard let name = parts[0].removingPercentEncoding, !name.isEmpty,
                  let value = (parts.count > 1 ? parts[1] : "").removingPercentEncoding,
                  !fields.contains(where: { $0.0 == name }) else { return nil }
            fields.append((name, value))
        }
        return fields.isEmpty ? nil : fields
    }

    /// REST Client's GraphQL body: the query, a blank line, then the variables as JSON.
    private static func graphQLBody(_ lines: [String]) -> RequestDefinition.Body {
        let blank = lines.firstIndex { HTTPFileText.trim($0).isEmpty }
        let query = lines[..<(blank ?? lines.endIndex)].joined(separator: "\n")
        let variablesText = blank.map { lines[($0 + 1)...].joined(separator: "\n") }.map(HTTPFileText.trim) ?? ""
        // Without braces it is no GraphQL document, and a workspace would read it as a file's path.
        guard query.contains("{") else { return .json(["query": .string(query)]) }
        guard !variablesText.isEmpty else { return .graphql(GraphQLBody(query: query)) }
        if let variables = try? JSONValue(parsing: Data(variablesText.utf8)), variables.objectValue != nil {
            return .graphql(GraphQLBody(query: query, variables: variables))
        }
        let quotedQuery = String(decoding: JSONValue.string(query).serialized(), as: UTF8.self)
        return .text("{\"query\": \(quotedQuery), \"variables\": \(variablesText)}", contentType: "application/json")
    }
}
