import CourierFormatCore
import Foundation
import OpenAPIKit
import Yams

/// Decodes a node of a contract with OpenAPIKit, and turns what OpenAPIKit says is wrong —
/// while decoding or validating — into an error at the node its coding path names.
enum ContractDecoding {
    static func decode<Value: Decodable>(_ type: Value.Type, from node: YAMLValue) throws(WorkspaceError) -> Value {
        do {
            return try YAMLNodeDecoder(userInfo: [VendorExtensionsConfiguration.enabledKey: false]).decode(type, from: node.node)
        } catch {
            let readable = OpenAPI.Error(from: error)
            throw failure(readable.localizedDescription, at: readable.codingPath, in: node, prefix: "not valid OpenAPI")
        }
    }

    /// The errors OpenAPIKit's `validate()` threw (`ValidationErrorCollection` of either model), the first at its place.
    static func validationFailure(_ errors: [(reason: String, codingPath: [any CodingKey])], in root: YAMLValue) -> WorkspaceError? {
        guard let first = errors.first else { return nil }
        let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
        return failure(first.reason + more, at: first.codingPath, in: root, prefix: "the OpenAPI document is not valid")
    }

    /// `prefix: message` at the deepest node on `path` that is written in `node`.
    private static func failure(_ message: String, at path: [any CodingKey], in node: YAMLValue, prefix: String) -> WorkspaceError {
        var place = node
        for key in path {
            if let index = key.intValue, let items = try? place.list(), items.indices.contains(index) {
                place = items[index]
            } else if case .mapping = place.node, let child = try? place.mapping()[key.stringValue] {
                place = child
            } else {
                break
            }
        }
        // OpenAPIKit's text spans lines and marks words up (`**GET**`): one plain line here.
        var text = message.replacingOccurrences(of: "**", with: "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        while text.hasSuffix("..") { text.removeLast() }
        return WorkspaceError(.invalidValue, at: place.location, "\(prefix): \(text)")
    }
}
