import Courier
import Foundation
import CourierWorkspace

/// A Postman request `body` (`mode`: raw, urlencoded, formdata, file or graphql) as a
/// Courier body, with the request's `Content-Type` header folded into it where the body
/// carries its own type.
///
/// The engine sends a `json` or `form` body of a GET, HEAD or DELETE as the query string,
/// so those methods get the same bytes as a `text` body instead; a multipart body needs
/// POST, PUT or PATCH. Like Postman, a GET or HEAD body is left out unless the request sets
/// `protocolProfileBehavior.disableBodyPruning`.
struct PostmanBody {
    var body: RequestDefinition.Body?
    /// What could not be carried over, without the request's name.
    var dropped: [String] = []
    /// What was carried over differently, without the request's name.
    var notes: [String] = []
    /// Files the body reads (form-data files, a file body), as written in the collection.
    var files: [String] = []

    /// - Parameters:
    ///   - headers: the request's headers; a `Content-Type` the body takes over is removed.
    ///   - keepsGetBody: `protocolProfileBehavior.disableBodyPruning`.
    init(_ value: JSONValue?, method: HTTPMethod, headers: inout [(name: String, value: String)],
         keepsGetBody: Bool, convert: (String) -> String) {
        guard let value, value.objectValue != nil, !value.isTrue("disabled") else { return }
        let headerIndex = headers.firstIndex { $0.name.lowercased() == "content-type" }
        let contentType = headerIndex.map { headers[$0].value }
        var takesContentType = false
        switch value.text("mode") ?? "" {
        case "raw":
            (body, takesContentType) = Self.raw(convert(value.text("raw") ?? ""), language: value["options"]?["raw"]?.text("language"),
                                                contentType: contentType, method: method)
        case "urlencoded":
            body = urlencoded(value.array("urlencoded"), method: method, convert: convert)
            takesContentType = contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false
        case "formdata":
            body = formData(value.array("formdata"), method: method, convert: convert)
            takesContentType = contentType?.lowercased().hasPrefix("multipart/") ?? false
            if takesContentType, body != nil {
                notes.append("its Content-Type header is left out: the multipart body sets its own, with the boundary")
            }
        case "file":
            body = file(value["file"], contentType: contentType, convert: convert)
            takesContentType = body != nil
        case "graphql":
            (body, takesContentType) = Self.graphQL(value["graphql"], contentType: contentType, method: method, convert: convert)
        case "":
            return
        case let mode:
            dropped.append("body mode \"\(mode)\" not carried over")
        }
        if body != nil, method == .get || method == .head, !keepsGetBody {
            body = nil
            notes.append("its \(method.rawValue) body is left out, as Postman leaves it out "
                         + "(protocolProfileBehavior.disableBodyPruning is not set)")
            return
        }
        if body != nil, takesContentType, let headerIndex { headers.remove(at: headerIndex) }
    }

    /// Whether a media type is JSON: `application/json` or `…+json`, parameters aside.
    static func isJSON(_ contentType: String) -> Bool {
        let base = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return base == "application/json" || base.hasSuffix("+json")
    }

    /// The media type Postman sends for a raw body's `language` when no header says otherwise.
    static func mediaType(forLanguage language: String?) -> String {
        switch language?.lowercased() {
        case "json": return "application/json"
        case "javascript": return "application/javascript"
        case "html": return "text/html"
        case "xml": return "application/xml"
        default: return "text/plain"
        }
    }

    /// JSON when the language or content type says so and the text is a JSON object or
    /// array; text otherwise. The second value says whether the `Content-Type` header goes.
    private static func raw(_ text: String, language: String?, contentType: String?, method: HTTPMethod) -> (RequestDefinition.Body?, Bool) {
        guard !text.isEmpty else { return (nil, false) }
        let wantsJSON = language?.lowercased() == "json" || contentType.map(isJSON) == true
        if wantsJSON, !method.encodesArgumentsInQuery, let parsed = try? JSONValue(parsing: Data(text.utf8)),
           parsed.objectValue != nil || parsed.arrayValue != nil {
            return (.json(parsed), contentType?.lowercased() == "application/json")
        }
        return (.text(text, contentType: contentType ?? mediaType(forLanguage: language)), true)
    }

    private mutating func urlencoded(_ entries: [JSONValue], method: HTTPMethod, convert: (String) -> String) -> RequestDefinition.Body? {
        var fields: [(name: String, value: String)] = []
        for entry in entries {
            guard let key = entry.text("key") else { continue }
            if entry.isTrue("disabled") {
                notes.append("form field \"\(key)\" is switched off in Postman and left out")
                continue
            }
            fields.append((convert(key), convert(entry.text("value") ?? "")))
        }
        guard !fields.isEmpty else { return nil }
        let names = fields.map(\.name)
        guard method.encodesArgumentsInQuery || Set(names).count < names.count else {
            var object: [String: JSONValue] = [:]
            for field in fields { object[field.name] = .string(field.value) }
            return .form(.object(object), order: names)
        }
        let formCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~*".unicodeScalars)
        let text = fields.map {
            PostmanURL.escape($0.name, keeping: formCharacters) + "=" + PostmanURL.escape($0.value, keeping: formCharacters)
        }.joined(separator: "&")
        notes.append(method.encodesArgumentsInQuery
                     ? "its form body is text, as a \(method.rawValue) form body would go into the query"
                     : "its form body is text, as it repeats a field name")
        return .text(text, contentType: "application/x-www-form-urlencoded")
    }

    private mutating func formData(_ entries: [JSONValue], method: HTTPMethod, convert: (String) -> String) -> RequestDefinition.Body? {
        var parts: [RequestDefinition.Part] = []
        for entry in entries {
            guard let key = entry.text("key") else { continue }
            if entry.isTrue("disabled") {
                notes.append("form-data field \"\(key)\" is switched off in Postman and left out")
                continue
            }
            let isFile = entry.text("type")?.lowercased() == "file" || (entry["type"] == nil && entry["src"] != nil)
            guard isFile else {
                parts.append(.init(name: convert(key), value: convert(entry.text("value") ?? "")))
                continue
            }
            let sources = entry["src"]?.arrayValue?.compactMap(\.text) ?? [entry.text("src")].compactMap { $0 }
            let chosen = sources.filter { !$0.isEmpty }
            if chosen.isEmpty { dropped.append("form-data file field \"\(key)\" has no file chosen; left out") }
            for source in chosen {
                parts.append(.init(name: convert(key), file: convert(source), contentType: entry.text("contentType")))
                files.append(source)
            }
        }
        guard !parts.isEmpty else { return nil }
        guard method == .post || method == .put || method == .patch else {
            dropped.append("multipart body not carried over: Courier sends one with POST, PUT or PATCH, not \(method.rawValue)")
            return nil
        }
        return .multipart(parts)
    }

    private mutating func file(_ value: JSONValue?, contentType: String?, convert: (String) -> String) -> RequestDefinition.Body? {
        if let source = value?.text("src"), !source.isEmpty {
            files.append(source)
            return .file(path: convert(source), contentType: contentType)
        }
        if let content = value?.text("content"), !content.isEmpty {
            return .text(convert(content), contentType: contentType ?? "text/plain")
        }
        dropped.append("file body without a file chosen not carried over")
        return nil
    }

    /// `{"query": …, "variables": …}` as JSON; as text when the variables are not JSON yet
    /// (a `{{placeholder}}` standing for a value), so that their text goes out as written.
    private static func graphQL(_ value: JSONValue?, contentType: String?, method: HTTPMethod,
                                convert: (String) -> String) -> (RequestDefinition.Body?, Bool) {
        let query = convert(value?.text("query") ?? "")
        var variables: JSONValue?
        var variablesText: String?
        switch value?["variables"] {
        case .string(let text)?:
            let text = convert(text)
            if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                if let parsed = try? JSONValue(parsing: Data(text.utf8)) { variables = parsed } else { variablesText = text }
            }
        case .object(let members)?:
            variables = .object(members)
        default:
            break
        }
        guard !query.isEmpty || variables != nil || variablesText != nil else { return (nil, false) }
        let mediaType = contentType ?? "application/json"
        if let variablesText {
            return (.text("{\"query\":\(JSONValue.string(query)),\"variables\":\(variablesText)}", contentType: mediaType), true)
        }
        var members: [String: JSONValue] = ["query": .string(query)]
        if let variables { members["variables"] = variables }
        if method.encodesArgumentsInQuery {
            return (.text(JSONValue.object(members).description, contentType: mediaType), true)
        }
        if query.contains("{"), variables == nil || variables?.objectValue != nil, contentType.map(isJSON) ?? true {
            return (.graphql(GraphQLBody(query: query, variables: variables)), contentType != nil)
        }
        return (.json(.object(members)), contentType?.lowercased() == "application/json")
    }
}
