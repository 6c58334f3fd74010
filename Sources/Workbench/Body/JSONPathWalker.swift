import CourierWorkspace
import Courier
import Foundation

/// Follows a ``JSONPath`` through JSON text known to be valid (a formatted body's lines back to
/// back), token by token, to the bytes of the value it leads to.
struct JSONPathWalker {
    let text: UnsafeBufferPointer<UInt8>

    /// The bytes of the value at `path`, or the step that failed.
    func valueRange(at path: JSONPath) throws(BodyFilterError) -> Range<Int> {
        var position = skipWhitespace(from: 0)
        for (step, component) in path.components.enumerated() {
            var walked = path
            walked.components = Array(path.components[..<step])
            switch component {
            case .key(let name):
                guard text[position] == UInt8(ascii: "{") else {
                    throw .wrongType(path: walked.description, found: typeName(at: position), expected: "an object")
                }
                guard let member = member(named: name, inObjectAt: position) else {
                    throw .noMember(name, path: walked.description)
                }
                position = member
            case .index(let index):
                guard text[position] == UInt8(ascii: "[") else {
                    throw .wrongType(path: walked.description, found: typeName(at: position), expected: "an array")
                }
                switch element(index, inArrayAt: position) {
                case .found(let element): position = element
                case .missing(let count): throw .indexOutOfRange(index, path: walked.description, count: count)
                }
            }
        }
        return position..<valueEnd(from: position)
    }

    /// Where the value of the first member called `name` starts.
    private func member(named name: String, inObjectAt start: Int) -> Int? {
        var position = skipWhitespace(from: start + 1)
        while text[position] == UInt8(ascii: "\"") {
            let key = position..<stringEnd(from: position)
            position = skipWhitespace(from: skipWhitespace(from: key.upperBound) + 1)
            if isKey(key, named: name) { return position }
            position = skipWhitespace(from: valueEnd(from: position))
            guard text[position] == UInt8(ascii: ",") else { return nil }
            position = skipWhitespace(from: position + 1)
        }
        return nil
    }

    private enum ElementSearch {
        case found(Int)
        case missing(count: Int)
    }

    private func element(_ index: Int, inArrayAt start: Int) -> ElementSearch {
        var position = skipWhitespace(from: start + 1)
        guard text[position] != UInt8(ascii: "]") else { return .missing(count: 0) }
        var count = 0
        while true {
            if count == index { return .found(position) }
            count += 1
            position = skipWhitespace(from: valueEnd(from: position))
            guard text[position] == UInt8(ascii: ",") else { return .missing(count: count) }
            position = skipWhitespace(from: position + 1)
        }
    }

    /// Compares the key's bytes when it has no escapes, its decoded text otherwise.
    private func isKey(_ key: Range<Int>, named name: String) -> Bool {
        let inner = text[(key.lowerBound + 1)..<(key.upperBound - 1)]
        guard inner.contains(UInt8(ascii: "\\")) else { return inner.elementsEqual(name.utf8) }
        guard case .string(let decoded)? = try? JSONValue(parsing: Data(text[key])) else { return false }
        return decoded == name
    }

    /// Just past the value starting at `start`.
    private func valueEnd(from start: Int) -> Int {
        switch text[start] {
        case UInt8(ascii: "\""):
            return stringEnd(from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var position = start
            while position < text.count {
                switch text[position] {
                case UInt8(ascii: "\""):
                    position = stringEnd(from: position)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return position + 1 }
                default:
                    break
                }
                position += 1
            }
            return text.count
        default:
            var position = start
            while position < text.count, !text[position].isWhitespace,
                  ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(text[position]) {
                position += 1
            }
            return position
        }
    }

    /// Just past the closing quote of the string opening at `start`.
    private func stringEnd(from start: Int) -> Int {
        var position = start + 1
        while let quote = text.firstIndex(of: UInt8(ascii: "\""), from: position) {
            var backslashes = 0
            while text[quote - 1 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return quote + 1 }
            position = quote + 1
        }
        return text.count
    }

    private func skipWhitespace(from start: Int) -> Int {
        var position = start
        while position < text.count, text[position].isWhitespace { position += 1 }
        return position
    }

    private func typeName(at position: Int) -> String {
        switch text[position] {
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        default: return "a number"
        }
    }
}

extension FormattedBody {
    /// The value `path` leads to, formatted as a body of its own; or which step failed.
    /// Walks the formatted JSON's bytes: nothing is parsed into values.
    package func filtered(by path: JSONPath) -> Result<FormattedBody, BodyFilterError> {
        guard kind == .json else { return .failure(.notJSON) }
        guard isComplete else { return .failure(.incomplete) }
        let store: LineStore
        switch lines {
        case .stored(let stored): store = stored
        case .indexed(let indexed): return indexed.filtered(by: path, byteCount: byteCount)
        }
        return store.text.withUnsafeBufferPointer { text in
            do throws(BodyFilterError) {
                let value = try JSONPathWalker(text: text).valueRange(at: path)
                guard let body = try? FormattedBody.formatJSON(UnsafeBufferPointer(rebasing: text[value])) else {
                    return .failure(.notJSON)
                }
                return .success(body)
            } catch {
                return .failure(error)
            }
        }
    }
}

extension IndexedLines {
    /// The value `path` leads to, laid out from the same bytes.
    func filtered(by path: JSONPath, byteCount: Int) -> Result<FormattedBody, BodyFilterError> {
        let found: Result<Range<Int>, BodyFilterError> = withBytes { text in
            do throws(BodyFilterError) {
                return .success(try JSONPathWalker(text: text).valueRange(at: path))
            } catch {
                return .failure(error)
            }
        }
        return found.flatMap { value in
            let start = source.startIndex
            let slice = source[(start + value.lowerBound)..<(start + value.upperBound)]
            guard let body = try? FormattedBody.indexedJSON(slice, byteCount: value.count, releasesPages: releasesPages) else { return .failure(.notJSON) }
            return .success(body)
        }
    }
}
