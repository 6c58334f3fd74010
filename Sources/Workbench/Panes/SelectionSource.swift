import CourierWorkspace
import Courier
import Foundation

/// What a pane reads of the user's selection in the Requests tree: the request, batch or
/// chain selected, and the exchange it shows. The shell provides it (from the Requests pane);
/// a pane never writes through it.
protocol SelectionSource: AnyObject {
    /// The Requests pane's tree, to read.
    var tree: RequestTree { get }
    /// The request the selection shows in the Exchange pane.
    var selectedRequestName: String? { get }
    /// The latest exchange of the selected request.
    var selectedExchange: Exchange? { get }
}
