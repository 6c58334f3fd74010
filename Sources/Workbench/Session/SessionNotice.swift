import CourierWorkspace
import Courier
import Foundation

/// What the session asks of the shell after its work: a message, a word for the status line,
/// something only the terminal front can do, a window only the shell opens, or a
/// change of what the panes show (the tree, the selection).
enum SessionNotice {
    /// A message in the status line; `event` links it to an Events entry (`!`).
    case say(String, Style, seconds: Double = 4, event: Int? = nil)
    /// The last event in words, for the status line.
    case lastEvent(String)
    /// For the terminal front (the editor, the clipboard).
    case effect(WorkbenchEffect)
    /// A stream's first events arrived: draw now, not at the next paced frame.
    case drawAtOnce
    /// The file was read again: the tree shows what it has now, and the drafts it lost.
    case workspaceReloaded(Workspace, orphans: [String])
    /// A send is under way: in the one-pane layout the response comes into view.
    case revealExchange
    /// A chain the selection is in started a step: the selection follows it.
    case chainStepStarted(RequestTree.Node)
    /// Select this request (one just added, imported or renamed).
    case select(RequestTree.Node)
    /// Reading the workspace decoded its contract, or read it from the disk cache: Events logs it.
    case contractRead(ContractRead)
    /// The file is being read again off the input loop (`contract`: and the contract it named):
    /// In flight shows it until the read's result arrives.
    case readingWorkspace(file: String, contract: String?, generation: Int)
    /// A window to open over the panes: the choice for an edit the file changed under, both
    /// versions of it, an invalid edit's, an OAuth2 sign-in waiting in a browser, a request as curl.
    case window(TextPanel)
    /// Open the gRPC service browser on these schemas (loading in the background).
    case browseServices([ServiceSource])
}
