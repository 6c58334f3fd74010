/// A one-line question: a path, a name, a curl command.
package struct Prompt: Sendable {
    package enum Purpose: Sendable, Equatable {
        case saveBody(exchange: Int)
        case exportHAR(runID: String)
        case rename(request: String)
        /// A new request; `folder` is where it goes in a folder workspace (see `WorkspaceEdit.add`).
        case newRequest(folder: String?)
        case duplicate(request: String)
        case importCurl
        /// A request of a gRPC method chosen in the service browser.
        case newCall(NewCall)
        /// A gRPC server to browse by its reflection (`B` when no request has `grpc:`).
        case browseServer
        /// A line a pane asked for: it gets it back (``Pane/answer(_:text:context:)``), `purpose` saying which.
        case pane(PaneID, purpose: String)
    }

    package var title: String
    package var editor: LineEditor
    package var purpose: Purpose
    /// Why the last answer was refused.
    package var error: String?
}
