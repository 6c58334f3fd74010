import CourierWorkspace
import Foundation

/// Load runs in the Events log: one entry when a run starts (its settings) and one when it
/// ends (its headline figures, or why it could not start) — never one per request.
extension EventsPane {
    func logLoadRun(_ update: EngineUpdate, context: PaneContext) {
        switch update {
        case .loadRunStarted(let id, let run, let slo):
            loadRunsGoing[id] = run.name
            rows.append(EventLog.Entry(id: 0, date: context.now, kind: .started, subjectKind: "load", subject: run.name,
                                      note: "\(run.kind) · \(LoadSettings.line(of: run.plan, slo: slo))"))
        case .loadRunEnded(let id, .success(let result)):
            let name = loadRunsGoing.removeValue(forKey: id) ?? result.target
            rows.append(EventLog.Entry(id: 0, date: context.now, kind: result.stopped ? .cancelled : .finished, subjectKind: "load",
                                      subject: name, duration: result.seconds,
                                      note: LoadFigures.headline(of: result).joined(separator: " · ")))
        case .loadRunEnded(let id, .failure(let error)):
            guard let name = loadRunsGoing.removeValue(forKey: id) else { return }
            rows.append(EventLog.Entry(id: 0, date: context.now, kind: .failed, subjectKind: "load", subject: name, note: error.message))
        default:
            break
        }
    }
}
