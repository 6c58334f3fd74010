import Synchronization

/// The `/ws` clients of one demo server: numbers them as they connect and fans broadcasts out.
///
/// Each client has an outbox of at most ``outboxCapacity`` broadcasts waiting to be written;
/// past that, newer broadcasts are dropped for that client alone, so a client that does not
/// read costs bounded memory and never stalls the sender or the others.
final class WebSocketHub: Sendable {
    /// Broadcasts one client may have waiting.
    static let outboxCapacity = 256

    private struct Members {
        var lastNumber = 0
        var outboxes: [Int: AsyncStream<String>.Continuation] = [:]
    }

    private let members = Mutex(Members())

    /// Adds a client: its number (1, 2, … per server) and the broadcasts addressed to it.
    func join() -> (number: Int, outbox: AsyncStream<String>) {
        let (outbox, continuation) = AsyncStream.makeStream(of: String.self,
                                                            bufferingPolicy: .bufferingOldest(Self.outboxCapacity))
        let number = members.withLock { members in
            members.lastNumber += 1
            members.outboxes[members.lastNumber] = continuation
            return members.lastNumber
        }
        return (number, outbox)
    }

    /// Removes the client and ends its outbox.
    func leave(_ number: Int) {
        members.withLock { $0.outboxes.removeValue(forKey: number) }?.finish()
    }

    /// Queues `text` for every client connected now, the sender included.
    func broadcast(_ text: String) {
        let outboxes = members.withLock { Array($0.outboxes.values) }
        for outbox in outboxes { outbox.yield(text) }
    }
}
