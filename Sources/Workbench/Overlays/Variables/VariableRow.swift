import CourierWorkspace

/// A variable as the Variables window lists it: its value now and where it comes from.
struct VariableRow {
    var name: String
    /// The value, or what stands for it ("(none)", "(new on every send)").
    var value: String
    /// `--var`, `capture (login)`, `environment staging`, `file`, `built-in`.
    var source: String
    /// Hidden until secrets are revealed.
    var isSecret: Bool
}
