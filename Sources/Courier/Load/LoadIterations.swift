/// Iterations a load run cannot send as one prepared request each — a chain, whose steps
/// depend on what came before — started by the caller's own machinery (the workspace runner).
public protocol LoadIterations: AnyObject, Sendable {
    /// Starts iteration `index`, due at `due` (``LoadDriver/now()``'s clock); calls `done` once,
    /// from any thread, with a sample for each request it sent (the last ending the iteration).
    func start(index: Int, due: UInt64, warmup: Bool, done: @escaping @Sendable ([LoadSample]) -> Void)
    /// Abandons every iteration still running (the run was stopped): their `done` need not come.
    func cancelAll()
}

/// How a load run ended.
public struct LoadEnding: Sendable, Hashable {
    /// Stopped before its end (``LoadDriver/stop()``): the figures cover what completed.
    public var stopped: Bool
    /// Seconds from the end of the warm-up to the last completion (or the stop).
    public var measuredSeconds: Double
    /// Measured iterations the open model's schedule had due but that were never started: the
    /// client could not keep up (every slot busy and the backlog full), or the end time came
    /// while they waited for a slot.
    public var unsent = 0
    /// Iterations still running ``LoadPlan/endGrace`` seconds after the end time, left
    /// unfinished when the run ended there.
    public var abandoned = 0
}
