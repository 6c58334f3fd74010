import CourierWorkspace

/// A pane of the workbench, by the number its title shows and `1`–`9` jump to. Each pane
/// declares its own (`extension PaneID { static let cache = PaneID(4, "Cache") }` beside the
/// pane); ``PaneSet/kinds`` lists them in order.
public struct PaneID: Sendable, Hashable, CustomStringConvertible {
    /// Its number.
    public let rawValue: Int
    public let title: String
    /// Said after "Go to …" in help and the palette, when going there again does more.
    public let focusNote: String?

    public init(_ number: Int, _ title: String, focusNote: String? = nil) {
        rawValue = number
        self.title = title
        self.focusNote = focusNote
    }

    /// Every pane, in the order of their numbers.
    public static var allCases: [PaneID] { PaneSet.kinds.map { $0.id } }

    public var description: String { "\(rawValue) \(title)" }

    public static func == (lhs: PaneID, rhs: PaneID) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
