// libyaml, which Yams is built on. Yams offers no event API, and a count of the expansion has
// to happen before `Yams.compose`: composing shares an anchor's node between its aliases, but
// checking a mapping for duplicate keys hashes every key in full, so a key that is an alias of
// nested aliases already takes exponential time there, before the loader sees any node.
import CYaml

/// The bound on what YAML aliases make of a document. Anchors repeated through aliases that
/// are themselves repeated (`b: &b [*a, *a, …]`, nine levels deep) expand a few lines into
/// billions of values; every walk over them (reading `args`, collecting templates) would take
/// exponential time and memory. The text's events are counted first, each alias as the size
/// of what its anchor holds, so the count takes time linear in the text.
///
/// Workspaces are checked by the loader; importers that read YAML (OpenAPI) call
/// ``excess(in:limit:)`` on the text before handing it to Yams.
package enum AliasExpansion {
    /// The most values a workspace may expand to once its aliases are: generous for any file
    /// a person writes, small enough to read in well under a second.
    package static let maximumValues = 1_000_000

    /// The alias that takes a document past its bound: its place (both from 1), its anchor
    /// and how many values that anchor holds.
    package struct Excess: Sendable, Hashable {
        package let line: Int
        package let column: Int
        package let anchor: String
        package let size: Int
        /// The bound that was passed.
        package let limit: Int

        /// `SUBJECT expands to more than LIMIT values through aliases (here *a repeats &a, …)`,
        /// with `subject` such as "the workspace" or "the document".
        package func message(subject: String) -> String {
            "\(subject) expands to more than \(limit) values through aliases (here *\(anchor) repeats &\(anchor), which holds \(size))"
        }
    }

    /// The first alias that takes `text` past `limit` values, or nil when it stays within it.
    /// Syntax errors are not reported here (nil): they are left to Yams, which reports them
    /// with their place.
    package static func excess(in text: String, limit: Int = maximumValues) -> Excess? {
        var text = text
        return text.withUTF8 { bytes in count(bytes, limit: limit) }
    }

    /// Throws at the first alias that takes the whole document past ``maximumValues``.
    static func check(_ text: String, file: String, subject: String) throws(WorkspaceError) {
        if let problem = excess(in: text) {
            throw WorkspaceError(.invalidValue, at: SourceLocation(file: file, line: problem.line, column: problem.column),
                                 problem.message(subject: subject))
        }
    }

    private static func count(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Excess? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        /// Values each anchor holds, itself included; a later anchor of the same name shadows.
        var sizes: [String: Int] = [:]
        /// Open collections: their anchor and the values counted in them so far.
        var open: [(anchor: String?, size: Int)] = []
        var total = 0
        func close(_ size: Int, anchor: String?) {
            if let anchor { sizes[anchor] = size }
            if !open.isEmpty { open[open.count - 1].size += size }
        }
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_SCALAR_EVENT:
                total += 1
                close(1, anchor: name(event.data.scalar.anchor))
            case YAML_SEQUENCE_START_EVENT:
                total += 1
                open.append((name(event.data.sequence_start.anchor), 1))
            case YAML_MAPPING_START_EVENT:
                total += 1
                open.append((name(event.data.mapping_start.anchor), 1))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                if let collection = open.popLast() { close(collection.size, anchor: collection.anchor) }
            case YAML_ALIAS_EVENT:
                // An undefined alias is Yams's error to report.
                guard let anchor = name(event.data.alias.anchor), let size = sizes[anchor] else { continue }
                total += size
                if total > limit {
                    return Excess(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1,
                                  anchor: anchor, size: size, limit: limit)
                }
                close(size, anchor: nil)
            default:
                continue
            }
        }
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        anchor.map { String(cString: $0) }
    }
}
