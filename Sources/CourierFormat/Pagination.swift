import Courier
import CourierChecks
import CourierFormatCore
import Foundation

/// `paginate:` on a request: `courier run` fetches every page of the listing through the
/// engine's `PagedRequest` and gathers the items.
///
/// ```yaml
/// paginate: {next: $.next, items: $.data}                                # the next page's URL
/// paginate: {next: link, items: $}                                      # Link: <…>; rel="next"
/// paginate: {next: {cursor: cursor, from: $.next_cursor}, items: $.items}
/// paginate: {next: {page: page, size: 10, sizeParam: size}, items: $.items, until: items >= 30, max: 5}
/// ```
///
/// `next` is where the next page is: a JSON path (or `header:NAME`, or `link` for the `Link`
/// header's `rel="next"`) to its URL; `{cursor: PARAM, from: SOURCE}` to send the cursor a
/// page gives as the query parameter PARAM of the next; `{page: PARAM, size: N, sizeParam:
/// PARAM, start: 1}` to count pages (a page with fewer than `size` items is the last).
/// `items` picks each page's items (a JSON path to an array; required for page numbers),
/// `until` ends the listing after a page (the `when:` syntax over `page`, `items`,
/// `pageItems`, `status`, `body.PATH` and the variables), `max` bounds the pages (100).
public struct Pagination: Sendable, Hashable {
    package enum Next: Sendable, Hashable {
        /// The next page's URL, read from each page (a JSON path or `header:NAME`).
        case url(Capture.Source)
        /// The `Link` header's `rel="next"` URL.
        case linkHeader
        /// The cursor each page gives (`from`), sent as the query parameter `parameter`.
        case cursor(parameter: String, from: Capture.Source)
        /// Page numbers from `start` in the query parameter `parameter`, `size` items a page,
        /// sent as `sizeParameter` when set.
        case page(parameter: String, size: Int, sizeParameter: String?, start: Int)
    }

    package var next: Next
    /// Where each page's items are; nil: pages give none.
    public var items: JSONPath?
    package var until: Condition?
    /// The most pages fetched.
    public var maxPages: Int
    public var location: SourceLocation

    public static let defaultMaxPages = 100
    public static let maximumPages = 10_000
    static let keys = ["next", "items", "until", "max"]
    static let nextKeys = ["cursor", "from", "page", "size", "sizeParam", "start"]
    private static let form = "{next: $.next, items: $.data, until: CONDITION, max: N}"
    private static let nextForms = "a JSON path to the next URL ($.next), header:NAME, link, "
        + "{cursor: PARAM, from: $.next_cursor} or {page: PARAM, size: N, sizeParam: PARAM, start: 1}"

    init(yaml: YAMLValue) throws(WorkspaceError) {
        location = yaml.location
        let map = try yaml.mapping(allowed: Self.keys, expected: Self.form)
        let nextValue = try map.required("next", hint: Self.nextForms)
        next = try Self.next(nextValue)
        if let value = map["items"] {
            let text = try value.string(expected: "a JSON path to each page's items, like $.data")
            do {
                items = try JSONPath(parsing: text)
            } catch {
                throw value.error(.invalidValue, "\(error.reason) in \"\(text)\" (expected a JSON path to each page's items, like $.data)")
            }
        }
        if case .page = next, items == nil {
            throw yaml.error(.missingKey, "missing key \"items\" (page numbers end at a page with fewer than size items: "
                + "say where they are, like items: $.data)")
        }
        until = try map["until"].map { value throws(WorkspaceError) in try Condition(yaml: value) }
        maxPages = try map["max"]?.int(in: 1...Self.maximumPages, "a number of pages") ?? Self.defaultMaxPages
    }

    private static func next(_ value: YAMLValue) throws(WorkspaceError) -> Next {
        guard case .mapping = value.node else {
            if (try? value.string()) == "link" { return .linkHeader }
            return .url(try source(value, of: "the next page's URL"))
        }
        let map = try value.mapping(allowed: nextKeys, expected: nextForms)
        let cursorKeys = ["cursor", "from"], pageKeys = ["page", "size", "sizeParam", "start"]
        let names = map.entries.map(\.name)
        if let cursor = map["cursor"] {
            if let stray = map.entries.first(where: { pageKeys.contains($0.name) }) {
                throw stray.key.error(.invalidValue, "\"\(stray.name)\" belongs to page numbers, not to a cursor")
            }
            return .cursor(parameter: try parameter(cursor), from: try source(map.required("from", hint: "where each page gives the next cursor, like $.next_cursor"),
                                                                           of: "the next cursor"))
        }
        if let page = map["page"] {
            if let stray = map.entries.first(where: { cursorKeys.contains($0.name) }) {
                throw stray.key.error(.invalidValue, "\"\(stray.name)\" belongs to a cursor, not to page numbers")
            }
            return .page(parameter: try parameter(page),
                         size: try map.required("size", hint: "items a page, like 10").int(in: 1...100_000, "a number of items a page"),
                         sizeParameter: try map["sizeParam"].map { value throws(WorkspaceError) in try parameter(value) },
                         start: try map["start"]?.int(in: 0...1_000_000, "the first page's number") ?? 1)
        }
        throw value.error(.missingKey, names.contains("from") ? "missing key \"cursor\" (the query parameter the cursor goes in)"
            : "missing key \"cursor\" or \"page\" (expected \(nextForms))")
    }

    /// A query parameter's name.
    private static func parameter(_ value: YAMLValue) throws(WorkspaceError) -> String {
        let name = try value.string(expected: "a query parameter's name")
        guard !name.isEmpty, name.allSatisfy({ !$0.isWhitespace && !"&=#?{}".contains($0) }) else {
            throw value.error(.invalidValue, "\"\(name)\" is not a query parameter's name")
        }
        return name
    }

    /// A JSON path or `header:NAME` (a capture's source without status and body).
    private static func source(_ value: YAMLValue, of what: String) throws(WorkspaceError) -> Capture.Source {
        let source = try Capture.source(value)
        switch source {
        case .json, .header: return source
        case .status, .body:
            throw value.error(.invalidValue, "\(source) cannot be \(what) (expected a JSON path like $.next, header:NAME or link)")
        }
    }
}
