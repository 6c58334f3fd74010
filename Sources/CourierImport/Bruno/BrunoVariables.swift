import CourierFormat

extension BrunoImport {
    /// Pre-request variables of the collection, a folder or a request (read from `place`) as
    /// workspace variables: one another file gives another value is left out and reported;
    /// a folder's or a request's is noted as now the workspace's, unless `collectionWide`.
    static func addVariables(_ variables: [(name: String, value: String)], place: String, collectionWide: Bool,
                             to workspace: inout ImportedWorkspace, report: inout ImportReport) {
        for (name, value) in variables {
            if let existing = workspace.variables.first(where: { $0.name == name }) {
                if existing.value != value { report.dropped.append("\(place): variable \(name) left out: another file gives it another value") }
            } else {
                workspace.variables.append((name, value))
                if !collectionWide { report.notes.append("\(place): its variable \(name) is a workspace variable") }
            }
        }
    }
}
