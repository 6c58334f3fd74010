/// An ordered list of name/value pairs, as found in a URL query string, an
/// `application/x-www-form-urlencoded` body or the text parts of a multipart form.
struct FormFields: Sendable {
    /// The pairs in the order they were received; a name may repeat.
    private(set) var pairs: [(name: String, value: String)] = []

    init() {}

    /// Parses `a=1&b=2&a=3` (also used for query strings). `+` decodes to a space and
    /// percent escapes are decoded; malformed escapes are kept literally.
    init(urlEncoded text: Substring) {
        for component in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = component.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = FormFields.decode(parts[0])
            let value = parts.count > 1 ? FormFields.decode(parts[1]) : ""
            pairs.append((name, value))
        }
    }

    mutating func append(name: String, value: String) {
        pairs.append((name, value))
    }

    /// The first value for `name`, if any.
    subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// httpbin's representation: one member per distinct name in first-seen order, whose
    /// value is a string, or an array of strings when the name repeats.
    var jsonObject: DemoJSON {
        var order: [String] = []
        var values: [String: [String]] = [:]
        for (name, value) in pairs {
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(value)
        }
        return .object(order.map { name in
            let all = values[name]!
            return (name, all.count == 1 ? .string(all[0]) : .array(all.map { .string($0) }))
        })
    }

    private static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let high = hexValue(iterator[iterator.startIndex]),
                let low = hexValue(iterator[iterator.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
