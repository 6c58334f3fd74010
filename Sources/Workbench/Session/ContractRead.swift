import CourierWorkspace
import Foundation

/// What reading a workspace did to its `contract:` — decoded the OpenAPI document, or took its
/// operations from the disk cache — and how long the read took, for the Events log: the one
/// piece of a workspace's reading that can take long (a large document), and that has no
/// request of its own to show for it. A read that found the contract in memory did no work
/// and is not reported.
package struct ContractRead: Equatable, Sendable {
    /// The contract document's file name.
    let file: String
    let operations: Int
    /// Whether its operations came from the disk cache rather than decoding the document.
    let fromDiskCache: Bool
    /// How long reading the whole workspace took.
    let seconds: Double

    /// Reads a workspace with `load`, and says what that did to its contract (nil when there
    /// is none, or it came from memory). A failed read throws as `load` does.
    package static func reading(_ load: () throws(WorkspaceError) -> Workspace) throws(WorkspaceError) -> (Workspace, ContractRead?) {
        let before = ContractCache.shared.workDone
        let start = Date()
        let workspace = try load()
        let seconds = Date().timeIntervalSince(start)
        let after = ContractCache.shared.workDone
        guard let contract = workspace.config.contract else { return (workspace, nil) }
        // Only this document's counts: another load meanwhile is not this read's work.
        let parsed = after.parses[contract.file, default: 0] > before.parses[contract.file, default: 0]
        let fromDisk = after.diskHits[contract.file, default: 0] > before.diskHits[contract.file, default: 0]
        guard parsed || fromDisk else { return (workspace, nil) }
        return (workspace, ContractRead(file: (contract.file as NSString).lastPathComponent, operations: contract.operationCount,
                                        fromDiskCache: !parsed, seconds: seconds))
    }

    /// Reads the workspace file at `path` as the workbench does (`extraVariables`: the `--var`
    /// names), and says what that did to its contract.
    package static func loading(path: String, extraVariables: Set<String>) throws(WorkspaceError) -> (Workspace, ContractRead?) {
        try reading { () throws(WorkspaceError) in try Workspace.load(path: path, extraVariables: extraVariables) }
    }

    /// What the Events entry says of it: `19 operations · decoded` or `… · from the disk cache`.
    var note: String {
        "\(operations) operation\(operations == 1 ? "" : "s") · \(fromDiskCache ? "from the disk cache" : "decoded")"
    }
}
