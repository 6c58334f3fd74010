import Courier

/// What the shell reads of the pane that holds the selection (Requests): the tree, its marks,
/// the rows on screen. The shell finds the pane by this role (``PaneSet/role(_:)``), not by name.
protocol SelectionHolding: Pane {
    /// The tree and its selection, to read.
    var tree: RequestTree { get }
    /// Takes the marks for an ad-hoc batch, clearing them.
    func takeMarks() -> [String]
    /// The request names on screen, for judging their cache markers before drawing.
    func visibleRequestNames(context: PaneContext) -> [String]
}

/// What the shell reads of the pane that tables the requests in flight: the row of a request,
/// for the Exchange pane's progress.
protocol TransferTabling: Pane {
    /// The live row of `request`, if it is in flight.
    func liveRow(for request: Request) -> InFlightTable.Row?
}

/// What the shell reads of the pane that logs events: the entry the last stop made, which the
/// session links its toasts to.
protocol EventLogging: Pane {
    /// The entry the last stopped request, batch or chain made.
    var lastStopEvent: Int? { get }
}

/// What the shell reads of the pane that lists the cache: whether a read is under way.
protocol CacheBrowsing: Pane {
    /// Whether a read of the directory is under way (made off the input loop).
    var isReading: Bool { get }
}
