import Foundation

/// Times and durations as the panes print them.
enum ClockText {
    /// `14:03:27`, local time.
    static func time(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// `40s`, `12m`, `3h`.
    static func shortDuration(_ seconds: Double) -> String {
        if seconds < 120 { return "\(Int(seconds))s" }
        if seconds < 7200 { return "\(Int(seconds / 60))m" }
        return "\(Int(seconds / 3600))h"
    }
}
