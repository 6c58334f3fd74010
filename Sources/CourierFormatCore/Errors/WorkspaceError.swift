import Foundation
/// A place in a workspace file: 1-based line and column, as editors count them.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers use so that terminals and editors link it.
    public var description: String { "\(file):\(line):\(column)" }

    /// `name.yaml:line:column`, without the file's folder: for a report's lines.
    public var shortDescription: String { "\(URL(fileURLWithPath: file).lastPathComponent):\(line):\(column)" }
}

/// A workspace that cannot be used, with the place in the file that says why.
///
/// Its description is `file:line:column: error: message`, e.g.
/// `demo.yaml:12:5: error: requests.login: unknown key "hedaers"; did you mean "headers"?`.
public struct WorkspaceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is, for tests and tools.
    public enum Kind: String, Sendable, Hashable {
        case unreadable, syntax, unknownKey, wrongType, missingKey, invalidValue
        case undefinedVariable, unknownReference, cycle, unknownTarget
    }

    public var kind: Kind
    public var location: SourceLocation?
    public var message: String

    public init(_ kind: Kind, at location: SourceLocation?, _ message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    public var description: String {
        guard let location else { return "error: \(message)" }
        return "\(location): error: \(message)"
    }
}
