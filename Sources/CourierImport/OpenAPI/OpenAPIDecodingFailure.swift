import Foundation
import OpenAPIKit
import Yams

/// An error OpenAPIKit threw while decoding a document, as an `ImportFailure` at the JSON path
/// it names (`$.paths./pets.get.responses`), with the YAML line when the text had one.
enum OpenAPIDecodingFailure {
    static func failure(_ error: any Error, root: Node, file: String) -> ImportFailure {
        let readable = OpenAPI.Error(from: error)
        let path = readable.codingPath
        // OpenAPIKit's text spans lines and marks words up (`**GET**`): one plain line here.
        let text = readable.localizedDescription.replacingOccurrences(of: "**", with: "")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var message = "not a valid OpenAPI document: " + text
        if let mark = mark(at: path, in: root) { message += " (line \(mark.line))" }
        return ImportFailure(file: file, location: jsonPath(path), message)
    }

    /// `$` and each key: `.name`, `[2]`, or `['a.b']` for keys a dot or bracket would
    /// make ambiguous.
    static func jsonPath(_ path: [any CodingKey]) -> String {
        var text = "$"
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else if key.stringValue.isEmpty || key.stringValue.contains(where: { ".[]' ".contains($0) }) {
                text += "['" + key.stringValue.replacingOccurrences(of: "'", with: "\\'") + "']"
            } else {
                text += "." + key.stringValue
            }
        }
        return text
    }

    /// Where the deepest node on `path` starts in the YAML text (nil for JSON, whose nodes
    /// carry no marks).
    static func mark(at path: [any CodingKey], in root: Node) -> Mark? {
        var node = root
        var found = root.mark
        for key in path {
            if let index = key.intValue, let items = node.sequence, items.indices.contains(index) {
                node = items[index]
            } else if let mapping = node.mapping, let entry = mapping.first(where: { $0.key.string == key.stringValue }) {
                node = entry.value
            } else {
                break
            }
            found = node.mark ?? found
        }
        return found
    }
}
