import Logging
import ServiceLifecycle

/// Hummingbird applications run in one service group: started together, listening once
/// ``start(count:logger:make:)`` returns, stopped together.
package struct ListeningGroup: Sendable {
    /// The port each application listens on, in the order `make` returned them.
    package let ports: [Int]
    private let serviceGroup: ServiceGroup
    private let runTask: Task<Void, any Error>

    /// Runs the `count` services `make` returns; each must call `onListening(index, port)` once
    /// bound, with its index in the returned array.
    ///
    /// - Throws: the reason the group stopped before every service listened (e.g. a bind error).
    package static func start(count: Int, logger: Logger,
                      make: (_ onListening: @escaping @Sendable (Int, Int) -> Void) throws -> [any Service]) async throws -> ListeningGroup {
        let (bound, boundSink) = AsyncStream.makeStream(of: (index: Int, port: Int).self)
        let services = try make { index, port in boundSink.yield((index, port)) }
        let serviceGroup = ServiceGroup(configuration: .init(services: services, gracefulShutdownSignals: [], logger: logger))
        let runTask = Task {
            defer { boundSink.finish() }
            try await serviceGroup.run()
        }
        var ports = [Int?](repeating: nil, count: count)
        for await (index, port) in bound {
            ports[index] = port
            if !ports.contains(nil) { break }
        }
        guard !ports.contains(nil) else {
            try await runTask.value  // rethrows why the group stopped before listening
            throw DemoServerStoppedBeforeListening()
        }
        return ListeningGroup(ports: ports.map { $0! }, serviceGroup: serviceGroup, runTask: runTask)
    }

    /// Stops the services and waits until they have shut down: the listeners close at once,
    /// responses in flight get `gracePeriod` to finish before they are cut off.
    package func stop(gracePeriod: Duration) async {
        await serviceGroup.triggerGracefulShutdown()
        let runTask = self.runTask
        let deadline = Task {
            try await Task.sleep(for: gracePeriod)
            runTask.cancel()
        }
        _ = await runTask.result
        deadline.cancel()
    }
}
