/// Reads one `--fail-on` rule: a figure, then `+N%`/`-N%` or a comparison and a value with
/// its unit. Errors point at the column where the rule goes wrong.
struct LoadThresholdParser {
    let text: Substring
    /// The rule's first character's column in the whole argument.
    let column: Int

    /// The names a rule may start with, longest first where one is a prefix of another.
    private static let figures: [(String, LoadFigure)] = [
        ("throughput", .throughput), ("rps", .throughput), ("p99.9", .p999), ("p50", .p50), ("p90", .p90),
        ("p95", .p95), ("p99", .p99), ("max", .max), ("mean", .mean), ("errors", .errors),
    ]

    func rule() throws(LoadThresholdError) -> LoadThresholds.Rule {
        guard let (name, figure) = Self.figures.first(where: { text.lowercased().hasPrefix($0.0) }) else {
            throw failure("unknown figure: give p50, p90, p95, p99, p99.9, max, mean, throughput (rps) or errors", at: 0)
        }
        let rest = text.dropFirst(name.count)
        let offset = name.count
        if let sign = rest.first, sign == "+" || sign == "-" {
            guard rest.hasSuffix("%") else {
                throw failure("a relative rule ends in % (\(name)\(sign)10%)", at: text.count)
            }
            let number = try self.number(rest.dropFirst().dropLast(), at: offset + 1)
            let percent = sign == "+" ? number : -number
            return rule(figure == .errors ? .errorRate : figure, .relative(percent: percent))
        }
        guard let comparison = LoadThresholds.Rule.Comparison.allCases.first(where: { rest.hasPrefix($0.rawValue) }) else {
            throw failure("expected +N%, -N% or a comparison (>, <, >=, <=) after \(name)", at: offset)
        }
        let valueText = rest.dropFirst(comparison.rawValue.count)
        let valueOffset = offset + comparison.rawValue.count
        let digits = valueText.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let value = try number(digits, at: valueOffset)
        let unit = String(valueText.dropFirst(digits.count)).lowercased()
        let unitOffset = valueOffset + digits.count
        switch figure {
        case .throughput:
            guard ["", "/s", "rps", "req/s"].contains(unit) else {
                throw failure("unknown unit \"\(unit)\" for throughput (requests a second, as 1000 or 1000/s)", at: unitOffset)
            }
            return rule(figure, .absolute(comparison, value))
        case .errors, .errorRate:
            if unit == "%" { return rule(.errorRate, .absolute(comparison, value / 100)) }
            guard unit.isEmpty else {
                throw failure("unknown unit \"\(unit)\" for errors (a count, or a rate with %)", at: unitOffset)
            }
            return rule(.errors, .absolute(comparison, value))
        default:
            let scale: [String: Double] = ["ms": 1, "s": 1000, "us": 0.001, "\u{B5}s": 0.001, "\u{3BC}s": 0.001]
            guard let factor = scale[unit] else {
                let problem = unit.isEmpty ? "a latency needs a unit" : "unknown unit \"\(unit)\" for a latency"
                throw failure(problem + ": ms, s or µs (\(name)\(comparison.rawValue)250ms)", at: unitOffset)
            }
            return rule(figure, .absolute(comparison, value * factor))
        }
    }

    private func rule(_ figure: LoadFigure, _ test: LoadThresholds.Rule.Test) -> LoadThresholds.Rule {
        LoadThresholds.Rule(text: String(text), column: column, figure: figure, test: test)
    }

    private func number(_ digits: Substring, at offset: Int) throws(LoadThresholdError) -> Double {
        guard !digits.isEmpty, let value = Double(digits), value.isFinite, value >= 0 else {
            throw failure(digits.isEmpty ? "expected a number" : "\"\(digits)\" is not a number", at: offset)
        }
        return value
    }

    private func failure(_ message: String, at offset: Int) -> LoadThresholdError {
        LoadThresholdError(message: message, rule: String(text), column: column + offset)
    }
}
