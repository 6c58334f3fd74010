import CourierWorkspace
import Foundation

/// The status line (the HUD) laid out: a spinner and the newest `hud:` text of what is in
/// flight (else the counts of what is in flight), a paused chain, offline, the environment, the
/// newest message (or the file's error, or the last event), and the key hints. The shell
/// gathers what it shows (``AppModel/statusLine(now:)``); this only lays it out.
struct StatusLine {
    /// Whether anything runs: the spinner shows.
    var isBusy: Bool
    var hud: HUDSnapshot
    /// Exchanges in flight (the HUD counts a request once it starts).
    var exchangesInFlight: Int
    /// The session's runs: a paused chain is said, and its `hud:` text left out.
    var runs: [RunRecord]
    /// Work the panes started themselves, in words (`load run of orders: 8 in flight`).
    var paneWork: [String]
    var isOffline: Bool
    var environment: String?
    /// The newest message: it takes the line while it shows.
    var toast: Toast?
    var reloadError: WorkspaceError?
    var lastEvent: String
    /// The key hints, shown when no message does.
    var hints: StyledLine
    var glyphs: Glyphs
    var width: Int

    func render(now: Date) -> StyledLine {
        var left = StyledLine(" ")
        if isBusy {
            left.append(glyphs.spinner(at: now) + " ", .accent)
            appendBusy(to: &left)
            left.append("  ")
        }
        if let paused = runs.first(where: { $0.pausedStep != nil }), let step = paused.pausedStep {
            let what = step.state == .failed ? "failed at" : "paused before"
            left.append("\(glyphs.paused) \(paused.name) \(what) step \(step.index + 1) — S next, x stop  ", .warning)
        }
        if isOffline { left.append("OFFLINE ", .warning) }
        left.append("env \(environment ?? "none")", .dim)
        left.append("  ")
        // A message takes the whole line while it shows; the hints come back after it.
        let right = toast == nil ? hints : StyledLine()
        let room = width - right.width - 2
        // A message too long for the line loses the head of its path first: the line, column
        // and reason after it stay.
        let messageRoom = room - left.width
        func fitted(_ text: String) -> String {
            messageRoom < 20 ? text : DisplayWidth.fittedShorteningPath(text, to: messageRoom)
        }
        if let toast {
            left.append(fitted(toast.text), toast.style)
        } else if var reloadError {
            // The file's name: the line has no room for its directory (Requests shows it whole).
            if let file = reloadError.location?.file { reloadError.location?.file = (file as NSString).lastPathComponent }
            left.append(fitted("\(glyphs.failure) \(reloadError.description)"), .failure)
        } else if !lastEvent.isEmpty {
            left.append(lastEvent, .dim)
        }
        if room < 20 { return left.truncated(to: width) }
        var line = left.truncated(to: room).padded(to: room + 2)
        line.append(right)
        return line
    }

    /// The newest `hud:` text of what is in flight, else the counts of what is.
    private func appendBusy(to left: inout StyledLine) {
        // A paused chain is not loading: it waits for the user, as the line says further on.
        let paused = Set(runs.compactMap { run -> ObjectIdentifier? in
            guard run.pausedStep != nil, case .chain(let chain, _, _) = run.kind else { return nil }
            return ObjectIdentifier(chain)
        })
        let texts = hud.texts.filter { !paused.contains($0.subject) }
        if let newest = texts.last {
            left.append(newest.text, .strong)
            if texts.count > 1 { left.append(" +\(texts.count - 1) more", .dim) }
            return
        }
        var counts: [String] = []
        let requests = max(hud.requests, exchangesInFlight)
        if requests > 0 { counts.append("\(requests) request\(requests == 1 ? "" : "s")") }
        if hud.batches > 0 { counts.append("\(hud.batches) batch\(hud.batches == 1 ? "" : "es")") }
        if hud.chains > 0 { counts.append("\(hud.chains) chain\(hud.chains == 1 ? "" : "s")") }
        left.append((counts + paneWork).joined(separator: " · "), .strong)
    }
}
