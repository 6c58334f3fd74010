/// The `grpc-timeout` header: a positive integer of at most 8 digits and a unit (`H` hours,
/// `M` minutes, `S` seconds, `m` milliseconds, `u` microseconds, `n` nanoseconds).
public enum GRPCTimeout {
    /// `seconds` in the finest unit whose value fits in 8 digits, rounded up so the server
    /// never gets less time than the client allows: `1.5` → `1500000u`, `3600` → `3600000m`.
    public static func header(seconds: Double) -> String {
        let units: [(Character, Double)] = [("n", 1e9), ("u", 1e6), ("m", 1e3), ("S", 1), ("M", 1.0 / 60), ("H", 1.0 / 3600)]
        for (unit, perSecond) in units {
            let value = (max(0, seconds) * perSecond).rounded(.up)
            if value <= 99_999_999 { return "\(max(1, Int(value)))\(unit)" }
        }
        return "99999999H"
    }

    /// The seconds a `grpc-timeout` value stands for; nil when it is not one.
    public static func seconds(_ header: String) -> Double? {
        guard let unit = header.last, header.count >= 2, header.count <= 9,
              let value = Int(header.dropLast()), value >= 0, header.dropLast().allSatisfy(\.isASCII) else { return nil }
        let perSecond: Double
        switch unit {
        case "H": perSecond = 1.0 / 3600
        case "M": perSecond = 1.0 / 60
        case "S": perSecond = 1
        case "m": perSecond = 1e3
        case "u": perSecond = 1e6
        case "n": perSecond = 1e9
        default: return nil
        }
        return Double(value) / perSecond
    }
}
