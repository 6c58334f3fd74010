import Foundation

/// One step of a JSON path without wildcards: an object's member by name, or an array's
/// element by its index from 0.
package enum JSONPathStep: Sendable, Hashable {
    case member(String)
    case element(Int)
}

extension JSONValue {
    /// The value at `path` in UTF-8 JSON text, or nil when nothing is there (a member not
    /// present, an index past the end, a step into a scalar). The whole text is checked
    /// against the same grammar as ``init(parsing:)`` and throws the same errors, but only
    /// the value found is built: the rest is scanned, so a large body costs a pass over its
    /// bytes and the size of what the path selects, not a tree of the whole document (about
    /// four times its size). A member named twice is read from its last occurrence, as
    /// parsing the whole document keeps it.
    package static func value(at path: [JSONPathStep], in data: Data) throws(JSONParseError) -> JSONValue? {
        let result: Result<JSONValue?, JSONParseError> = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self), buildsValues: false)
            do throws(JSONParseError) {
                return .success(try parser.parseDocument { parser throws(JSONParseError) in try parser.value(following: path[...]) })
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

extension JSONParser {
    /// Reads the value at `index`: builds it when `path` is empty, follows the path's first
    /// step into it when it is a container of that kind, and otherwise only checks it.
    fileprivate mutating func value(following path: ArraySlice<JSONPathStep>) throws(JSONParseError) -> JSONValue? {
        guard let step = path.first else {
            buildsValues = true
            defer { buildsValues = false }
            return try parseValue()
        }
        guard index < bytes.count else { throw endOfInput() }
        switch (bytes[index], step) {
        case (UInt8(ascii: "{"), .member(let name)):
            return try member(name, then: path.dropFirst())
        case (UInt8(ascii: "["), .element(let position)):
            return try element(position, then: path.dropFirst())
        default:
            _ = try parseValue()
            return nil
        }
    }

    /// The object at `index`, checked whole; what `rest` selects in its member `name` (the
    /// last one of that name).
    private mutating func member(_ name: String, then rest: ArraySlice<JSONPathStep>) throws(JSONParseError) -> JSONValue? {
        let isEmpty = try openContainer(closedBy: UInt8(ascii: "}"))
        defer { depth -= 1 }
        if isEmpty { return nil }
        var found: JSONValue?
        while true {
            buildsValues = true
            let key = try parseMemberName()
            buildsValues = false
            if key == name {
                found = try value(following: rest)
            } else {
                _ = try parseValue()
            }
            guard try continuesAfterItem(closing: UInt8(ascii: "}"), otherwise: "where ',' or '}' should follow an object member")
            else { break }
        }
        return found
    }

    /// The array at `index`, checked whole; what `rest` selects in its element `position`.
    private mutating func element(_ position: Int, then rest: ArraySlice<JSONPathStep>) throws(JSONParseError) -> JSONValue? {
        let isEmpty = try openContainer(closedBy: UInt8(ascii: "]"))
        defer { depth -= 1 }
        if isEmpty { return nil }
        var found: JSONValue?
        var current = 0
        while true {
            if current == position {
                found = try value(following: rest)
            } else {
                _ = try parseValue()
            }
            current += 1
            guard try continuesAfterItem(closing: UInt8(ascii: "]"), otherwise: "where ',' or ']' should follow an array element")
            else { break }
        }
        return found
    }
}
