import CourierWorkspace
import Courier
import Foundation

/// Reading the file again when it changed outside the workbench (the front's watcher, the
/// editor): off the input loop, since a workspace whose contract changed decodes an OpenAPI
/// document (seconds for a large one) — the screen stays live, In flight says what is being
/// read, and the result comes back through the mailbox (``EngineUpdate/workspaceRead(_:)``).
extension WorkbenchSession {
    /// The workspace file changed on disk (the front watches it): read it again.
    func workspaceFileChanged() {
        readInBackground(.fileChanged(wasBroken: reloadError != nil))
    }

    /// Reads the file on another thread; only the latest read's result is taken (a change
    /// made while one runs starts another), answering what every read under way was for.
    func readInBackground(_ purpose: WorkspaceReading.Purpose) {
        readGeneration += 1
        readPurpose = readPurpose.map { $0.joined(with: purpose) } ?? purpose
        let generation = readGeneration, path = workspacePath, variables = Set(settings.overrides.keys), mailbox = mailbox
        notify(.readingWorkspace(file: fileName, contract: workspace.config.contract.map { ($0.file as NSString).lastPathComponent },
                                 generation: generation))
        Thread.detachNewThread {
            let result = Result { () throws(WorkspaceError) -> WorkspaceReading.Read in
                let (workspace, contractRead) = try ContractRead.loading(path: path, extraVariables: variables)
                return WorkspaceReading.Read(workspace: workspace, contractRead: contractRead)
            }
            mailbox.post(.workspaceRead(WorkspaceReading(generation: generation, result: result)))
        }
    }

    /// Whether a read started off the input loop has not come back yet.
    var isReadingFile: Bool { readGeneration != finishedReadGeneration }

    /// A read made off the input loop came back: its definitions are put in use (or its error
    /// kept), and what it was for is answered — the file valid again, the editor's end, or an
    /// edit that broke the file (the choice to edit again or put back what it was).
    func finishRead(_ reading: WorkspaceReading) {
        guard reading.generation == readGeneration else { return }  // a newer read's result follows
        finishedReadGeneration = reading.generation
        let purpose = readPurpose ?? .fileChanged(wasBroken: false)
        readPurpose = nil
        let wasBroken = reloadError != nil
        switch reading.result {
        case .success(let read): adopt(read.workspace, contractRead: read.contractRead)
        case .failure(let error): reloadError = error
        }
        switch purpose {
        case .fileChanged(let before):
            if reloadError == nil, before || wasBroken { say("\(fileName) is valid again", .success) }
        case .editor(let failure, let backup):
            guard let error = reloadError, let backup else {
                if let failure {
                    say("\(failure) after changing \(fileName): reloaded it as written", .warning, seconds: 10)
                } else {
                    say("reloaded \(fileName)", .success)
                }
                return
            }
            notify(.window(.invalidEdit(error, backup: backup, fileName: fileName)))
        }
    }
}
