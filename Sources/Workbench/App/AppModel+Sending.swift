import CourierWorkspace
import Courier
import Foundation

/// Sending from the selection: what Enter, `Ctrl-G`, `S` and `x` mean for the row selected
/// in Requests. The session does the sending.
extension AppModel {
    /// Enter in the Requests pane: sends the marked requests as a batch, sends a request,
    /// runs a batch or chain (advances a chain paused in step mode), folds a section.
    func activateSelection() {
        if !tree.marks.isEmpty {
            runMarked()
            return
        }
        switch tree.selectedNode {
        case .section?: tell(.foldSelectedSection)
        case let node?: session.send(node, activating: true, ignoringCache: false)
        case nil: break
        }
        takeSessionNotices()
    }

    /// `Ctrl-G`/`F5` anywhere, `R` in the Requests pane (ignoring the cache).
    func sendSelected(ignoringCache: Bool) {
        guard let node = tree.selectedNode else { return }
        session.send(node, activating: false, ignoringCache: ignoringCache)
        takeSessionNotices()
    }

    /// Keeps the response in sight: in the one-pane layout, sending switches to it.
    func revealExchange() {
        if layout.mode != .panes, focus == .requests {
            focus = .exchange
            tell(.showResponse)
        }
    }

    /// Space-marked requests, sent together as a batch that runs them all.
    private func runMarked() {
        let names = panes.role(SelectionHolding.self).takeMarks()
        session.startBatch(names, continueOnFailure: true, name: "marked", ignoringCache: false)
        takeSessionNotices()
        say("sending \(names.count) marked requests together", .info)
    }

    /// `S`: starts the selected chain in step mode, or runs its next step when it is paused.
    func stepSelectedChain() {
        guard let name = selectedChainName else {
            say("S runs a chain step by step: select a chain", .warning)
            return
        }
        session.stepChain(name)
        takeSessionNotices()
    }

    /// `x`: stops the selected chain, or the selected request's exchange in flight.
    func cancelSelected() {
        session.cancel(chain: selectedChainName, request: selectedRequestName)
        takeSessionNotices()
    }

    /// The chain the selection is in (its row or one of its steps).
    var selectedChainName: String? {
        switch tree.selectedNode {
        case .chain(let name)?, .stepMember(let name, _, _, _)?: return name
        default: return nil
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
