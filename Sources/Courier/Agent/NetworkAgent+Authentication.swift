import Foundation

/// The agent's side of ``RequestAuthenticator``: credentials asked before a run's attempt, and
/// one recovery after a failed one.
extension NetworkAgent {
    /// Asks `authenticator` for the run's credentials, then sends the request with them; a
    /// request stopped meanwhile is not sent.
    func authorize(_ entry: RecordEntry, with authenticator: any RequestAuthenticator, recovered: Bool = false) {
        Task {
            let fields: [String: String]
            do {
                fields = try await authenticator.credentials(for: entry.request)
            } catch {
                let failure = error as? RequestError
                    ?? RequestError(family: .parameter, code: .invalidParameters, message: "Authentication failed: \(error)")
                return failBeforeTransfer(entry, error: failure)
            }
            guard let authorized = replace(entry, adding: fields, recovered: recovered) else { return }
            submit(authorized, sent: authorized.sent)
        }
    }

    /// Offers a failed attempt (an error, or a 401) to the run's authenticator, once per run.
    /// True when the authenticator took it over: it either sends the request again or lets
    /// the failure through later.
    func offerRecovery(_ entry: RecordEntry, content: ResponseContent, error: RequestError?) -> Bool {
        let request = entry.request
        guard !entry.recovered, error != nil || content.statusCode == 401,
              let authenticator = request.authenticator ?? entry.settings.authenticator else { return false }
        let failure = AuthenticationFailure(statusCode: content.statusCode == 0 ? nil : content.statusCode, error: error,
                                            sent: entry.prepared)
        Task {
            guard self.isCurrent(entry) else { return }
            if await authenticator.shouldRetry(request, after: failure), self.isCurrent(entry),
               request.requeueForRetry(request.retryCount) {
                entry.settings.logger.info("↻ #\(entry.id) authenticator recovered: sending once more")
                self.authorize(entry, with: authenticator, recovered: true)
            } else {
                self.conclude(entry, content: content, error: error, batch: nil)
            }
        }
        return true
    }

    /// A new record for the run with `fields` set on what it sends, in the table instead of
    /// `entry`; nil when the request was stopped meanwhile.
    private func replace(_ entry: RecordEntry, adding fields: [String: String], recovered: Bool) -> RecordEntry? {
        var prepared = entry.prepared
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            prepared.headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            prepared.headers.append((name, value))
            // A credential: a redirect to another origin does not take it along.
            prepared.credentialHeaderNames.insert(name.lowercased())
        }
        let authorized = RecordEntry(id: entry.id, request: entry.request, sent: SharedPreparedRequest(prepared),
                                     context: entry.context, priority: entry.priority, clock: recordClock,
                                     recovered: recovered || entry.recovered)
        let swapped = table.withLock { table -> Bool in
            guard table.entries[entry.id] === entry else { return false }
            table.insert(authorized)
            return true
        }
        return swapped ? authorized : nil
    }
}
