import CourierWorkspace
import Courier
import Foundation

/// A cache entry opened from the Cache pane: its metadata and its body, in the response
/// viewer (pretty, searchable, foldable) until another request is selected.
struct CacheInspection {
    var row: CacheBrowser.Row
    var metadata: CacheMetadata?
    var viewer: BodyViewer?
}
