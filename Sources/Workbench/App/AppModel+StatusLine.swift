import CourierWorkspace
import Foundation

extension AppModel {
    /// The HUD: a spinner and the newest `hud:` text of what is in flight (else the counts of
    /// what is in flight), the environment, the newest message (or the last event, or the
    /// file's error), and key hints for the focused pane.
    func statusLine(now: Date) -> StyledLine {
        var left = StyledLine(" ")
        let hud = session.hud.snapshot
        let inFlight = session.exchanges.values.filter(\.isInFlight).count
        if isBusy {
            left.append(glyphs.spinner(at: now) + " ", .accent)
            // A paused chain is not loading: it waits for the user, as the line says further on.
            let paused = Set(session.runs.runs.compactMap { run -> ObjectIdentifier? in
                guard run.pausedStep != nil, case .chain(let chain, _, _) = run.kind else { return nil }
                return ObjectIdentifier(chain)
            })
            let texts = hud.texts.filter { !paused.contains($0.subject) }
            if let newest = texts.last {
                left.append(newest.text, .strong)
                if texts.count > 1 { left.append(" +\(texts.count - 1) more", .dim) }
            } else {
                var counts: [String] = []
                let requests = max(hud.requests, inFlight)
                if requests > 0 { counts.append("\(requests) request\(requests == 1 ? "" : "s")") }
                if hud.batches > 0 { counts.append("\(hud.batches) batch\(hud.batches == 1 ? "" : "es")") }
                if hud.chains > 0 { counts.append("\(hud.chains) chain\(hud.chains == 1 ? "" : "s")") }
                counts += panes.all.compactMap(\.busySummary)
                left.append(counts.joined(separator: " · "), .strong)
            }
            left.append("  ")
        }
        if let paused = session.runs.runs.first(where: { $0.pausedStep != nil }), let step = paused.pausedStep {
            let what = step.state == .failed ? "failed at" : "paused before"
            left.append("\(glyphs.paused) \(paused.name) \(what) step \(step.index + 1) — S next, x stop  ", .warning)
        }
        if session.engine.runner.offline != nil { left.append("OFFLINE ", .warning) }
        left.append("env \(session.environment ?? "none")", .dim)
        left.append("  ")
        // A message takes the whole line while it shows; the hints come back after it.
        let right = toasts.isEmpty ? hintLine() : StyledLine()
        let room = size.columns - right.width - 2
        // A message too long for the line loses the head of its path first: the line, column
        // and reason after it stay.
        let messageRoom = room - left.width
        func fitted(_ text: String) -> String {
            messageRoom < 20 ? text : DisplayWidth.fittedShorteningPath(text, to: messageRoom)
        }
        if let toast = toasts.last {
            left.append(fitted(toast.text), toast.style)
        } else if var reloadError = session.reloadError {
            // The file's name: the line has no room for its directory (Requests shows it whole).
            if let file = reloadError.location?.file { reloadError.location?.file = (file as NSString).lastPathComponent }
            left.append(fitted("\(glyphs.failure) \(reloadError.description)"), .failure)
        } else if !lastEvent.isEmpty {
            left.append(lastEvent, .dim)
        }
        if room < 20 { return left.truncated(to: size.columns) }
        var line = left.truncated(to: room).padded(to: room + 2)
        line.append(right)
        return line
    }

    /// Whether a key's hint applies to what is selected: the focused pane says when not.
    private func hintApplies(_ action: Action) -> Bool {
        focusedComponent.disabledReason(for: action) == nil
    }

    /// Key hints for what the keys do now, lazygit style.
    private func hintLine() -> StyledLine {
        // Every hint comes from the key table, rebound keys included.
        let hints: [(key: String, label: String)]
        if let typing = focusedComponent.typingHints {
            hints = typing.actions.compactMap { KeyMap.hint($0, in: typing.scope) }
        } else if overlay != nil {
            hints = [KeyMap.hint(.closeWindow, in: .window)].compactMap { $0 }
        } else {
            hints = KeyMap.hints(for: scope, where: hintApplies)
        }
        var line = StyledLine()
        for hint in hints {
            line.append(hint.key, .hintKey)
            line.append(" \(hint.label)  ", .hintText)
        }
        return line
    }
}
