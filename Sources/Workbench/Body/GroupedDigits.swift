import CourierWorkspace

extension Int {
    /// The number with its thousands separated by commas: `45,210`.
    var groupedDigits: String {
        let digits = String(magnitude)
        var result = self < 0 ? "-" : ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
