import CourierWorkspace
import Courier
import Foundation

extension AppModel {
    /// The name a lifecycle subject has in the workbench: a request's workspace name, a
    /// batch's or chain's run name.
    func describe(_ subject: LifecycleSubject) -> (kind: String, name: String) {
        switch subject {
        case .request(let request): return ("request", requestName(of: request))
        case .batch(let batch):
            let run = runHistory.runs.first { if case .batch(let b, _) = $0.kind { return b === batch }; return false }
            return ("batch", run?.name ?? "batch")
        case .chain(let chain):
            let run = runHistory.runs.first { if case .chain(let c, _, _) = $0.kind { return c === chain }; return false }
            return ("chain", run?.name ?? "chain")
        }
    }

    func log(started subject: LifecycleSubject, now: Date) {
        let (kind, name) = describe(subject)
        eventLog.append(EventLog.Entry(id: 0, date: now, kind: .started, subjectKind: kind, subject: name))
    }

    /// Logs the end of a request, batch or chain, and keeps a finished request in the In
    /// flight pane for a few seconds; returns the event's id.
    @discardableResult
    func log(stopped subject: LifecycleSubject, now: Date) -> Int {
        let (kind, name) = describe(subject)
        var entry = EventLog.Entry(id: 0, date: now, kind: .finished, subjectKind: kind, subject: name)
        switch subject {
        case .request(let request):
            progressMilestones[ObjectIdentifier(request)] = nil
            entry.duration = exchangesByRequest[ObjectIdentifier(request)]?.elapsed(now: now)
            entry.status = request.response?.statusCode
            let outcome: InFlightTable.Outcome
            if request.isCancelled {
                entry.kind = .cancelled
                outcome = .cancelled
            } else if let error = request.error {
                entry.kind = .failed
                entry.errorCode = error.code.rawValue
                outcome = .failed(code: error.code.rawValue)
            } else {
                if (request as? CachedRequest)?.isDataFromCache == true { entry.kind = .fromCache }
                outcome = .succeeded(status: request.responseStatusCode)
            }
            inFlight.finished(request, name: name, outcome: outcome,
                              startedAt: exchangesByRequest[ObjectIdentifier(request)]?.startedAt, now: now)
        case .batch(let batch):
            if !batch.failedRequests.isEmpty {
                entry.kind = .failed
            } else if batch.snapshot.states.contains(.cancelled) {
                entry.kind = .cancelled
            }
            entry.duration = runHistory.runs.first { if case .batch(let b, _) = $0.kind { return b === batch }; return false }?.duration(now: now)
        case .chain(let chain):
            let run = runHistory.runs.first { if case .chain(let c, _, _) = $0.kind { return c === chain }; return false }
            if chain.failedRequest != nil {
                entry.kind = .failed
            } else if chain.snapshot.steps.contains(where: { $0.state == .cancelled }) {
                entry.kind = .cancelled
            }
            entry.duration = run?.duration(now: now)
        }
        return eventLog.append(entry)
    }

    /// Logs a transfer crossing a quarter of its expected length (25, 50, 75 %).
    func log(_ progress: TransferProgress, of request: Request, now: Date) {
        guard let expected = progress.expectedBytesToReceive, expected > 0 else { return }
        let percent = Int(100 * progress.bytesReceived / expected) / 25 * 25
        let key = ObjectIdentifier(request)
        guard percent >= 25, percent < 100, percent > progressMilestones[key] ?? 0 else { return }
        progressMilestones[key] = percent
        eventLog.append(EventLog.Entry(id: 0, date: now, kind: .progress, subjectKind: "request", subject: requestName(of: request),
                                       percent: percent))
    }
}
