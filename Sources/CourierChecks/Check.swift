import CourierFormatCore
import Yams

/// One item of `expect:` — a test of a response, written as one line
/// (`$.items count >= 3`, `header Content-Type contains json`, `$.id not exists`) or as a
/// small map (`{subject: $.id, predicate: "==", value: 3}`).
///
/// A line is `SUBJECT [count] [not] PREDICATE [VALUE]`; the workspaces README lists every
/// subject and predicate.
public struct Check: Sendable, Hashable, CustomStringConvertible {
    package var subject: CheckSubject
    /// `count` after the subject: the number of items of a list, members of an object,
    /// characters of text, or nodes an XPath selects.
    public var counts: Bool
    package var predicate: CheckPredicate
    /// The check as written (for the map form, as the line would read).
    public var text: String
    public var location: SourceLocation

    package init(subject: CheckSubject, counts: Bool = false, predicate: CheckPredicate, text: String? = nil, location: SourceLocation) {
        self.subject = subject
        self.counts = counts
        self.predicate = predicate
        self.location = location
        self.text = text ?? "\(subject)\(counts ? " count" : "") \(predicate)"
    }

    /// The subject as the check names it: `$.items count`, `header Server`.
    public var subjectText: String { "\(subject)\(counts ? " count" : "")" }

    public var description: String { text }

    /// The keys of the map form.
    static let mapKeys = ["subject", "predicate", "value"]

    /// Reads one line; a mistake is reported at its column, counting from `location`.
    public init(parsing line: String, location: SourceLocation) throws(WorkspaceError) {
        do throws(CheckSyntaxError) {
            var parser = CheckParser(line)
            let subject = try parser.subject()
            let counts = parser.keyword("count")
            let predicate = try parser.predicate()
            self.init(subject: subject, counts: counts, predicate: predicate, text: line.trimmingCharacters(in: .whitespaces), location: location)
        } catch {
            throw WorkspaceError(.invalidValue, at: location.advanced(by: error.offset), "\(error.reason) in \"\(line)\"")
        }
    }

    /// Reads an item of `expect:`: a line or the map form.
    package init(yaml: YAMLValue) throws(WorkspaceError) {
        guard case .mapping = yaml.node else {
            let line = try yaml.string(expected: "a check like \"status == 200\" or {subject: …, predicate: …, value: …}")
            do throws(WorkspaceError) {
                try self.init(parsing: line, location: yaml.textStart)
            } catch {
                throw WorkspaceError(error.kind, at: error.location, yaml.path.isEmpty ? error.message : "\(yaml.path): \(error.message)")
            }
            return
        }
        let map = try yaml.mapping(allowed: Self.mapKeys, expected: "a check")
        let subjectYAML = try map.required("subject", hint: "what to check: status, header NAME, $.path, …")
        let predicateYAML = try map.required("predicate", hint: "==, contains, exists, isNumber, …")
        func parse<T>(_ node: YAMLValue, _ read: (inout CheckParser) throws(CheckSyntaxError) -> T) throws(WorkspaceError) -> T {
            let text = try node.string()
            var parser = CheckParser(text)
            do throws(CheckSyntaxError) {
                let value = try read(&parser)
                try parser.end()
                return value
            } catch {
                throw WorkspaceError(.invalidValue, at: node.textStart.advanced(by: error.offset),
                                     "\(node.path): \(error.reason) in \"\(text)\"")
            }
        }
        let (subject, counts) = try parse(subjectYAML) { (parser: inout CheckParser) throws(CheckSyntaxError) in
            (try parser.subject(), parser.keyword("count"))
        }
        var predicate = try parse(predicateYAML) { (parser: inout CheckParser) throws(CheckSyntaxError) in
            try parser.predicate(valueGiven: map["value"] != nil)
        }
        if let valueYAML = map["value"] {
            predicate.value = try CheckValue(yaml: valueYAML)
            if predicate.op == .matches, case .text(let pattern)? = predicate.value {
                do throws(CheckSyntaxError) {
                    predicate.value = .text(try CheckParser.regex(pattern, offset: 0))
                } catch {
                    throw valueYAML.error(.invalidValue, error.reason)
                }
            }
        }
        self.init(subject: subject, counts: counts, predicate: predicate, location: yaml.location)
    }

    /// Every item of an `expect:` list (one check alone may stand without the list).
    package static func list(_ yaml: YAMLValue) throws(WorkspaceError) -> [Check] {
        guard case .sequence = yaml.node else { return [try Check(yaml: yaml)] }
        var checks: [Check] = []
        for item in try yaml.list() { checks.append(try Check(yaml: item)) }
        return checks
    }
}

extension SourceLocation {
    /// The place `columns` characters further along the line.
    func advanced(by columns: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column + columns)
    }
}

extension YAMLValue {
    /// Where a scalar's text starts: after the opening quote of a quoted one. A block
    /// scalar's text starts on a later line, so it points at the node.
    var textStart: SourceLocation {
        guard case .scalar(let scalar) = node else { return location }
        switch scalar.style {
        case .singleQuoted, .doubleQuoted: return location.advanced(by: 1)
        default: return location
        }
    }
}

extension CheckValue {
    /// A YAML value of the map form: its typed scalars as they are, strings as text.
    init(yaml: YAMLValue) throws(WorkspaceError) {
        switch yaml.node {
        case .sequence:
            var items: [CheckValue] = []
            for item in try yaml.list() { items.append(try CheckValue(yaml: item)) }
            self = .list(items)
        case .mapping:
            var members: [String: CheckValue] = [:]
            for entry in try yaml.mapping().entries { members[entry.name] = try CheckValue(yaml: entry.value) }
            self = .object(members)
        default:
            let json = try yaml.json()
            if case .string(let text) = json {
                self = CheckValue.scalar(text).isPlaceholder ? CheckValue.scalar(text) : .text(text)
            } else {
                self = .literal(json)
            }
        }
    }

    var isPlaceholder: Bool {
        if case .placeholder = self { return true }
        return false
    }
}
