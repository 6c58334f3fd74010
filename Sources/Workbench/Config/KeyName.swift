import CourierWorkspace

/// How the user config writes a key: `q`, `G`, `space`, `ctrl-r`, `f5`, `enter`, `esc`, `tab`,
/// `shift-tab`, `backspace`, `delete`, `up`, `down`, `left`, `right`, `home`, `end`, `pgup`,
/// `pgdn`. Names are case-insensitive; a single character is itself (`G` is Shift-G).
package enum KeyName {
    /// The named keys, each with its canonical spelling first.
    static let named: [(names: [String], key: Key)] = [
        (["space"], .character(" ")), (["enter", "return"], .enter), (["esc", "escape"], .escape),
        (["tab"], .tab), (["shift-tab", "backtab"], .backTab), (["backspace"], .backspace),
        (["delete", "del"], .delete), (["up"], .up), (["down"], .down), (["left"], .left), (["right"], .right),
        (["home"], .home), (["end"], .end), (["pgup", "pageup", "page-up"], .pageUp), (["pgdn", "pagedown", "page-down"], .pageDown),
    ]

    /// Ctrl-letters a terminal cannot tell from another key: Ctrl-H is Backspace, Ctrl-I Tab,
    /// Ctrl-J and Ctrl-M Enter.
    static let indistinct: [Character: String] = ["h": "backspace", "i": "tab", "j": "enter", "m": "enter"]

    /// Every spelling a message may suggest.
    static var spellings: [String] {
        named.flatMap(\.names) + (1...12).map { "f\($0)" } + "abcdefgklnopqrstuvwxyz".map { "ctrl-\($0)" }
    }

    /// The key `name` stands for, or why there is none.
    package static func key(_ name: String) -> Result<Key, KeyNameError> {
        if name.count == 1, let character = name.first, !character.isWhitespace, !character.isNewline,
           character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
            return .success(.character(character))
        }
        let lowered = name.lowercased()
        if let entry = named.first(where: { $0.names.contains(lowered) }) { return .success(entry.key) }
        if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last, letter.isASCII, letter.isLetter {
            if let same = indistinct[letter] { return .failure(KeyNameError("\(name) reaches the workbench as \(same); bind \(same) instead")) }
            return .success(.control(letter))
        }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...12).contains(number) {
            return .success(.function(number))
        }
        let suggestion = Suggestion.closest(to: lowered, in: spellings).map { "; did you mean \"\($0)\"?" } ?? ""
        return .failure(KeyNameError("unknown key \"\(name)\"\(suggestion) (a character, space, ctrl-a…z, f1…f12, enter, esc, tab, "
            + "shift-tab, backspace, delete, up, down, left, right, home, end, pgup, pgdn)"))
    }

    /// How `key` is written in the config: the inverse of ``key(_:)``.
    package static func name(of key: Key) -> String {
        switch key {
        case .control(let letter): return "ctrl-\(letter)"
        case .function(let number): return "f\(number)"
        case .character(let character) where character != " ": return String(character)
        default: return named.first { $0.key == key }?.names[0] ?? key.description
        }
    }
}

/// Why a key name in the config names no key.
package struct KeyNameError: Error, Sendable, Equatable {
    package var message: String

    init(_ message: String) {
        self.message = message
    }
}
