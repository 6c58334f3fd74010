import Foundation
import HTTPTypes
import Hummingbird

/// A listing of 25 items served page by page, for paging (`PagedRequest`, `paginate:`), in
/// the three shapes APIs use:
///
/// - `GET /paged?page=N&size=M`: page numbers from 1 (size 10 by default, at most 100):
///   `{"items": […], "page", "size", "total": 25, "next": URL or null}`;
/// - `GET /paged/cursor?cursor=C&size=M`: an opaque cursor, none for the first page:
///   `{"items": […], "next_cursor": C or null}`; an unknown cursor is a 400;
/// - `GET /paged/link?page=N&size=M`: the bare array of items, the next page in a
///   `Link: <URL>; rel="next"` header, the total in `X-Total-Count`.
///
/// `fail=N` answers 500 instead of page N (the Nth page of a cursor listing), and next
/// links carry it along: a listing that breaks part way. Items are `{"id": 7, "name":
/// "item 7"}`, the same every time.
enum PagedRoutes {
    static let total = 25

    /// `GET /paged`.
    static func pages(_ exchange: DemoExchange) throws -> Response {
        let window = try Window(exchange)
        let next: DemoJSON = window.hasMore ? .string(window.url("/paged", page: window.page + 1)) : .null
        return DemoResponse.json(["items": window.items, "page": .int(Int64(window.page)), "size": .int(Int64(window.size)),
                                  "total": .int(Int64(total)), "next": next])
    }

    /// `GET /paged/cursor`.
    static func cursor(_ exchange: DemoExchange) throws -> Response {
        let window = try Window(exchange, cursor: true)
        let next: DemoJSON = window.hasMore ? .string(Self.cursor(page: window.page + 1)) : .null
        return DemoResponse.json(["items": window.items, "next_cursor": next])
    }

    /// `GET /paged/link`.
    static func link(_ exchange: DemoExchange) throws -> Response {
        let window = try Window(exchange)
        var headers: HTTPFields = [HTTPField.Name("X-Total-Count")!: String(total)]
        if window.hasMore { headers[HTTPField.Name("Link")!] = "<\(window.url("/paged/link", page: window.page + 1))>; rel=\"next\"" }
        return DemoResponse.json(window.items, headers: headers)
    }

    /// The cursor of a page: opaque to clients (base64 of `page:N`), checked when it comes back.
    static func cursor(page: Int) -> String { Data("page:\(page)".utf8).base64EncodedString() }

    private static func page(fromCursor cursor: String) throws -> Int {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
              text.hasPrefix("page:"), let page = Int(text.dropFirst(5)), page >= 1 else {
            throw DemoError(.badRequest, "unknown cursor \"\(cursor)\"")
        }
        return page
    }

    /// One page of the listing as the query asks for it.
    private struct Window {
        let page: Int
        let size: Int
        let fail: Int?
        let host: String

        init(_ exchange: DemoExchange, cursor: Bool = false) throws {
            try exchange.require(.get)
            size = try exchange.integerQuery("size", default: 10, range: 1...100)
            page = cursor ? try exchange.query["cursor"].map(PagedRoutes.page(fromCursor:)) ?? 1
                : try exchange.integerQuery("page", default: 1, range: 1...10_000)
            fail = exchange.query["fail"].flatMap { Int($0) }
            host = exchange.request.head.authority ?? "localhost"
            if page == fail { throw DemoError(.internalServerError, "page \(page) failed on purpose (fail=\(page))") }
        }

        var hasMore: Bool { page * size < PagedRoutes.total }

        var items: DemoJSON {
            let first = (page - 1) * size + 1
            let ids = first <= PagedRoutes.total ? Array(first...min(first + size - 1, PagedRoutes.total)) : []
            return .array(ids.map { ["id": .int(Int64($0)), "name": .string("item \($0)")] })
        }

        func url(_ path: String, page: Int) -> String {
            "http://\(host)\(path)?page=\(page)&size=\(size)" + (fail.map { "&fail=\($0)" } ?? "")
        }
    }
}
