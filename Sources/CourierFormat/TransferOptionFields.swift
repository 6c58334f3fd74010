import Courier
import CourierFormatCore

/// One ``TransferOptions`` field as the workspace format knows it: where it is written (a key
/// of the request, or of a section such as `redirects:`), how it is read with its range, its
/// YAML text, its words in the composer's Options tab, and its curl flag.
struct TransferOptionField {
    /// The section it is written under (`redirects`), or nil for a key of the request itself.
    let section: String?
    let key: String
    /// Its row's label in the composer (a section's is the section's name); nil: the key.
    var label: String?
    /// Reads the value at `section.key`.
    let read: (YAMLValue, inout TransferOptions) throws(WorkspaceError) -> Void
    /// The value as YAML when set; nil: unset (not written).
    let yaml: (TransferOptions) -> String?
    /// Its words in the composer (the default's when unset); nil: nothing worth a word.
    let describe: (TransferOptions) -> String?
    /// curl's flag for it (`--max-redirs`), for `courier import curl` and `export-curl`.
    let curlFlag: String
    /// Whether the flag takes a value (`--max-redirs 5`) or stands alone (`--location-trusted`).
    let curlFlagTakesValue: Bool
    /// Reads the flag's value (ignored when it takes none); nil when it is not one it accepts.
    let readCurl: (String, inout TransferOptions) -> Bool
}

/// Every transfer option of the workspace format, declared once. The request parser,
/// `RequestYAML`, the runner's resolution, the composer's Options tab, the curl import and
/// `export-curl` all read this table: a new option is a ``TransferOptions`` field, the line
/// that hands it to libcurl, and an entry here.
package enum TransferOptionFields {
    static var all: [TransferOptionField] {
        [
            .whole("redirects", "max", \.maxRedirects, in: 0...50, "a number of redirects", curl: "--max-redirs",
                   describe: { $0.redirectLimit == 0 ? "not followed" : "up to \($0.redirectLimit)" }),
            .flag("redirects", "keepCredentials", \.keepsCredentialsOnRedirect, curl: "--location-trusted",
                  describe: { $0.keepsCredentialsOnRedirect == true ? "credentials to any origin" : nil }),
            .seconds(nil, "expect100Timeout", \.expect100Timeout, in: 0...600, curl: "--expect100-timeout", label: "continue",
                     describe: { "a body waits \($0.expect100Timeout.map(YAMLScalar.seconds) ?? "1") s for 100 Continue" }),
        ]
    }

    /// The keys a request's mapping may have for them: each section once, and the lone keys.
    static var keys: [String] {
        var keys: [String] = []
        for field in all where !keys.contains(field.section ?? field.key) { keys.append(field.section ?? field.key) }
        return keys
    }

    /// The options written in a request's mapping.
    static func read(_ map: YAMLMapping) throws(WorkspaceError) -> TransferOptions {
        var options = TransferOptions()
        for name in keys {
            guard let value = map[name] else { continue }
            let fields = all.filter { ($0.section ?? $0.key) == name }
            guard fields.first?.section != nil else {
                try fields[0].read(value, &options)
                continue
            }
            let allowed = fields.map(\.key)
            let section = try value.mapping(allowed: allowed, expected: "a mapping with " + allowed.joined(separator: ", "))
            for field in fields {
                if let item = section[field.key] { try field.read(item, &options) }
            }
        }
        return options
    }

    /// The YAML lines of the options set, indented as a request's keys (two spaces).
    static func yamlLines(_ options: TransferOptions) -> [String] {
        var lines: [String] = []
        var openSection: String?
        for field in all {
            guard let text = field.yaml(options) else { continue }
            guard let section = field.section else {
                lines.append("  \(field.key): \(text)")
                continue
            }
            if openSection != section { lines.append("  \(section):") }
            openSection = section
            lines.append("    \(field.key): \(text)")
        }
        return lines
    }

    /// The composer's rows: a section's words joined, and each lone key's.
    package static func rows(_ options: TransferOptions) -> [(label: String, text: String)] {
        keys.compactMap { name in
            let fields = all.filter { ($0.section ?? $0.key) == name }
            let words = fields.compactMap { $0.describe(options) }
            let label = fields.first?.section == nil ? fields.first?.label ?? name : name
            return words.isEmpty ? nil : (label, words.joined(separator: ", "))
        }
    }

    /// The keys (a section once) under which `options` has something written.
    package static func writtenKeys(_ options: TransferOptions) -> [String] {
        keys.filter { name in all.contains { ($0.section ?? $0.key) == name && $0.yaml(options) != nil } }
    }

    /// Takes curl's `flag` into `options` when it is one of theirs; throws for a value out of range.
    static func readCurl(_ flag: String, value: () throws(CurlImport.Failure) -> String,
                         into options: inout TransferOptions) throws(CurlImport.Failure) -> Bool {
        guard let field = all.first(where: { $0.curlFlag == flag }) else { return false }
        let text = field.curlFlagTakesValue ? try value() : ""
        guard field.readCurl(text, &options) else {
            throw CurlImport.Failure(description: "\(flag) \(text): not a value Courier accepts for \(field.section.map { "\($0)." } ?? "")\(field.key)")
        }
        return true
    }

    /// curl's words for the options set (`--max-redirs 5`).
    package static func curlWords(_ options: TransferOptions) -> [String] {
        all.flatMap { field -> [String] in
            guard let text = field.yaml(options) else { return [] }
            return field.curlFlagTakesValue ? [field.curlFlag, text] : [field.curlFlag]
        }
    }
}

extension TransferOptionField {
    /// A whole number in `range`.
    static func whole(_ section: String?, _ key: String, _ path: WritableKeyPath<TransferOptions, Int?>, in range: ClosedRange<Int>,
                      _ what: String, curl: String, describe: @escaping (TransferOptions) -> String?) -> TransferOptionField {
        TransferOptionField(section: section, key: key,
                            read: { value, options throws(WorkspaceError) in options[keyPath: path] = try value.int(in: range, what) },
                            yaml: { $0[keyPath: path].map(String.init) }, describe: describe, curlFlag: curl, curlFlagTakesValue: true,
                            readCurl: { text, options in
                                guard let number = Int(text), range.contains(number) else { return false }
                                options[keyPath: path] = number
                                return true
                            })
    }

    /// Seconds in `range`.
    static func seconds(_ section: String?, _ key: String, _ path: WritableKeyPath<TransferOptions, Double?>, in range: ClosedRange<Double>,
                        curl: String, label: String? = nil, describe: @escaping (TransferOptions) -> String?) -> TransferOptionField {
        TransferOptionField(section: section, key: key, label: label,
                            read: { value, options throws(WorkspaceError) in options[keyPath: path] = try value.double(in: range, "a number of seconds") },
                            yaml: { $0[keyPath: path].map(YAMLScalar.seconds) }, describe: describe, curlFlag: curl, curlFlagTakesValue: true,
                            readCurl: { text, options in
                                guard let seconds = Double(text), seconds.isFinite, range.contains(seconds) else { return false }
                                options[keyPath: path] = seconds
                                return true
                            })
    }

    /// `true` or `false`; written only when true, as a curl flag that stands alone.
    static func flag(_ section: String?, _ key: String, _ path: WritableKeyPath<TransferOptions, Bool?>, curl: String,
                     describe: @escaping (TransferOptions) -> String?) -> TransferOptionField {
        TransferOptionField(section: section, key: key,
                            read: { value, options throws(WorkspaceError) in options[keyPath: path] = try value.bool() },
                            yaml: { $0[keyPath: path] == true ? "true" : nil }, describe: describe, curlFlag: curl, curlFlagTakesValue: false,
                            readCurl: { _, options in
                                options[keyPath: path] = true
                                return true
                            })
    }
}
