import Courier
import Foundation
import CourierWorkspace

/// What an importer made of a document: the workspace and what it could not carry over.
public struct ImportResult: Sendable {
    public var workspace: ImportedWorkspace
    public var report: ImportReport

    public init(workspace: ImportedWorkspace, report: ImportReport = ImportReport()) {
        self.workspace = workspace
        self.report = report
    }
}

/// A document an importer cannot read at all (not JSON, not the format, a required part
/// missing), with where: `FILE:line:column` for text positions, `FILE: $.item[2].request`
/// for a place in a JSON document. `courier import` prints it and exits with status 2.
public struct ImportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// `line:column` (from 1) or a JSON path; nil when the problem is the whole file.
    public var location: String?
    public var message: String

    public init(file: String, location: String? = nil, _ message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// A failure at a line and column (both from 1).
    public init(file: String, line: Int, column: Int, _ message: String) {
        self.init(file: file, location: "\(line):\(column)", message)
    }

    /// A JSON syntax error, at the line and column of its byte offset in `data`.
    public init(file: String, data: Data, error: JSONParseError) {
        let (line, column) = Self.lineAndColumn(of: error.offset, in: data)
        self.init(file: file, line: line, column: column, "invalid JSON: \(error.reason)")
    }

    public var description: String {
        guard let location else { return "\(file): error: \(message)" }
        return location.first == "$" ? "\(file): \(location): error: \(message)" : "\(file):\(location): error: \(message)"
    }

    /// Line and column (characters, both from 1) of a byte offset in UTF-8 text.
    public static func lineAndColumn(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in data.prefix(max(0, offset)) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
