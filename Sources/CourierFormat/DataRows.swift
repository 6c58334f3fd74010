import Courier
import CourierFormatCore
import Foundation

/// `each:` on a batch item or a chain: rows of variables, one run per row — a CSV file (the
/// header names the variables), a JSON file holding an array of objects, or an inline list of
/// mappings. Files are read when the workspace loads, from its folder (``PathConfinement``
/// applies), so a malformed file is a load error at the file's own line and column.
///
/// ```yaml
/// batches:
///   signups: [{request: signup, each: users.csv}]
/// chains:
///   per-city: {each: [{city: Paris}, {city: 東京}], steps: [weather]}
/// ```
package struct DataRows: Sendable, Hashable {
    /// One row: its values by column, plain text (not templates).
    package struct Row: Sendable, Hashable {
        /// 1-based, in the file's or the list's order (a CSV's header is not a row).
        package var number: Int
        package var values: [String: String]

        /// How outputs name a run of `name` for this row: `signup [row 3]`.
        package func label(_ name: String) -> String { "\(name) [row \(number)]" }
    }

    /// The file as written (`users.csv`), or nil for an inline list.
    package var file: String?
    package var rows: [Row]
    package var location: SourceLocation

    /// Every name a row gives a value.
    package var columns: Set<String> { Set(rows.flatMap(\.values.keys)) }

    /// The most rows one `each:` may have.
    package static let maximumRows = 10_000

    /// The most bytes of values one `each:` holds: a CSV file's fields together, or a JSON
    /// file's size. Rows are read when the workspace loads and kept for the run, so this and
    /// ``maximumRows`` are what a big file can cost; past either, loading stops there.
    package static let maximumBytes = 64 << 20

    init(yaml: YAMLValue) throws(WorkspaceError) {
        location = yaml.location
        let objects: [JSONValue]
        if case .sequence = yaml.node {
            file = nil
            objects = try yaml.list().map { item throws(WorkspaceError) in
                guard case .mapping = item.node else { throw item.error(.wrongType, "expected a row: a mapping of names to values") }
                return try item.json()
            }
        } else {
            let name = try yaml.string(expected: "a .csv or .json file, or a list of rows")
            file = name
            let path = try Self.readablePath(name, at: yaml)
            let origin = "(rows for each: at \(yaml.location.shortDescription))"
            if name.lowercased().hasSuffix(".csv") {
                let reader: CSVReader
                do {
                    reader = try CSVReader(path: path)
                } catch {
                    throw yaml.error(.unreadable, "cannot read \(name) for each: (\(error.reason))")
                }
                rows = try Self.rows(csv: reader, path: path, origin: origin)
                try Self.checkCount(rows.count, at: yaml)
                return
            }
            guard name.lowercased().hasSuffix(".json") else {
                throw yaml.error(.invalidValue, "each: reads a .csv or a .json file, not \(name)")
            }
            let data = try Self.contents(ofJSON: path, name: name, origin: origin, at: yaml)
            objects = try Self.objects(json: data, path: path, origin: origin)
        }
        rows = try objects.enumerated().map { index, object throws(WorkspaceError) in
            guard case .object(let members) = object else {
                throw yaml.error(.invalidValue, "row \(index + 1) of each: is not an object of names to values")
            }
            return Row(number: index + 1, values: members.mapValues(Self.text))
        }
        try Self.checkCount(rows.count, at: yaml)
    }

    /// The file made absolute from the workspace file's folder, and confined to it.
    private static func readablePath(_ name: String, at yaml: YAMLValue) throws(WorkspaceError) -> String {
        let workspace = Workspace(name: "", file: yaml.location.file)
        do {
            return try PathConfinement(workspaceDirectory: workspace.directory).check(workspace.resolvePath(name), for: "each: file")
        } catch {
            throw yaml.error(.invalidValue, error.description)
        }
    }

    private static func checkCount(_ count: Int, at yaml: YAMLValue) throws(WorkspaceError) {
        if count == 0 { throw yaml.error(.invalidValue, "no rows to run") }
        if count > maximumRows { throw yaml.error(.invalidValue, "\(count) rows; at most \(maximumRows) may run") }
    }

    /// The rows of a CSV file, read record by record (``CSVReader``): a file of more than
    /// ``maximumRows`` rows or ``maximumBytes`` of values fails at the line where it passes
    /// that, without reading the rest.
    static func rows(csv reader: consuming CSVReader, path: String, origin: String,
                     maximumRows: Int = maximumRows, maximumBytes: Int = maximumBytes) throws(WorkspaceError) -> [Row] {
        func failure(_ error: CSVReader.ParseError) -> WorkspaceError {
            WorkspaceError(.syntax, at: SourceLocation(file: path, line: error.line, column: error.column), "\(error.reason) \(origin)")
        }
        do throws(CSVReader.ParseError) {
            var reader = reader
            guard let head = try reader.next() else {
                throw CSVReader.ParseError(line: 1, column: 1, reason: "the file is empty: the first line names the columns")
            }
            try checkHeader(head)
            var rows: [Row] = []
            var bytes = 0
            while let record = try reader.next() {
                guard record.fields.count == head.fields.count else {
                    throw CSVReader.ParseError(line: record.line, column: 1, reason: "this record has \(record.fields.count) "
                        + "field\(record.fields.count == 1 ? "" : "s"), the header \(head.fields.count)")
                }
                guard rows.count < maximumRows else {
                    throw CSVReader.ParseError(line: record.line, column: 1, reason: "more than \(maximumRows) rows; at most \(maximumRows) may run")
                }
                bytes += record.fields.reduce(0) { $0 + $1.utf8.count }
                guard bytes <= maximumBytes else {
                    throw CSVReader.ParseError(line: record.line, column: 1,
                                               reason: "the rows up to this one hold more than \(Self.size(maximumBytes)); each: holds at most that")
                }
                rows.append(Row(number: rows.count + 1, values: Dictionary(zip(head.fields, record.fields)) { first, _ in first }))
            }
            return rows
        } catch {
            throw failure(error)
        }
    }

    /// `64 MiB`, or bytes when less than a MiB.
    private static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// Every column of the header has a name, and no name twice.
    private static func checkHeader(_ head: CSVReader.Record) throws(CSVReader.ParseError) {
        for (index, name) in head.fields.enumerated() where name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw CSVReader.ParseError(line: head.line, column: head.columns[index], reason: "column \(index + 1) of the header has no name")
        }
        var seen: Set<String> = []
        for (index, name) in head.fields.enumerated() where !seen.insert(name).inserted {
            throw CSVReader.ParseError(line: head.line, column: head.columns[index], reason: "the header names \"\(name)\" twice")
        }
    }

    /// A JSON file's bytes, refused unread when it is larger than ``maximumBytes``.
    private static func contents(ofJSON path: String, name: String, origin: String, at yaml: YAMLValue) throws(WorkspaceError) -> Data {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumBytes else {
            throw WorkspaceError(.invalidValue, at: SourceLocation(file: path, line: 1, column: 1),
                                 "the file has \(size) bytes; each: reads at most \(Self.size(maximumBytes)) \(origin)")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw yaml.error(.unreadable, "cannot read \(name) for each: (\(error.localizedDescription))")
        }
    }

    private static func objects(json data: Data, path: String, origin: String) throws(WorkspaceError) -> [JSONValue] {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch let error as JSONParseError {
            let before = data.prefix(error.offset)
            let line = before.count { $0 == UInt8(ascii: "\n") } + 1
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
            let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
            throw WorkspaceError(.syntax, at: SourceLocation(file: path, line: line, column: column), "\(error.reason) \(origin)")
        } catch {
            throw WorkspaceError(.syntax, at: SourceLocation(file: path, line: 1, column: 1), "\(error) \(origin)")
        }
        guard case .array(let items) = value else {
            throw WorkspaceError(.invalidValue, at: SourceLocation(file: path, line: 1, column: 1), "expected an array of objects \(origin)")
        }
        return items
    }

    /// A value as a variable's text: strings as they are, null as empty, anything else as JSON.
    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .null: return ""
        default: return value.description
        }
    }
}
