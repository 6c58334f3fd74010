import Foundation

/// The formats `courier import` reads, told apart for `courier init --from FILE`: by a
/// `format:` prefix (`openapi:api.yaml`), else by the file's name and content — a `.http` or
/// `.rest` file, a `.hurl` file, a HAR (`log.entries`), a Postman collection (`info` and
/// `item`), an OpenAPI document (`openapi:` at the top, JSON or YAML), an Insomnia export
/// (`_type: export`, or `type: collection.insomnia.rest/5.0`).
public enum ImportFormat: String, Sendable, CaseIterable {
    case openapi, postman, http, har, insomnia, hurl

    /// The format and the file of `argument` (`FILE` or `FORMAT:FILE`), or why it cannot tell.
    public static func detect(_ argument: String) throws(ImportFailure) -> (format: ImportFormat, file: String) {
        if let colon = argument.firstIndex(of: ":"), let format = ImportFormat(rawValue: String(argument[..<colon]).lowercased()) {
            return (format, String(argument[argument.index(after: colon)...]))
        }
        let lowered = argument.lowercased()
        if lowered.hasSuffix(".http") || lowered.hasSuffix(".rest") { return (.http, argument) }
        if lowered.hasSuffix(".har") { return (.har, argument) }
        if lowered.hasSuffix(".hurl") { return (.hurl, argument) }
        let contents: Data
        do {
            contents = try Data(contentsOf: URL(fileURLWithPath: argument))
        } catch {
            throw ImportFailure(file: argument, "cannot read it: \(error.localizedDescription)")
        }
        if let object = try? JSONSerialization.jsonObject(with: contents) as? [String: Any] {
            if let log = object["log"] as? [String: Any], log["entries"] != nil { return (.har, argument) }
            if object["openapi"] != nil || object["swagger"] != nil { return (.openapi, argument) }
            if object["info"] != nil, object["item"] != nil { return (.postman, argument) }
            if object["_type"] as? String == "export" { return (.insomnia, argument) }
        } else if let text = String(data: contents.prefix(4096), encoding: .utf8) {
            let lines = text.split(whereSeparator: \.isNewline)
            if lines.contains(where: { $0.hasPrefix("openapi:") || $0.hasPrefix("swagger:") }) { return (.openapi, argument) }
            if lines.contains(where: { $0 == "_type: export" || ($0.hasPrefix("type: ") && $0.hasSuffix(".insomnia.rest/5.0")) }) {
                return (.insomnia, argument)
            }
        }
        throw ImportFailure(file: argument, "cannot tell its format; name it: --from openapi:FILE, postman:FILE, http:FILE, har:FILE, "
            + "insomnia:FILE or hurl:FILE")
    }

    /// Runs this format's importer on `data`; `workspaceDirectory` is where the workspace
    /// will be written (an OpenAPI document becomes its contract, relative to it).
    public func result(_ data: Data, file: String, workspaceDirectory: String) throws(ImportFailure) -> ImportResult {
        switch self {
        case .openapi: return try OpenAPIImport.result(document: data, file: file, workspaceDirectory: workspaceDirectory)
        case .postman: return try PostmanImport.result(collection: data, file: file)
        case .har: return try HARImport.result(har: data, file: file)
        case .insomnia: return try InsomniaImport.result(export: data, file: file)
        case .http:
            guard let text = String(data: data, encoding: .utf8) else { throw ImportFailure(file: file, "not UTF-8 text") }
            return try HTTPFileImport.result(text: text, file: file)
        case .hurl:
            guard let text = String(data: data, encoding: .utf8) else { throw ImportFailure(file: file, "not UTF-8 text") }
            return try HurlImport.result(text: text, file: file)
        }
    }
}
