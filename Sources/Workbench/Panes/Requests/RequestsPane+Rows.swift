import CourierWorkspace
import Courier
import Foundation

extension RequestsPane {
    /// One row of the tree: fold marker, method badge, name and what its last send did.
    func line(_ row: RequestTree.Row, width: Int, context: PaneContext) -> StyledLine {
        let glyphs = context.glyphs, now = context.now, workspace = source.workspace
        var left = StyledLine(String(repeating: " ", count: 1 + max(0, row.depth - 1) * 2))
        if row.isFoldable {
            left.append((row.isFolded ? glyphs.collapsed : glyphs.expanded) + " ", .dim)
        } else if let name = row.node.requestName, tree.marks.contains(name) {
            left.append(glyphs.bullet + " ", .accent)
        } else if row.depth > 0 {
            left.append("  ")
        }
        var right = StyledLine()
        switch row.node {
        case .section(let section):
            left.append(section.rawValue.uppercased(), .strong)
            let count = switch section {
            case .requests: workspace.requestNames.count + source.orphanedDraftNames.count
            case .batches: workspace.batchNames.count
            case .chains: workspace.chainNames.count
            }
            left.append("  \(count)", .dim)
        case .folder(let path):
            left.append(String(path.split(separator: "/").last ?? "") + "/", .strong)
            left.append("  \(tree.requestCount(inFolder: path))", .dim)
        case .request(let name):
            appendRequest(name, matched: row.matched, to: &left, right: &right, context: context)
        case .batchMember(_, _, let name):
            appendRequest(name, matched: [], to: &left, right: &right, context: context)
        case .batch(let name):
            left.append(FuzzyMatch.highlighted(name, positions: row.matched, style: .plain))
            left.append("  batch · \(workspace.requestNames(inBatch: name).count)", .dim)
        case .chain(let name):
            left.append(FuzzyMatch.highlighted(name, positions: row.matched, style: .plain))
            let steps = workspace.chains[name]?.steps.count ?? 0
            left.append("  chain · \(steps) steps", .dim)
            if let run = source.runs.latestChain(named: name) { right = Self.chainStatus(run, glyphs: glyphs, now: now) }
        case .stepMember(let chain, let step, let member, let name):
            let definition = workspace.chains[chain]?.steps[step]
            let parallel = definition?.isParallel == true
            left.append(member == 0 ? "\(step + 1) " : "  ", .dim)
            if parallel { left.append(glyphs.parallel + " ", .dim) }
            appendRequest(name, matched: [], to: &left, right: &right, context: context)
            if member == 0, let conditions = definition?.conditions, !conditions.isEmpty {
                left.append("  when " + conditions.map(\.text).joined(separator: " and "), .dim)
            }
        }
        let room = max(0, width - right.width - (right.spans.isEmpty ? 0 : 1))
        var line = left.truncated(to: room).padded(to: room)
        if !right.spans.isEmpty {
            line.append(" ")
            line.append(right)
        }
        return line
    }

    private func appendRequest(_ name: String, matched: [Int], to left: inout StyledLine, right: inout StyledLine, context: PaneContext) {
        let method = source.method(of: name)
        let arrow = source.callKind(of: name)?.arrow(unicode: context.glyphs.isUnicode)
        left.append(MethodBadge.spans(arrow.map { method + " " + $0 } ?? method))
        left.append(FuzzyMatch.highlighted(name, positions: matched, style: .plain))
        if source.hasUnsavedEdit(name) { left.append(" ✎", .marker) }
        if source.hasConflict(name) { left.append(" conflict", .warning) }
        if source.cacheMarker(name) == true { right.append(context.glyphs.bullet, .badge) }
        if let exchange = source.latestExchange(of: name) {
            if !right.spans.isEmpty { right.append(" ") }
            right.append(Self.badge(of: exchange, glyphs: context.glyphs, now: context.now))
        }
    }

    /// How the last send went, in a few columns: a spinner, the status, the error code, or that
    /// checks failed.
    static func badge(of exchange: Exchange, glyphs: Glyphs, now: Date) -> StyledLine {
        if exchange.isInFlight { return StyledLine(glyphs.spinner(at: now), .accent) }
        if exchange.isCancelled { return StyledLine(glyphs.cancelled, .dim) }
        // A gRPC call answers HTTP 200 whatever happened: its status is the trailers' (a long
        // name cut to nine columns: DEADLINE…, the Exchange pane has it whole).
        if let status = exchange.request.grpcStatus, exchange.request.checkResults?.contains(where: { !$0.passed }) != true {
            let name = status.code.shortName
            if exchange.request.error != nil { return StyledLine("\(glyphs.failure) \(name)", .failure) }
            return StyledLine(name, status.code == .ok ? .status2xx : .warning)
        }
        if let error = exchange.request.error {
            // -13 from `expect:` says which rule broke: the checks.
            let checksFailed = error.code == .responseRejected && exchange.request.checkResults?.contains { !$0.passed } == true
            return StyledLine("\(glyphs.failure) \(checksFailed ? "checks" : String(error.code.rawValue))", .failure)
        }
        guard exchange.stoppedAt != nil else { return StyledLine() }
        return StyledLine("\(exchange.request.responseStatusCode)", Style.status(exchange.request.responseStatusCode))
    }

    private static func chainStatus(_ run: RunRecord, glyphs: Glyphs, now: Date) -> StyledLine {
        guard let snapshot = run.chainSnapshot else { return StyledLine() }
        if let step = run.pausedStep {
            return StyledLine("\(glyphs.paused) \(step.index + 1)/\(snapshot.steps.count)", .warning)
        }
        if snapshot.isRunning {
            return StyledLine("\(glyphs.spinner(at: now)) \((snapshot.currentIndex ?? 0) + 1)/\(snapshot.steps.count)", .accent)
        }
        return run.failed ? StyledLine(glyphs.failure, .failure) : StyledLine(glyphs.success, .success)
    }
}
