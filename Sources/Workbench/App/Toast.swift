import Foundation

/// A short-lived message in the status line.
package struct Toast: Sendable, Equatable {
    package var text: String
    package var style: Style
    package var expires: Double
    /// The event it tells of, in the Events pane (`!` goes there).
    package var event: Int?
}

/// The status line's messages, newest last: at most three, each until its time is up.
package struct Toasts {
    package private(set) var shown: [Toast] = []

    /// Adds one; past three, the oldest goes.
    mutating func say(_ text: String, _ style: Style, seconds: Double, event: Int?, now: Date = Date()) {
        shown.append(Toast(text: text, style: style, expires: now.timeIntervalSinceReferenceDate + seconds, event: event))
        if shown.count > 3 { shown.removeFirst(shown.count - 3) }
    }

    /// Drops those whose time is up; returns whether any was.
    @discardableResult
    mutating func expire(now: Date) -> Bool {
        let before = shown.count
        shown.removeAll { $0.expires <= now.timeIntervalSinceReferenceDate }
        return shown.count != before
    }

    mutating func clear() { shown.removeAll() }

    /// When the next one's time is up; nil: none shown.
    var nextExpiry: Date? { shown.map(\.expires).min().map(Date.init(timeIntervalSinceReferenceDate:)) }

    /// The event of the newest failure that names one (`!` shows it).
    var lastFailureEvent: Int? { shown.last { $0.event != nil && $0.style == .failure }?.event }
}
