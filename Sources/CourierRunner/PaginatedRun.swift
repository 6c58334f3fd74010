import Courier
import CourierFormat
import CourierFormatCore
import Foundation

extension WorkspaceRunner {
    /// The engine's `PagedRequest` for a request with `paginate:` (nil without): each page is
    /// a ``WorkspaceRequest`` of this run (its checks, history name and secrets those of the
    /// definition), asked for as the ``Pagination`` says and bounded by its `max`. Start it
    /// with `run()` (every page) or `loadNextPage`; `pages` and `items` hold what came back,
    /// ``result(of:)`` of a page's request its result. `prepare` sees each page's request as
    /// it is made, before it starts (the workbench registers and shows it).
    public func makePagedRequest(definition: RequestDefinition, scope: VariableScope? = nil,
                                 prepare: (@Sendable (WorkspaceRequest, PageAddress) -> Void)? = nil) -> PagedRequest? {
        guard let pagination = definition.paginate else { return nil }
        let scope = scope ?? self.scope
        let until = pagination.until.map { condition in
            { @Sendable (paged: PagedRequest, page: LoadedPage) -> Bool in
                condition.holds { name in pagination.variable(name, of: page, in: paged, scope: scope) }
            }
        }
        let paged = PagedRequest(mode: pagination.mode, items: pagination.itemReader, maxPages: pagination.maxPages, until: until) {
            [self] address in
            let request = makeRequest(definition: pagination.definition(of: definition, at: address.position), scope: scope)
            prepare?(request, address)
            return request
        }
        paged.agent = agent
        return paged
    }

    /// Fetches every page of `definition` and reports each as `NAME [page N]`, the last with
    /// what was gathered.
    func runPages(of definition: RequestDefinition, report: (RunEvent) -> Void) async {
        guard let paged = makePagedRequest(definition: definition) else { return }
        _ = try? await paged.run()
        let failure = paged.failure
        let sent = paged.pages.map(\.request) + (failure.map { [$0.request] } ?? [])
        for (index, request) in sent.enumerated() {
            guard let request = request as? WorkspaceRequest else { continue }
            var result = result(of: request)
            result.name = "\(definition.name) [page \(index + 1)]"
            result.page = index + 1
            if index == sent.count - 1 { result.paging = outcome(of: paged, scope: request.scope) }
            // The request succeeded but its items were not there: the page failed.
            if let failure, failure.request === request, result.ok {
                result.ok = false
                result.error = RequestResult.Failure(family: failure.error.family.rawValue, code: failure.error.code.rawValue,
                                                     message: request.scope.redact(failure.error.message))
            }
            finished(request, result, report: report)
        }
    }

    /// The gathered items redacted, the first ones up to the history's body limit.
    private func outcome(of paged: PagedRequest, scope: VariableScope) -> RequestResult.PagingOutcome {
        let items = paged.items
        var shown: [JSONValue] = []
        var bytes = 0
        for item in items {
            let redacted = Redaction.json(item, strings: scope.redact)
            bytes += redacted.serialized().count + 1
            guard bytes <= workspace.config.historyBodyLimit else { break }
            shown.append(redacted)
        }
        return RequestResult.PagingOutcome(paged, shown: shown)
    }
}

extension RequestResult.PagingOutcome {
    /// Where `paged` stands, with `shown` as the items kept of all it gathered.
    package init(_ paged: PagedRequest, shown: [JSONValue]) {
        let count = paged.items.count
        self.init(pages: paged.pages.count, itemCount: count, end: paged.failure != nil ? "failed" : paged.end?.rawValue ?? "stopped",
                  failedPage: paged.failure?.address.ordinal, items: shown, itemsOmitted: count - shown.count)
    }
}

extension RequestResult {
    /// What a `paginate:` request gathered, on its last page's result.
    public struct PagingOutcome: Sendable, Codable, Hashable {
        /// Pages loaded, the failed one not counted.
        public var pages: Int
        /// Items gathered in all.
        public var itemCount: Int
        /// Why it stopped: `lastPage`, `untilHeld`, `maxPages` or `failed`.
        public var end: String
        /// The page that failed (1-based).
        public var failedPage: Int?
        /// The first items, redacted, up to the history's body limit in all.
        public var items: [JSONValue]
        /// Items gathered but left out of `items` by the limit.
        public var itemsOmitted: Int
    }
}

extension Pagination {
    /// How the engine finds the next page.
    var mode: PagingMode {
        switch next {
        case .url(let source): return .nextURL(reader(source))
        case .linkHeader: return .nextURL(.linkNext)
        case .cursor(_, let source): return .cursor(reader(source))
        case .page(_, let size, _, let start): return .pageNumber(first: start, size: size)
        }
    }

    var itemReader: PageReader<[JSONValue]>? {
        items.map { path in .json(path.description) { path.evaluate(in: $0) } }
    }

    /// Reads a capture's source from a page, as captures read it.
    private func reader(_ source: Capture.Source) -> PageReader<String> {
        let capture = Capture(variable: "next", source: source, location: location)
        return PageReader(source.description) { capture.value(from: $0) }
    }

    /// The request for the page at `position`: the query parameters added to the URL, or the
    /// URL a page gave.
    func definition(of written: RequestDefinition, at position: PagePosition) -> RequestDefinition {
        var definition = written
        func add(_ pairs: [(String, String)]) {
            let query = pairs.map { "\(FormEncoding.escape($0.0))=\(FormEncoding.escape($0.1))" }.joined(separator: "&")
            definition.url = URLQuery.appending(query, to: written.url)
        }
        switch (position, next) {
        case (.number(let number, let size), .page(let parameter, _, let sizeParameter, _)):
            add([(parameter, String(number))] + (sizeParameter.map { [($0, String(size))] } ?? []))
        case (.cursor(let cursor), .cursor(let parameter, _)):
            add([(parameter, cursor)])
        case (.url(let url), _):
            // The server's URL is no template: braces are not legal in a URL anyway.
            definition.url = url.replacingOccurrences(of: "{", with: "%7B").replacingOccurrences(of: "}", with: "%7D")
            // It carries the query the first page's arguments made.
            if written.method.encodesArgumentsInQuery, written.body == nil {
                definition.args = nil
                definition.argumentOrder = []
            }
        default:
            break
        }
        return definition
    }

    /// What a name in `until` stands for after `page`: `page`, `items`, `pageItems`,
    /// `status`, `body.PATH` or `$.PATH` (a JSON path into the page's body), else a variable.
    func variable(_ name: String, of page: LoadedPage, in paged: PagedRequest, scope: VariableScope) -> String? {
        switch name {
        case "page": return String(page.address.ordinal)
        case "items": return String(paged.items.count)
        case "pageItems": return String(page.items.count)
        case "status": return page.request.response.map { String($0.statusCode) }
        default:
            let path = name.hasPrefix("$") ? name : name.hasPrefix("body.") ? "$" + name.dropFirst(4) : nil
            if let path = path.flatMap({ try? JSONPath(parsing: $0) }) {
                return Capture(variable: name, source: .json(path), location: location).value(from: page.request)
            }
            return try? scope.value(of: name)
        }
    }
}

extension RequestResult.PagingOutcome {
    /// Why the paging stopped, in words: `the listing ended`, `page 3 failed`.
    public var endDescription: String {
        switch end {
        case "lastPage": return "the listing ended"
        case "untilHeld": return "until held"
        case "maxPages": return "max \(pages) pages reached"
        case "failed": return "page \(failedPage ?? pages + 1) failed"
        default: return end
        }
    }
}
