import Courier
import Foundation

/// A Postman variable list — a collection's `variable` array or an environment file's
/// `values` — as workspace variables: switched-off entries left out, secret ones remembered.
struct PostmanVariableList {
    /// In the list's order; a name given twice keeps its first place and its last value.
    var variables: [(name: String, value: String)] = []
    /// Names of `type: "secret"` entries.
    var secrets: [String] = []
    /// Names of entries switched off (`disabled: true`, or `enabled: false` in environments).
    var switchedOff: [String] = []
    /// Entries without a name, left out.
    var unnamed = 0
    /// Names written otherwise (see ``ImportedNames/variableName(_:)``), as in the source.
    var renamed: [String] = []

    /// Reads `entries` (`{key, value, type, disabled|enabled}`; v2.0 collections may name a
    /// variable by `id`), converting dynamic variables in the values.
    init(_ entries: [JSONValue], place: String, dynamic: inout PostmanDynamicVariables) {
        for entry in entries {
            let source = entry.text("key") ?? entry.text("id") ?? entry.text("name") ?? ""
            let name = ImportedNames.variableName(source)
            guard !name.isEmpty else {
                unnamed += 1
                continue
            }
            if name != source, !renamed.contains(source) { renamed.append(source) }
            if entry.isTrue("disabled") || entry["enabled"] == .bool(false) {
                switchedOff.append(name)
                continue
            }
            let value = dynamic.convert(Self.valueText(entry["value"]), at: place)
            if let index = variables.firstIndex(where: { $0.name == name }) {
                variables[index].value = value
            } else {
                variables.append((name, value))
            }
            if entry.text("type")?.lowercased() == "secret", !secrets.contains(name) { secrets.append(name) }
        }
    }

    /// A value as text: objects and arrays (allowed for `type: "any"`) as their JSON.
    private static func valueText(_ value: JSONValue?) -> String {
        guard let value else { return "" }
        if let text = value.text { return text }
        return value.isNull ? "" : value.description
    }
}

/// A Postman environment file (`{"name": …, "values": [{key, value, enabled, type}]}`).
enum PostmanEnvironment {
    /// The environment's name (its file's name when it has none) and variables, or a failure
    /// when the file is not JSON or has no `values` array.
    static func read(file: String, data: Data, dynamic: inout PostmanDynamicVariables) throws(ImportFailure) -> (name: String, list: PostmanVariableList) {
        let document = try PostmanJSON.parse(data, file: file)
        let members = try PostmanJSON.object(document, file: file, expected: "a Postman environment")
        guard let values = members["values"] else {
            throw ImportFailure(file: file, location: "$.values", "a Postman environment has a \"values\" array, this file has none")
        }
        guard let entries = values.arrayValue else {
            throw ImportFailure(file: file, location: "$.values", "expected an array of variables, found \(PostmanJSON.kind(of: values))")
        }
        let fileName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let name = document.text("name").flatMap { $0.isEmpty ? nil : $0 } ?? fileName
        return (name, PostmanVariableList(entries, place: "environment \"\(name)\"", dynamic: &dynamic))
    }
}
