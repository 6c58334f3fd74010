import Courier
import CourierWorkspace
import Foundation

/// What a `paginate:` send gathered, kept on the exchange of its last page: the Body tab shows
/// the items as one JSON array and the response line counts them.
package struct GatheredPages: Sendable {
    /// Pages loaded (a failed one not counted).
    package var pages: Int
    /// Every item gathered, in order.
    package var items: [JSONValue]
    /// Why it stopped: the listing ended, `until` held, `max` was reached, a page failed.
    package var endDescription: String
    /// Whether a page failed.
    package var failed: Bool

    init(_ paged: PagedRequest) {
        pages = paged.pages.count
        items = paged.items
        failed = paged.failure != nil
        endDescription = RequestResult.PagingOutcome(paged, shown: []).endDescription
    }

    /// `25 items from 3 pages`.
    package var summary: String {
        "\(items.count) item\(items.count == 1 ? "" : "s") from \(pages) page\(pages == 1 ? "" : "s")"
    }

    /// The items as the JSON body the viewer lays out.
    var body: Data { Data(JSONValue.array(items).serialized()) }
}
