import CourierWorkspace

/// A pane of the workbench, by the number its title shows and `1`–`9` jump to. Each pane
/// declares its own (`extension PaneID { static let cache = PaneID(4, "Cache") }` beside the
/// pane); ``PaneSet/kinds`` lists them in order.
package struct PaneID: Sendable, Hashable, CustomStringConvertible {
    /// Its number.
    package let rawValue: Int
    package let title: String
    /// Said after "Go to …" in help and the palette, when going there again does more.
    package let focusNote: String?

    package init(_ number: Int, _ title: String, focusNote: String? = nil) {
        rawValue = number
        self.title = title
        self.focusNote = focusNote
    }

    /// Every pane, in the order of their numbers.
    package static var allCases: [PaneID] { PaneSet.kinds.map { $0.id } }

    package var description: String { "\(rawValue) \(title)" }

    package static func == (lhs: PaneID, rhs: PaneID) -> Bool { lhs.rawValue == rhs.rawValue }
    package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
