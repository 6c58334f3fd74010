import Foundation
import CourierWorkspace

/// Names and placeholders from an imported document made fit for a workspace file, which
/// YAML and the template syntax constrain: an implicit YAML key holds at most 1,024
/// characters, and a `{{…}}` is always read as a variable.
enum ImportedNames {
    /// The longest request, batch or chain name an importer makes: a title longer than this
    /// is cut at a word boundary.
    static let maximumNameLength = 64
    /// The longest variable name an importer writes; a longer one keeps its start and gets a
    /// hash of the whole, so that different long names stay different.
    static let maximumVariableLength = 128

    /// The slug of `text` (see ``ImportNaming/slug(_:)``), cut to at most `maximum`
    /// characters at a `-` where there is one.
    static func slug(_ text: String, maximum: Int = maximumNameLength) -> String {
        var slug = ImportNaming.slug(text)
        if slug.count > maximum {
            slug = String(slug.prefix(maximum))
            if let dash = slug.lastIndex(of: "-") { slug = String(slug[..<dash]) }
        }
        return slug
    }

    /// A name from `naming` for `title` (a request's or folder's), cut by ``slug(_:maximum:)``
    /// (a 5,000-character name would not even load: a YAML key holds at most 1,024); a cut
    /// is noted in `report` with `place` (`request "…"`).
    static func unique(_ title: String, fallback: String, place: String, naming: inout ImportNaming, report: inout ImportReport) -> String {
        let name = naming.unique(slug(title), fallback: fallback)
        if ImportNaming.slug(title).count > maximumNameLength {
            report.notes.append("\(place) is named \"\(name)\" (names are cut to \(maximumNameLength) characters)")
        }
        return name
    }

    /// A variable name as the workspace writes it: control, format and line-separator
    /// characters (a line break among them, all of which YAML writes escaped) become spaces,
    /// spaces around it are trimmed (as the loader trims references), and a name longer than
    /// ``maximumVariableLength`` is shortened. Definitions and `{{references}}` go through this
    /// same function, so they still match.
    static func variableName(_ name: String) -> String {
        let spaced = name.unicodeScalars.map { scalar -> Character in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: " "
            default: Character(scalar)
            }
        }
        let flat = String(spaced).trimmingCharacters(in: .whitespaces)
        guard flat.count > maximumVariableLength else { return flat }
        return String(flat.prefix(maximumVariableLength - 9)) + "-" + hash(name)
    }

    /// Whether the text between `{{` and `}}` (trimmed) can name a variable: not empty, and
    /// without braces, quotes or backslashes, which no variable name of the source formats
    /// has (`{{"id": 1}}` in a JSON body is text).
    static func namesVariable(_ name: String) -> Bool {
        !name.isEmpty && !name.contains(where: { "{}\"\\".contains($0) })
    }

    /// The display form of a name in a report line: control characters as `^J`, `^[`…, and
    /// its start only when long.
    static func shown(_ name: String) -> String {
        let flat = TerminalText.neutralized(name)
        return flat.count > 60 ? flat.prefix(57) + "… (\(name.count) characters)" : flat
    }

    /// Eight hex digits of FNV-1a over the UTF-8 bytes: stable across runs, unlike `hashValue`.
    private static func hash(_ text: String) -> String {
        var value: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            value = (value ^ UInt32(byte)) &* 16_777_619
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
