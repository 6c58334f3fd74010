import Courier
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
public struct DataRows: Sendable, Hashable {
    /// One row: its values by column, plain text (not templates).
    public struct Row: Sendable, Hashable {
        /// 1-based, in the file's or the list's order (a CSV's header is not a row).
        public var number: Int
        public var values: [String: String]

        /// How outputs name a run of `name` for this row: `signup [row 3]`.
        public func label(_ name: String) -> String { "\(name) [row \(number)]" }
    }

    /// The file as written (`users.csv`), or nil for an inline list.
    public var file: String?
    public var rows: [Row]
    public var location: SourceLocation

    /// Every name a row gives a value.
    public var columns: Set<String> { Set(rows.flatMap(\.values.keys)) }

    /// The most rows one `each:` may have.
    public static let maximumRows = 10_000

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
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw yaml.error(.unreadable, "cannot read \(name) for each: (\(error.localizedDescription))")
            }
            let origin = "(rows for each: at \(yaml.location.shortDescription))"
            if name.lowercased().hasSuffix(".csv") {
                rows = try Self.rows(csv: data, path: path, origin: origin)
                try Self.checkCount(rows.count, at: yaml)
                return
            }
            guard name.lowercased().hasSuffix(".json") else {
                throw yaml.error(.invalidValue, "each: reads a .csv or a .json file, not \(name)")
            }
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

    private static func rows(csv data: Data, path: String, origin: String) throws(WorkspaceError) -> [Row] {
        let table: CSVTable
        do {
            table = try CSVTable(parsing: data)
        } catch {
            throw WorkspaceError(.syntax, at: SourceLocation(file: path, line: error.line, column: error.column), "\(error.reason) \(origin)")
        }
        return table.records.enumerated().map { index, record in
            Row(number: index + 1, values: Dictionary(zip(table.header, record.fields)) { first, _ in first })
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
