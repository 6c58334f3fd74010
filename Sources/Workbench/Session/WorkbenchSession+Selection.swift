import CourierWorkspace
import Courier
import Foundation

/// What the keys mean for the row selected in Requests — Enter, `Ctrl-G`, `S`, `x`, `e`, `C` —
/// given that row: the shell hands it over, the session does the work and says what it cannot.
extension WorkbenchSession {
    /// Space-marked requests, sent together as a batch that runs them all.
    func sendMarked(_ names: [String]) {
        startBatch(names, continueOnFailure: true, name: "marked", ignoringCache: false)
        say("sending \(names.count) marked requests together", .info)
    }

    /// `S`: starts the selected row's chain in step mode, or runs its next step when it is paused.
    func stepChain(of node: RequestTree.Node?) {
        guard let name = node?.chainName else { return say("S runs a chain step by step: select a chain", .warning) }
        stepChain(name)
    }

    /// `x`: stops the selected row's chain, or its request's exchange in flight.
    func cancel(selected node: RequestTree.Node?) {
        cancel(chain: node?.chainName, request: node?.requestName)
    }

    /// `e`: the file in `$VISUAL`/`$EDITOR` at the selected request's (batch's, chain's) line —
    /// not while the request has unsaved edits, which the file does not hold yet.
    func openInEditor(selected node: RequestTree.Node?) {
        if let name = node?.requestName, dirtyDraftNames.contains(name) {
            return say("\(name) has unsaved edits: w saves them, then e opens the file", .warning, seconds: 6)
        }
        let line: Int = switch node {
        case .batch(let name)?: workspace.batches[name]?.location.line ?? 1
        case .chain(let name)?: workspace.chains[name]?.location.line ?? 1
        default: node?.requestName.flatMap { workspace.requests[$0]?.location.line } ?? 1
        }
        openInEditor(line: line)
    }

    /// `C`: the selected request as a curl command, shown (secrets hidden) and copied.
    func copyAsCurl(selected name: String?) {
        guard let name, effectiveDefinition(of: name) != nil else { return say("select a request to copy it as curl", .warning) }
        copyAsCurl(name)
    }
}
