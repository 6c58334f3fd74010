@testable import CourierFormatCore
import Testing

/// Server data never drives the terminal: escape sequences are shown, not obeyed.
@Suite struct TerminalTextTests {
    @Test func controlCharactersAreShownNotObeyed() {
        let retitle = "ok\u{1B}]0;pwned\u{07} \u{1B}[2J\u{9B}31m\u{7F}"
        expectEqual(TerminalText.neutralized(retitle), "ok^[]0;pwned^G ^[[2J?31m^?")
        expectEqual(TerminalText.neutralized("a\tb\nc\r"), "a^Ib^Jc^M")
        expectEqual(TerminalText.neutralized("a\tb\nc\r", keepingLayout: true), "a\tb\nc^M")
        expectEqual(TerminalText.neutralized("plain · 東京 ✓"), "plain · 東京 ✓")
    }
}
