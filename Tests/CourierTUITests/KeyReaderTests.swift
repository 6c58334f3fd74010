import CNCurses
import Testing
@testable import CourierTUI
@testable import CourierWorkspace
@testable import Workbench

/// Raw terminal input becomes the workbench's keys.
@Suite struct KeyReaderTests {
    @Test func controlCharactersBecomeNamedKeys() {
        expectEqual(KeyReader.key(for: "\t"), .tab)
        expectEqual(KeyReader.key(for: "\r"), .enter)
        expectEqual(KeyReader.key(for: "\n"), .enter)
        #expect(KeyReader.key(for: "\u{1b}") == .escape)
        #expect(KeyReader.key(for: "\u{7f}") == .backspace)
        #expect(KeyReader.key(for: "\u{08}") == .backspace)
        #expect(KeyReader.key(for: "\u{03}") == .control("c"))
        #expect(KeyReader.key(for: "\u{13}") == .control("s"))
        expectEqual(KeyReader.key(for: "q"), .character("q"))
        expectEqual(KeyReader.key(for: "中"), .character("中"))
    }

    @Test func cursesKeyCodesBecomeKeys() {
        expectEqual(KeyReader.functionKey(KEY_UP), .up)
        expectEqual(KeyReader.functionKey(KEY_NPAGE), .pageDown)
        expectEqual(KeyReader.functionKey(KEY_BTAB), .backTab)
        expectEqual(KeyReader.functionKey(KEY_DC), .delete)
        expectEqual(KeyReader.functionKey(KEY_RESIZE), .resize)
        expectEqual(KeyReader.functionKey(courier_key_f(5)), .function(5))
        #expect(KeyReader.functionKey(KeyReader.pasteStart) == nil, "paste markers are handled by the reader, not as keys")
    }

    @Test func everyKeyTheKeyMapUsesCanBeTyped() {
        let producible: [Key] = (1...27).map { KeyReader.key(for: Unicode.Scalar(UInt32($0))!) }
            + [.up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .backTab, .function(5)]
        for binding in KeyMap.bindings {
            for key in binding.keys {
                if case .character = key { continue }
                #expect(producible.contains(key), "\(key) of \(binding.action) cannot come from the terminal")
            }
        }
    }
}
