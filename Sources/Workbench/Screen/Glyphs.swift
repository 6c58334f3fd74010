import CourierWorkspace
import Foundation

/// The characters the workbench draws with: Unicode box drawing and symbols when the
/// terminal speaks UTF-8, plain ASCII otherwise (or with `--ascii`).
public struct Glyphs: Sendable, Hashable {
    public var horizontal: String
    public var vertical: String
    public var topLeft: String
    public var topRight: String
    public var bottomLeft: String
    public var bottomRight: String
    public var teeLeft: String
    public var teeRight: String
    /// Tree folding: an open and a folded node.
    public var expanded: String
    public var collapsed: String
    public var bullet: String
    public var success: String
    public var failure: String
    public var cancelled: String
    public var pending: String
    public var paused: String
    public var ellipsis: String
    /// A full and a partial block for bars; `shades` from light to dark.
    public var barFull: String
    public var barEmpty: String
    /// A thin meter for one-row progress and age bars, so that stacked rows stay apart.
    public var meterFull: String
    public var meterEmpty: String
    public var parallel: String
    /// The spinner's frames.
    public var spinner: [String]

    /// The spinner's frame at `now` (twelve a second).
    public func spinner(at now: Date) -> String {
        spinner[Int(now.timeIntervalSinceReferenceDate * 12) % spinner.count]
    }
    public var isUnicode: Bool

    public static let unicode = Glyphs(
        horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
        teeLeft: "├", teeRight: "┤", expanded: "▾", collapsed: "▸", bullet: "●", success: "✓", failure: "✗",
        cancelled: "⊘", pending: "·", paused: "⏸", ellipsis: "…",
        barFull: "█", barEmpty: "░", meterFull: "━", meterEmpty: "─", parallel: "∥",
        spinner: ["◐", "◓", "◑", "◒"], isUnicode: true)

    public static let ascii = Glyphs(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        teeLeft: "+", teeRight: "+", expanded: "v", collapsed: ">", bullet: "*", success: "+", failure: "x",
        cancelled: "/", pending: ".", paused: "=", ellipsis: "~",
        barFull: "#", barEmpty: ".", meterFull: "=", meterEmpty: "-", parallel: "||",
        spinner: ["|", "/", "-", "\\"], isUnicode: false)
}
