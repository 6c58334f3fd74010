import Courier
import Foundation

/// Times and durations as the panes print them.
enum ClockText {
    /// `14:03:27`, local time.
    static func time(_ date: Date) -> String {
        TimestampText.localClock(date)
    }

    /// `40s`, `12m`, `3h`.
    static func shortDuration(_ seconds: Double) -> String {
        if seconds < 120 { return "\(Int(seconds))s" }
        if seconds < 7200 { return "\(Int(seconds / 60))m" }
        return "\(Int(seconds / 3600))h"
    }
}
