import Synchronization

/// The events of a streamed response as an `AsyncSequence` (``Request/events(bufferingNewest:)``):
/// it ends when the run does, and leaving a `for try await` loop early — the iterator let
/// go before the end — stops the request.
public struct StreamEventSequence: AsyncSequence, Sendable {
    public typealias Element = StreamEvent
    public typealias Failure = any Error

    let base: AsyncThrowingStream<StreamEvent, any Error>
    let request: Request

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), end: EndOfIteration(request))
    }

    /// The sequence's iterator: letting it go before the end stops the request.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<StreamEvent, any Error>.Iterator
        let end: EndOfIteration

        public mutating func next() async throws -> StreamEvent? {
            do {
                guard let event = try await base.next() else {
                    end.reached()
                    return nil
                }
                return event
            } catch {
                end.reached()
                throw error
            }
        }
    }

    /// Stops the request when the iterator is let go before the sequence ended.
    final class EndOfIteration: Sendable {
        private let request: Request
        private let ended = Atomic(false)

        init(_ request: Request) {
            self.request = request
        }

        func reached() { ended.store(true, ordering: .relaxed) }

        deinit {
            if !ended.load(ordering: .relaxed) { request.stop() }
        }
    }
}
