import CourierWorkspace

/// A one-line text field that edits as readline does: ←/→, Home/End, Ctrl-A/E, Ctrl-B/F,
/// Backspace/Delete, Ctrl-D, Ctrl-U/K (kill to start/end), Ctrl-W (kill a word), Ctrl-Y
/// (yank the last kill) and pasted text. While a field is being edited every key goes to
/// it: ``handle(_:)`` says whether the edit goes on, is committed (Enter) or cancelled (Esc).
package struct LineEditor: Sendable, Hashable {
    /// What a key did to the field.
    package enum Outcome: Sendable, Equatable {
        case editing, committed, cancelled
        /// Keys the field leaves to its owner (Tab between the fields of a row).
        case passed(Key)
    }

    package private(set) var characters: [Character]
    /// The cursor, before `characters[cursor]`.
    package private(set) var cursor: Int
    private var killRing = ""
    /// The first column shown when the text is wider than the field.
    private var scroll = 0

    package init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    package var text: String { String(characters) }

    /// A key: the typing scope's bindings (apply, cancel) first, then readline's keys.
    package mutating func handle(_ key: Key) -> Outcome {
        switch KeyMap.ownAction(for: key, in: .typing) {
        case .commitLine?: return .committed
        case .cancelLine?: return .cancelled
        default: break
        }
        switch key {
        case .character(let character): insert(String(character))
        case .paste(let text): insert(text)
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace, .control("h"):
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete, .control("d"):
            if cursor < characters.count { characters.remove(at: cursor) }
        case .control("u"):
            killRing = String(characters[..<cursor])
            characters.removeSubrange(..<cursor)
            cursor = 0
        case .control("k"):
            killRing = String(characters[cursor...])
            characters.removeSubrange(cursor...)
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            killRing = String(characters[start..<cursor])
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .control("y"):
            insert(killRing)
        default:
            return .passed(key)
        }
        return .editing
    }

    /// Inserts text at the cursor; line breaks in pasted text become spaces.
    package mutating func insert(_ text: String) {
        let clean = text.map { $0.isNewline || $0 == "\t" ? " " : $0 }.filter { !$0.isASCII || $0.asciiValue! >= 0x20 }
        characters.insert(contentsOf: clean, at: cursor)
        cursor += clean.count
    }

    /// The field as it shows in `width` columns, scrolled so that the cursor is visible,
    /// and the cursor's column within it.
    package mutating func view(width: Int) -> (line: StyledLine, cursorColumn: Int) {
        guard width > 1 else { return (StyledLine(), 0) }
        let cursorColumn = DisplayWidth.of(String(characters[..<cursor]))
        if cursorColumn < scroll { scroll = cursorColumn }
        if cursorColumn - scroll > width - 1 { scroll = cursorColumn - width + 1 }
        var skipped = 0
        var start = 0
        while start < characters.count, skipped < scroll {
            skipped += DisplayWidth.of(String(characters[start]))
            start += 1
        }
        let visible = String(DisplayWidth.prefix(of: Substring(String(characters[start...])), fitting: width - 1).text)
        // The character under the cursor is drawn as a block too, so the field shows where
        // typing goes even where the terminal's own cursor is hard to see.
        let before = String(characters[start..<cursor])
        let after = visible.dropFirst(before.count)
        var line = StyledLine()
        line.append(before, .input)
        line.append(after.first.map(String.init) ?? " ", .inputCursor)
        line.append(after.dropFirst(), .input)
        let padding = max(0, width - line.width)
        line.append(String(repeating: " ", count: padding), .input)
        return (line, cursorColumn - skipped)
    }
}
