import Foundation

/// Durations and rates as `courier load` and the workbench's `L` take them: `30s`, `2m`,
/// `500ms`, `1.5s`, `1h`, or plain seconds; `2000`, `2000/s`, `120/m`.
package enum LoadDurationText {
    /// Seconds, or nil when `text` is not a duration.
    package static func seconds(_ text: String) -> Double? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            guard let value = Double(text.dropLast(suffix.count)), value.isFinite, value >= 0 else { return nil }
            return value * factor
        }
        guard let value = Double(text), value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// Requests a second, or nil when `text` is not a rate.
    package static func rate(_ text: String) -> Double? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("/s", 1), ("/m", 1.0 / 60), ("/min", 1.0 / 60)]
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            guard let value = Double(text.dropLast(suffix.count)), value.isFinite, value > 0 else { return nil }
            return value * factor
        }
        guard let value = Double(text), value.isFinite, value > 0 else { return nil }
        return value
    }
}
