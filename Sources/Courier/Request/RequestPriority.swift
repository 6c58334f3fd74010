/// Where a request stands in the queue when more requests wait than there are transfer slots.
/// Higher values start first; equal values start in the order they were started.
public struct RequestPriority: RawRepresentable, Sendable, Hashable, Comparable, Codable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// YTKRequestPriorityLow.
    public static let low = RequestPriority(rawValue: -4)
    /// YTKRequestPriorityDefault.
    public static let `default` = RequestPriority(rawValue: 0)
    /// YTKRequestPriorityHigh.
    public static let high = RequestPriority(rawValue: 4)

    public static func < (lhs: RequestPriority, rhs: RequestPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}
