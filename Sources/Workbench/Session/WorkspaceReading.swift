import CourierWorkspace
import Foundation

/// A read of the workspace file made off the input loop (``WorkbenchSession/readInBackground(_:)``),
/// as it comes back through the mailbox: what the file holds now, or why it cannot be read.
package struct WorkspaceReading: Sendable {
    /// What the read was for: what the session says when it ends.
    package enum Purpose: Sendable {
        /// The file changed on disk; `wasBroken`: the last read had failed (its fix is news).
        case fileChanged(wasBroken: Bool)
        /// The editor ended (`failure`: it did not end well); `backup` is the file from before it,
        /// to offer back if the edit broke it.
        case editor(failure: String?, backup: String?)
    }

    /// The workspace read, and what that did to its contract.
    package struct Read: Sendable {
        let workspace: Workspace
        let contractRead: ContractRead?
    }

    /// Which read this is: a result older than the latest read started is dropped.
    let generation: Int
    let result: Result<Read, WorkspaceError>
}

extension WorkspaceReading.Purpose {
    /// What a read started while another runs is for, both taken together: the editor's end
    /// is answered even when the watcher saw its write and started the read that is taken.
    func joined(with later: Self) -> Self {
        switch (self, later) {
        case (.editor, .fileChanged): self
        case (.fileChanged(let before), .fileChanged(let now)): .fileChanged(wasBroken: before || now)
        default: later
        }
    }
}
