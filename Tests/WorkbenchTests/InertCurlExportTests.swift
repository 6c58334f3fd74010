import Foundation
import Testing
@testable import CourierFormat
@testable import CourierWorkspace
@testable import Workbench

/// A curl command made from workspace data holds no control character a terminal would obey
/// (OSC 52 writes the clipboard, OSC 0 retitles the window), wherever it goes — `C`'s
/// clipboard, the screen, `courier export-curl` — and still sends the same bytes: such
/// characters are written as `$'…'` escapes.
@Suite struct InertCurlExportTests {
    static let osc = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}]0;pwned\u{07}"

    /// Whether `text` has a C0 control other than a line feed, DEL or a C1 control.
    static func obeyable(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    /// A variable whose value holds OSC sequences cannot go in a header (#41: every header value
    /// is checked, and a placeholder's is named): `C` says so, copies nothing, and does not
    /// copy the command without that header either. The message names the variable and the
    /// character without writing it.
    @Test func copyAsCurlRefusesAHeaderWhosePlaceholderHoldsControlCharacters() async throws {
        try await AppHarness.run(overrides: ["lang": Self.osc]) { app in
            app.select(.request("many-headers"))
            app.press(.character("C"))
            #expect(app.model.takeEffects().isEmpty, "nothing is copied")
            let said = app.model.toasts.shown.map(\.text).joined(separator: "\n")
            #expect(said.contains("cannot export many-headers") && said.contains("lang") && said.contains("ESC (0x1B)"), "\(said)")
            #expect(!Self.obeyable(said), "\(said.debugDescription)")
        }
    }

    @Test func quotingKeepsLayoutAndWritesOnlyControlsAsEscapes() throws {
        expectEqual(ShellWords.quote("a b\nc"), "'a b\nc'")
        #expect(ShellWords.quote("it's\u{1B}[2J\\\u{85}\r\n") == #"$'it\'s\x1B[2J\\\xC2\x85\r\n'"#)
        for word in ["it's\u{1B}[2J\\\u{85}\r\n", Self.osc, "\u{7F}é\t"] {
            expectEqual(try ShellWords.split("curl -H " + ShellWords.quote(word)), ["curl", "-H", word])
        }
    }

    @Test func aBrowsersDollarQuotedWordsAreRead() throws {
        #expect(try ShellWords.split(#"curl --data-raw $'{"a":"\u00e9\n\x41\101\e\cA\'"}' x$'y'"#)
                == ["curl", "--data-raw", "{\"a\":\"é\nAA\u{1B}\u{01}'\"}", "xy"])
        #expect(try ShellWords.split(#"echo '$'"it"'s'"#) == ["echo", "$its"], "a $ inside quotes starts nothing")
    }
}
