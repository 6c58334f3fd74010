@testable import CourierFormatCore
import Foundation
import Testing
import Yams

/// `PlainScalarTag` gives every plain scalar the tag Yams' default resolver (its regular
/// expressions) gives it: on each rule's examples and near misses, and on random text made of
/// the characters the rules look at.
@Suite("Plain scalar tags")
struct PlainScalarTagTests {
    private func yams(_ text: String) -> Yams.Tag.Name { Resolver.default.resolveTag(of: Node(text)) }

    static let examples: [String] = [
        // bool
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON",
        "off", "Off", "OFF", "yES", "tRue", "y", "n", "yes ", " yes", "truey",
        // int
        "0", "-0", "+0", "7", "-7", "+12", "1_000", "1__", "0b1010", "-0b1_0", "0b", "0b2", "0o17", "0o", "0o8", "017", "019",
        "0_7", "0x1F", "0xfF_", "0x", "0xG", "-0x1", "1:30", "190:20:30", "1:60", "1:5", "0:30", "-1:30:00", "1:30:",
        "12:", "00", "01", "08", "0_", "_1", "1_", "+", "-", "+-1",
        // float
        "1.5", "-1.5", "+1.", "1.e5", "1e5", "1E+5", "1e-5", "1e", "1e+", ".5", ".5e+3", ".5e3", "._5", ".", "..5", "1.2.3",
        "6.8523015e+5", "685.230_15e+03", "685_230.15", "190:20:30.15", "190:20:30", "1:2.", "-1:2:3.5", ".inf", "-.inf",
        "+.Inf", ".INF", ".iNf", ".nan", ".NaN", ".NAN", "-.nan", "nan", "inf", "1_.5_e5", "0.", "00.1",
        // merge, null, value
        "<<", "<", "<<<", "~", "null", "Null", "NULL", "nULL", "", " ", "=", "==",
        // timestamp
        "2001-12-14", "2001-12-1", "2001-1-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5",
        "2001-12-15T02:59:43.1Z", "2001-12-15 2:59:43.10", "2002-12-14", "2001-12-14 21:59:43.10 ", "2001-12-14  21:59:43",
        "2001-12-14T21:59:43Z", "2001-12-14T21:59:43 Z", "2001-12-14T21:59:43+01", "2001-12-14T21:59:43+1:00",
        "2001-12-14T21:59:43+01:0", "2001-12-14T21:59", "2001-12-14T1:59:43", "2001-1-1T1:02:03.", "20011-12-14",
        "2001-12-140", "2001-12-14T21:59:43.10-05:00x", "2001-12-14\t21:59:43",
        // line terminators before the end
        "12\n", "12\r\n", "12\r", "true\n", "~\n", "\n", "12\u{85}", "12\u{2028}", "12\u{2029}", "12\u{0B}", "12\u{0C}",
        "12\n\n", "1.5\n", "2001-12-14\n", "\u{85}", "\u{2028}", "\r\n", "\u{0B}", "\u{0C}", "\u{2029}x",
        // strings
        "hello", "/pets/{{id}}", "{{demo}}", "1 2", "1,000", "١٢", "１２", "0x１", "é", "12é",
    ]

    @Test("each rule's examples and near misses")
    func examples() {
        for text in Self.examples {
            #expect(PlainScalarTag.name(of: text) == yams(text), "\(text.debugDescription)")
        }
    }

    @Test("random text of the rules' characters")
    func randomText() {
        let alphabet = Array("0123456789+-._:eExXoObBtTzZ ~<=\tnNaAiIfFlLuUrRsSyY\n")
        var generator = SplitMix64(seed: 46)
        var disagreements: [String] = []
        for _ in 0..<30_000 {
            let length = Int.random(in: 0...14, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            if PlainScalarTag.name(of: text) != yams(text) { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20).map(\.debugDescription))")
    }

    @Test("random numbers, dates and times")
    func randomShapes() {
        var generator = SplitMix64(seed: 7)
        let pieces = ["1", "12", "123", "1234", "0", "00", "_", "-", "+", ":", "::", ".", "e", "E", "e+", "e-", "T", "t", " ",
                      "\t", "Z", "x", "b", "o", "59", "60", "5", "2001-12-14", "21:59:43", ".inf", ".nan"]
        var disagreements: [String] = []
        for _ in 0..<30_000 {
            let text = (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            if PlainScalarTag.name(of: text) != yams(text) { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20).map(\.debugDescription))")
    }

    @Test("a workspace value reads with the same tag either way, explicit tags and quotes kept")
    func throughYAMLValue() throws {
        let node = try #require(try Yams.compose(yaml: "a: 12\nb: '12'\nc: !!str 12\nd: yes\ne: ~\nf: 1.5\ng: text\n"))
        let root = YAMLValue(node: node, file: "t.yaml", path: "")
        let tags = try root.mapping().entries.map { $0.value.tagName }
        expectEqual(tags, [.int, .str, .str, .bool, .null, .float, .str])
    }
}
