@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
import Foundation
import Testing

/// Invalid UTF-8 and control characters are reported at their line and column, before YAML
/// reads the file (libyaml gave no place for them).
@Suite("Workspace characters")
struct WorkspaceCharacterTests {
    /// The error loading a file holding `bytes`, with the file's path replaced by `test.yaml`.
    private func loadError(_ bytes: [UInt8]) throws -> String? {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/ws.yaml"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do {
            _ = try Workspace.load(path: path)
            return nil
        } catch {
            return error.description.replacingOccurrences(of: path, with: "test.yaml")
        }
    }

    @Test("invalid UTF-8 is reported at its line and column, which count characters")
    func invalidUTF8() throws {
        #expect(try loadError(Array("requests:\n  a: {url: /caf".utf8) + [0xC3] + Array("}\n".utf8)) == """
            test.yaml:2:16: error: invalid UTF-8: byte 0xC3 does not form a character (byte offset 25); save the file as UTF-8
            """)
        #expect(try loadError(Array("variables:\n  greeting: \"héllo ".utf8) + [0xFF] + Array("\"\n".utf8)) == """
            test.yaml:2:20: error: invalid UTF-8: byte 0xFF does not form a character (byte offset 31); save the file as UTF-8
            """)
        #expect(try loadError(Array("name: x\r\nvariables: {a: \"".utf8) + [0xE2, 0x82]) == """
            test.yaml:2:17: error: invalid UTF-8: bytes 0xE2 0x82 do not form a character (byte offset 25); save the file as UTF-8
            """)
        #expect(try loadError([0xFF, 0xFE] + Array("n\0a\0".utf8)) == """
            test.yaml:1:1: error: invalid UTF-8: byte 0xFF does not form a character (byte offset 0); save the file as UTF-8
            """, "UTF-16 is not read as UTF-8")
    }

    @Test("a control character is reported at its line and column, with how to write it")
    func controlCharacters() throws {
        #expect(parseError("variables:\n  bell: \"ding\u{07}\"\n")?.description == """
            test.yaml:2:14: error: control character U+0007 is not allowed in YAML (only tab, line feed and carriage return are); \
            write it as \\u0007 inside double quotes
            """)
        #expect(parseError("variables:\n  bell: \"ding\u{07}\"\n")?.kind == .syntax)
        #expect(parseError("name: x\r\nvariables:\r\n  a: \"\u{01}\"\r\n")?.location == SourceLocation(file: "test.yaml", line: 3, column: 7),
                "CR LF ends one line")
        #expect(parseError("name: x\rvariables: {a: \"\u{01}\"}")?.location == SourceLocation(file: "test.yaml", line: 2, column: 17),
                "a lone CR ends a line, as libyaml reads it")
        #expect(parseError("\u{FEFF}name: \u{01}")?.location == SourceLocation(file: "test.yaml", line: 1, column: 7),
                "a leading byte-order mark is not a column")
        for (character, name) in [("\u{7F}", "U+007F"), ("\u{85}", "U+0085"), ("\u{9B}", "U+009B"), ("\u{00}", "U+0000")] {
            #expect(parseError("name: \"a\(character)\"")?.description.hasPrefix(
                "test.yaml:1:9: error: control character \(name) is not allowed in YAML") == true)
        }
        #expect(parseError("name: \"\u{FFFF}\"")?.description == """
            test.yaml:1:8: error: the character U+FFFF is not allowed in YAML; write it as \\uFFFF inside double quotes
            """)
        #expect(try loadError(Array("name: ok\nvariables: {a: \"".utf8) + [0x1B] + Array("[0m\"}".utf8))?.hasPrefix(
            "test.yaml:2:17: error: control character U+001B") == true)
    }

    @Test("a file with other non-ASCII characters is still checked: C1 controls, U+FFFE and U+FFFF are found")
    func refusedAmongOthers() throws {
        let prefix = "name: café · 漢字 — ok\nvariables: {a: \"é"
        for (character, column, message) in [("\u{85}", 18, "control character U+0085"),
                                             ("\u{9F}", 18, "control character U+009F"),
                                             ("\u{FFFE}", 18, "the character U+FFFE"),
                                             ("\u{FFFF}", 18, "the character U+FFFF")] {
            let error = try loadError(Array((prefix + character + "\"}\n").utf8))
            #expect(error?.hasPrefix("test.yaml:2:\(column): error: \(message)") == true, "\(error ?? "loaded")")
        }
        #expect(try loadError(Array((prefix + "\u{A0}\u{BF}\u{FFFD}\u{FEFF}\"}\n").utf8)) == nil,
                "U+00A0, U+00BF, U+FFFD and a byte-order mark inside the text are allowed")
    }

    @Test("tabs, line breaks, a byte-order mark and any printable character load")
    func allowed() throws {
        let workspace = try parseWorkspace("\u{FEFF}name: \"tab\there\"\r\nvariables:\r\n  cjk: 漢字 😀\n  quoted: \"\\u0007\"\n")
        expectEqual(workspace.name, "tab\there")
        expectEqual(workspace.variables["cjk"], "漢字 😀")
        #expect(workspace.variables["quoted"] == "\u{07}", "an escaped control character is fine")
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("\u{FEFF}name: café\nvariables: {a: b}\n".utf8).write(to: URL(fileURLWithPath: directory + "/ws.yaml"))
        let loaded = try Workspace.load(path: directory + "/ws.yaml")
        expectEqual(loaded.name, "café")
        expectEqual(loaded.variables, ["a": "b"])
    }
}
