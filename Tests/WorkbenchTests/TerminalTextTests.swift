import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// Server data never drives the terminal: whatever a line holds, the painter draws no control
/// character (`TerminalText` itself is tested in CourierFormatCoreTests).
@Suite struct TerminalTextTests {
    @Test func theWorkbenchPaintsNoControlCharacterWhateverItIsGiven() {
        var buffer = CellBuffer(size: Size(columns: 40, rows: 1))
        let line = StyledLine("x-evil: \u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}m")
        Painter(glyphs: .unicode).draw(line, row: 0, column: 0, width: 40, on: &buffer)
        let text = buffer.text
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(text.hasPrefix("x-evil: \u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2J\u{FFFD}m"))
    }
}
