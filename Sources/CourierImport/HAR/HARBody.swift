import Courier
import Foundation
import CourierWorkspace

/// A HAR entry's `postData` (`mimeType`, `text`, `params`) as a Courier body: JSON that
/// parses as `json`, URL-encoded text as `form`, multipart as `multipart` (file contents
/// are not in a HAR: a file part names the file, to be put next to the workspace), anything
/// else as `text` with its media type. The request's `Content-Type` header goes into the
/// body where the body carries its own.
struct HARBody {
    var body: RequestDefinition.Body?
    /// Files that multipart parts name.
    var files: [String] = []
    /// What was carried over differently, without the request's name.
    var notes: [String] = []

    init(_ postData: JSONValue?, method: HTTPMethod, headers: inout [(name: String, value: String)]) {
        guard let postData, postData.objectValue != nil else { return }
        let headerIndex = headers.firstIndex { $0.name.lowercased() == "content-type" }
        let mimeType = postData.text("mimeType").flatMap { $0.isEmpty ? nil : $0 } ?? headerIndex.map { headers[$0].value } ?? ""
        let base = mimeType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let text = postData.text("text") ?? ""
        let params = postData.array("params")
        var takesContentType = true
        if base == "application/json" || base.hasSuffix("+json"), !method.encodesArgumentsInQuery,
           let parsed = try? JSONValue(parsing: Data(text.utf8)), parsed.objectValue != nil || parsed.arrayValue != nil {
            body = .json(parsed)
            takesContentType = base == "application/json"
        } else if base == "application/x-www-form-urlencoded" {
            body = Self.urlencoded(text, params: params, mimeType: mimeType, method: method)
        } else if base == "multipart/form-data" {
            body = multipart(text, params: params, mimeType: mimeType, method: method)
        } else if !text.isEmpty {
            body = .text(text, contentType: mimeType.isEmpty ? nil : mimeType)
        }
        if body != nil, takesContentType, let headerIndex { headers.remove(at: headerIndex) }
    }

    /// Fields from the text (or `params` when there is no text); as text when a name
    /// repeats or the method would put a form into the query.
    private static func urlencoded(_ text: String, params: [JSONValue], mimeType: String, method: HTTPMethod) -> RequestDefinition.Body? {
        var fields: [(name: String, value: String)] = []
        if text.isEmpty {
            fields = params.compactMap { param in param.text("name").map { ($0, param.text("value") ?? "") } }
        } else {
            for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                fields.append((decode(parts[0]), parts.count > 1 ? decode(parts[1]) : ""))
            }
        }
        guard !fields.isEmpty else { return nil }
        let names = fields.map(\.name)
        if method.encodesArgumentsInQuery || Set(names).count < names.count {
            let encoded = text.isEmpty
                ? fields.map { FormEncoding.escape($0.name) + "=" + FormEncoding.escape($0.value) }.joined(separator: "&") : text
            return .text(encoded, contentType: mimeType)
        }
        var object: [String: JSONValue] = [:]
        for field in fields { object[field.name] = .string(field.value) }
        return .form(.object(object), order: names)
    }

    /// `application/x-www-form-urlencoded` decoding: `+` is a space, then percent escapes.
    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// Parts from `params` (`name`, `value`, `fileName`, `contentType`), else read from the
    /// text by its boundary; the text as it is when neither gives parts or the method
    /// cannot send a multipart body.
    private mutating func multipart(_ text: String, params: [JSONValue], mimeType: String, method: HTTPMethod) -> RequestDefinition.Body? {
        var fields: [(name: String, value: String?, fileName: String?, contentType: String?)] = params.compactMap { param in
            param.text("name").map { ($0, param.text("value"), param.text("fileName"), param.text("contentType")) }
        }
        if fields.isEmpty, let boundary = Self.boundary(of: mimeType) { fields = Self.parts(of: text, boundary: boundary) }
        guard !fields.isEmpty, method == .post || method == .put || method == .patch else {
            guard !text.isEmpty else { return nil }
            notes.append("its multipart body is sent as the text the HAR recorded")
            return .text(text, contentType: mimeType)
        }
        var parts: [RequestDefinition.Part] = []
        for field in fields {
            if let fileName = field.fileName, !fileName.isEmpty {
                parts.append(.init(name: field.name, file: fileName, filename: fileName, contentType: field.contentType))
                files.append(fileName)
            } else {
                parts.append(.init(name: field.name, value: field.value ?? ""))
            }
        }
        return .multipart(parts)
    }

    /// The `boundary` parameter of a multipart media type.
    static func boundary(of mimeType: String) -> String? {
        for parameter in mimeType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            return value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : value
        }
        return nil
    }

    /// The parts of a multipart text: each part's name, and its value or file name and type.
    static func parts(of text: String, boundary: String) -> [(name: String, value: String?, fileName: String?, contentType: String?)] {
        var result: [(name: String, value: String?, fileName: String?, contentType: String?)] = []
        let text = text.replacingOccurrences(of: "\r\n", with: "\n")
        for chunk in text.components(separatedBy: "--" + boundary).dropFirst() {
            if chunk.hasPrefix("--") { break }
            let part = chunk.hasPrefix("\n") ? String(chunk.dropFirst()) : chunk
            guard let split = part.range(of: "\n\n") else { continue }
            var name: String?
            var fileName: String?
            var contentType: String?
            for line in part[..<split.lowerBound].split(separator: "\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-disposition:") {
                    name = parameter("name", in: String(line))
                    fileName = parameter("filename", in: String(line))
                } else if lower.hasPrefix("content-type:") {
                    contentType = line.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces)
                }
            }
            guard let name else { continue }
            var value = String(part[split.upperBound...])
            if value.hasSuffix("\n") { value.removeLast() }
            result.append((name, fileName == nil ? value : nil, fileName, contentType))
        }
        return result
    }

    /// `name="value"` in a `Content-Disposition` line.
    private static func parameter(_ name: String, in line: String) -> String? {
        for piece in line.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            return value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 ? String(value.dropFirst().dropLast()) : value
        }
        return nil
    }
}
