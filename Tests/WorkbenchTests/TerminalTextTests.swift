import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// Server data never drives the terminal: escape sequences are shown, not obeyed.
@Suite struct TerminalTextTests {
    @Test func controlCharactersAreShownNotObeyed() {
        let retitle = "ok\u{1B}]0;pwned\u{07} \u{1B}[2J\u{9B}31m\u{7F}"
        #expect(TerminalText.neutralized(retitle) == "ok^[]0;pwned^G ^[[2J?31m^?")
        #expect(TerminalText.neutralized("a\tb\nc\r") == "a^Ib^Jc^M")
        #expect(TerminalText.neutralized("a\tb\nc\r", keepingLayout: true) == "a\tb\nc^M")
        #expect(TerminalText.neutralized("plain · 東京 ✓") == "plain · 東京 ✓")
    }

    @Test func theWorkbenchPaintsNoControlCharacterWhateverItIsGiven() {
        var buffer = CellBuffer(size: Size(columns: 40, rows: 1))
        let line = StyledLine("x-evil: \u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}m")
        Painter(glyphs: .unicode).draw(line, row: 0, column: 0, width: 40, on: &buffer)
        let text = buffer.text
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(text.hasPrefix("x-evil: \u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2J\u{FFFD}m"))
    }
}
