import Foundation

/// A `DecodingError` said as a ``RequestError`` of the serialization family, with the coding
/// path in the notation captures and checks use (`$.items[3].price`) — seed 004's
/// model-mapping error kind, instead of a raw `DecodingError` with its coding keys.
enum ModelMappingFailure {
    static func error<T>(_ error: DecodingError, type: T.Type, statusCode: Int?) -> RequestError {
        let (path, detail): ([any CodingKey], String) = switch error {
        case .typeMismatch(let expected, let context):
            (context.codingPath, "expected \(expected), found \(found(context.debugDescription))")
        case .valueNotFound(let expected, let context):
            (context.codingPath, "expected \(expected), found null")
        case .keyNotFound(let key, let context):
            (context.codingPath + [key], "missing")
        case .dataCorrupted(let context):
            (context.codingPath, context.codingPath.isEmpty ? "the body is not JSON" : context.debugDescription)
        @unknown default:
            ([], "\(error)")
        }
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
            return RequestError(family: .serialization, code: .cannotParseResponse,
                                message: "The response is not valid JSON, so it does not map to \(T.self).", statusCode: statusCode)
        }
        return RequestError(family: .serialization, code: .cannotMapModel,
                            message: "The response does not map to \(T.self): \(jsonPath(path)): \(detail).", statusCode: statusCode)
    }

    /// `$`, `$.items[3].price`, `$["odd key"]`.
    static func jsonPath(_ keys: [any CodingKey]) -> String {
        keys.reduce("$") { path, key in
            if let index = key.intValue { return path + "[\(index)]" }
            let name = key.stringValue
            let plain = !name.isEmpty && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" }
            return plain ? path + "." + name : path + "[\"" + name.replacingOccurrences(of: "\"", with: "\\\"") + "\"]"
        }
    }

    /// What Foundation's description says it found ("Expected to decode Double but found a
    /// string instead." → "a string").
    private static func found(_ description: String) -> String {
        guard let range = description.range(of: "but found "),
              let end = description.range(of: " instead", range: range.upperBound..<description.endIndex) else { return description }
        return String(description[range.upperBound..<end.lowerBound])
    }
}
