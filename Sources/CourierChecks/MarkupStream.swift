import CLibXML2
import Foundation

/// An `xpath` check's answer for a body too big to hold as a document: a path (`//tr`,
/// `/html/head/title`, `//a/@href`, unions of them) or its `count(…)`, matched while libxml2
/// parses the body in chunks.
///
/// The parser builds its tree as usual (so what it recovers, which blanks it drops and what
/// text it keeps are exactly a ``MarkupDocument``'s), but ``MarkupStreamReading`` frees the
/// open element's finished children as soon as a sibling starts. What is held is about one
/// path down the tree and the texts selected, not the tree: a 100 MiB page is read in a few
/// times its size instead of twenty.
struct MarkupStream {
    /// What a stream can answer: an absolute path libxml2's patterns can stream, counted or not.
    struct Query {
        let path: String
        let counting: Bool

        /// `expression` as a streamable query, or nil when only a document can answer it
        /// (predicates, axes, functions other than `count`, relative paths).
        init?(_ expression: String) {
            var text = expression.trimmingCharacters(in: .whitespaces)
            counting = text.hasPrefix("count(") && text.hasSuffix(")")
            if counting { text = String(text.dropFirst(6).dropLast()).trimmingCharacters(in: .whitespaces) }
            let branches = text.split(separator: "|", omittingEmptySubsequences: false)
            guard branches.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).hasPrefix("/") }) else { return nil }
            guard let pattern = Self.compile(text) else { return nil }
            defer { xmlFreePattern(pattern) }
            guard xmlPatternStreamable(pattern) == 1 else { return nil }
            path = text
        }

        static func compile(_ path: String) -> xmlPatternPtr? {
            try? LibXML2.quietly { xmlPatterncompile(path, nil, Int32(XML_PATTERN_XPATH.rawValue), nil) }
        }
    }

    /// The most selected text held (the answer's own size), beyond which the check fails.
    static let largestSelection = 64 << 20

    /// `query` over `body`, parsed as HTML when `html`, else as XML that must be well formed.
    static func evaluate(_ query: Query, body: Data, html: Bool) throws(MarkupDocument.Failure) -> MarkupDocument.Value {
        guard !body.isEmpty else { throw .init(reason: "the body is empty") }
        guard let pattern = Query.compile(query.path), let stream = xmlPatternGetStreamCtxt(pattern) else {
            throw .init(reason: "\"\(query.path)\" cannot be streamed")
        }
        defer {
            xmlFreeStreamCtxt(stream)
            xmlFreePattern(pattern)
        }
        let reading = MarkupStreamReading(stream: stream, counting: query.counting)
        try LibXML2.quietly { () throws(MarkupDocument.Failure) in try reading.parse(body, html: html) }
        if let failure = reading.failure { throw failure }
        return query.counting ? .number(Double(reading.matches)) : .nodes(reading.texts)
    }
}
