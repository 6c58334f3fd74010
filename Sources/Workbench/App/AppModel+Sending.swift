import CourierWorkspace
import Courier
import Foundation

/// Sending from the selection: Enter and `Ctrl-G` on the row selected in Requests (the
/// session sends; ``WorkbenchSession/stepChain(of:)`` and the rest take the row as it is).
extension AppModel {
    /// Enter in the Requests pane: sends the marked requests as a batch, sends a request,
    /// runs a batch or chain (advances a chain paused in step mode), folds a section or a folder.
    func activateSelection() {
        if !tree.marks.isEmpty { return session.sendMarked(panes.role(SelectionHolding.self).takeMarks()) }
        switch tree.selectedNode {
        case .section?, .folder?: tell(.foldSelectedSection)
        case let node?: session.send(node, activating: true, ignoringCache: false)
        case nil: break
        }
    }

    /// Keeps the response in sight: in the one-pane layout, sending switches to it.
    func revealExchange() {
        if layout.mode != .panes, focus == .requests {
            focus = .exchange
            tell(.showResponse)
        }
    }
}

extension AppModel: SelectionSource {
    /// The tree of the pane that holds the selection (Requests), to read.
    var tree: RequestTree { panes.role(SelectionHolding.self).tree }

    /// The request the selection shows in the Exchange pane.
    var selectedRequestName: String? { tree.selectedNode?.requestName }

    /// The latest exchange of the selected request.
    var selectedExchange: Exchange? { selectedRequestName.flatMap { session.exchanges[$0] } }
}
