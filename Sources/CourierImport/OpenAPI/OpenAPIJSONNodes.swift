import Foundation
import Yams

/// A JSON document as a Yams node tree, members in the document's order.
///
/// OpenAPIKit keeps paths, properties and the like in the order it decodes them, and only a
/// decoder that keeps keys in order (Yams') gives it that order; Foundation's `JSONDecoder`
/// does not. Turning the JSON text into nodes ourselves (rather than letting libyaml read it
/// as YAML) keeps JSON-only text such as `"\/"` or tabs working. The text must already be
/// valid JSON (`JSONValue.validate`); this reader only builds the tree.
enum OpenAPIJSONNodes {
    /// The tree of valid JSON `data`.
    static func node(from data: Data) -> Node {
        var reader = Reader(bytes: [UInt8](data))
        return reader.value()
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // A leading byte-order mark is not part of the JSON.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func value() -> Node {
            skipSpace()
            guard index < bytes.count else { return Node.Scalar("null", Tag(.null), .plain).node }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var pairs: [(Node, Node)] = []
                while true {
                    skipSpace()
                    guard index < bytes.count else { break }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; break }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    // Keys plain, as Yams looks keys up by their resolved tag (`"200"` is an int).
                    let key = Node.Scalar(string(), .implicit, .plain).node
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
                    pairs.append((key, value()))
                }
                return Node.Mapping(pairs, Tag(.map), .flow).node
            case UInt8(ascii: "["):
                index += 1
                var items: [Node] = []
                while true {
                    skipSpace()
                    guard index < bytes.count else { break }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; break }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    items.append(value())
                }
                return Node.Sequence(items, Tag(.seq), .flow).node
            case UInt8(ascii: "\""):
                return Node.Scalar(string(), Tag(.str), .doubleQuoted).node
            default:
                let start = index
                while index < bytes.count, !Self.ends(bytes[index]) { index += 1 }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                switch word {
                case "true", "false": return Node.Scalar(word, Tag(.bool), .plain).node
                case "null": return Node.Scalar(word, Tag(.null), .plain).node
                default:
                    let isInteger = !word.contains { $0 == "." || $0 == "e" || $0 == "E" }
                    return Node.Scalar(word, Tag(isInteger ? .int : .float), .plain).node
                }
            }
        }

        private static func ends(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
                || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        private mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// A string at `index` (its opening quote), with its escapes undone.
        private mutating func string() -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll(keepingCapacity: true)
            }
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                    run.append(bytes[index])
                    index += 1
                    continue
                }
                flush()
                let escape = bytes[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = hex4()
                    if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = hex4()
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: scalars.append(Unicode.Scalar(escape))  // \" \\ \/
                }
            }
            flush()
            index += 1
            return String(scalars)
        }

        private mutating func hex4() -> UInt32 {
            let end = min(index + 4, bytes.count)
            let digits = String(decoding: bytes[index..<end], as: UTF8.self)
            index = end
            return UInt32(digits, radix: 16) ?? 0xFFFD
        }
    }
}

private extension Node.Scalar {
    var node: Node { .scalar(self) }
}

private extension Node.Mapping {
    var node: Node { .mapping(self) }
}

private extension Node.Sequence {
    var node: Node { .sequence(self) }
}
