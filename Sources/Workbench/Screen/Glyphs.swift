import CourierWorkspace
import Foundation

/// The characters the workbench draws with: Unicode box drawing and symbols when the
/// terminal speaks UTF-8, plain ASCII otherwise (or with `--ascii`).
package struct Glyphs: Sendable, Hashable {
    package var horizontal: String
    package var vertical: String
    package var topLeft: String
    package var topRight: String
    package var bottomLeft: String
    package var bottomRight: String
    package var teeLeft: String
    package var teeRight: String
    /// Tree folding: an open and a folded node.
    package var expanded: String
    package var collapsed: String
    package var bullet: String
    package var success: String
    package var failure: String
    package var cancelled: String
    package var pending: String
    package var paused: String
    package var ellipsis: String
    /// A full and a partial block for bars; `shades` from light to dark.
    package var barFull: String
    package var barEmpty: String
    /// A thin meter for one-row progress and age bars, so that stacked rows stay apart.
    package var meterFull: String
    package var meterEmpty: String
    package var parallel: String
    /// The spinner's frames.
    package var spinner: [String]

    /// The spinner's frame at `now` (twelve a second).
    package func spinner(at now: Date) -> String {
        spinner[Int(now.timeIntervalSinceReferenceDate * 12) % spinner.count]
    }
    package var isUnicode: Bool

    package static let unicode = Glyphs(
        horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
        teeLeft: "├", teeRight: "┤", expanded: "▾", collapsed: "▸", bullet: "●", success: "✓", failure: "✗",
        cancelled: "⊘", pending: "·", paused: "⏸", ellipsis: "…",
        barFull: "█", barEmpty: "░", meterFull: "━", meterEmpty: "─", parallel: "∥",
        spinner: ["◐", "◓", "◑", "◒"], isUnicode: true)

    package static let ascii = Glyphs(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        teeLeft: "+", teeRight: "+", expanded: "v", collapsed: ">", bullet: "*", success: "+", failure: "x",
        cancelled: "/", pending: ".", paused: "=", ellipsis: "~",
        barFull: "#", barEmpty: ".", meterFull: "=", meterEmpty: "-", parallel: "||",
        spinner: ["|", "/", "-", "\\"], isUnicode: false)
}
