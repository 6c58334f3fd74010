import Courier

extension GRPCStatusCode {
    /// The code's name in at most nine columns (`DEADLINE…`), for a table's status column;
    /// the Exchange pane shows it whole.
    var shortName: String { name.count > 9 ? name.prefix(8) + "…" : name }
}
