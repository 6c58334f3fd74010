import CNCurses
import Testing

/// The curses shim links against ncursesw and exposes the macros Swift cannot import.
@Suite struct ShimTests {
    @Test func attributeMacrosAreDistinctBits() {
        let attributes = [courier_attr_bold(), courier_attr_reverse(), courier_attr_dim(), courier_attr_underline()]
        #expect(attributes.allSatisfy { $0 != 0 })
        expectEqual(Set(attributes).count, attributes.count)
        #expect(attributes.allSatisfy { $0 & courier_color_pair(1) == 0 })
    }

    @Test func wideCharacterAPIIsAvailable() {
        var cell = cchar_t()
        var text: [wchar_t] = [0x2500, 0]  // ─
        expectEqual(setcchar(&cell, &text, 0, 0, nil), OK)
        var back = [wchar_t](repeating: 0, count: 4)
        var attributes: attr_t = 0
        var pair: Int16 = 0
        expectEqual(getcchar(&cell, &back, &attributes, &pair, nil), OK)
        expectEqual(back[0], 0x2500)
    }
}
