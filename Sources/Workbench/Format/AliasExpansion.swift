// libyaml, which Yams is built on. Yams offers no event API, and a count of the expansion has
// to happen before `Yams.compose`: composing shares an anchor's node between its aliases, but
// checking a mapping for duplicate keys hashes every key in full, so a key that is an alias of
// nested aliases already takes exponential time there, before the loader sees any node.
import CYaml

/// The bound on what YAML aliases make of a workspace. Anchors repeated through aliases that
/// are themselves repeated (`b: &b [*a, *a, …]`, nine levels deep) expand a few lines into
/// billions of values; every walk over them (reading `args`, collecting templates) would take
/// exponential time and memory. The text's events are counted first, each alias as the size
/// of what its anchor holds, so the count takes time linear in the text.
enum AliasExpansion {
    /// The most values a workspace may expand to once its aliases are: generous for any file
    /// a person writes, small enough to read in well under a second.
    static let maximumValues = 1_000_000

    /// Throws at the first alias that takes the whole document past ``maximumValues``.
    /// Syntax errors are left to Yams, which reports them with their place.
    static func check(_ text: String, file: String) throws(WorkspaceError) {
        var text = text
        let problem = text.withUTF8 { bytes in count(bytes) }
        if let problem {
            throw WorkspaceError(.invalidValue, at: SourceLocation(file: file, line: problem.line, column: problem.column),
                                 "the workspace expands to more than \(maximumValues) values through aliases "
                                 + "(here *\(problem.anchor) repeats &\(problem.anchor), which holds \(problem.size))")
        }
    }

    /// The alias that goes over the bound: its 1-based place, its anchor and what that holds.
    private struct Excess {
        let line: Int
        let column: Int
        let anchor: String
        let size: Int
    }

    private static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Excess? {
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
                if total > maximumValues {
                    return Excess(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1,
                                  anchor: anchor, size: size)
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
