import Courier
import Foundation
import CourierWorkspace

/// Reading the loosely typed JSON of exported documents (Postman collections and
/// environments, HAR files): documents nobody here wrote, where a number may stand for a
/// string and a field may be missing or of another type than the specification says.
enum PostmanJSON {
    /// Parses `data` as JSON, or fails at the line and column of the syntax error.
    static func parse(_ data: Data, file: String) throws(ImportFailure) -> JSONValue {
        do {
            return try JSONValue(parsing: data)
        } catch let error as JSONParseError {
            throw ImportFailure(file: file, data: data, error: error)
        } catch {
            throw ImportFailure(file: file, "cannot read the file as JSON: \(error)")
        }
    }

    /// The document's top-level object, or a failure at `$`.
    static func object(_ value: JSONValue, file: String, expected: String) throws(ImportFailure) -> [String: JSONValue] {
        guard let members = value.objectValue else {
            throw ImportFailure(file: file, location: "$", "expected \(expected) (a JSON object), found \(kind(of: value))")
        }
        return members
    }

    /// What a JSON value is, in words, for failure messages.
    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSONValue {
    /// A scalar as text: strings as they are, numbers and booleans written out; nil for
    /// null, arrays and objects.
    var text: String? {
        switch self {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null, .array, .object: return nil
        }
    }

    /// The member `key` as text (see ``text``).
    func text(_ key: String) -> String? { self[key]?.text }

    /// The member `key` as an array; a missing or non-array member is empty.
    func array(_ key: String) -> [JSONValue] { self[key]?.arrayValue ?? [] }

    /// Whether the member `key` is `true` (or the string `"true"`).
    func isTrue(_ key: String) -> Bool {
        switch self[key] {
        case .bool(true)?: return true
        case .string(let text)?: return text.lowercased() == "true"
        default: return false
        }
    }
}

extension String {
    /// The text on one line, for a YAML comment: line breaks, tabs and other control
    /// characters become spaces (a line break would end the comment and break the file).
    var asCommentLine: String { ImportedWorkspace.oneLine(self) }
}
