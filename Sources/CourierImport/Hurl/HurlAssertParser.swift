import Foundation

/// Reads the lines of `[Captures]` (`name: QUERY FILTERS`) and `[Asserts]`
/// (`QUERY FILTERS [not] PREDICATE [VALUE]`).
///
/// A query or filter Hurl added after this reader was written is kept by name (the import
/// reports it as not carried over); what cannot be read at all — an unclosed string, a
/// missing predicate or value — is a ``HurlSyntaxError`` at its column.
enum HurlAssertParser {
    static func capture(_ line: HurlLineScanner, text: String) throws(HurlSyntaxError) -> HurlCapture {
        let (name, valueStart) = try HurlParser.key(text, line: line.line, column: line.column)
        var scanner = HurlLineScanner(text[valueStart...], line: line.line,
                                      column: line.column + text.distance(from: text.startIndex, to: valueStart))
        let query = try self.query(&scanner)
        let filters = try self.filters(&scanner, beforePredicate: false)
        try scanner.end()
        return HurlCapture(name: name, query: query, filters: filters, line: line.line, text: text)
    }

    static func assert(_ line: HurlLineScanner, text: String) throws(HurlSyntaxError) -> HurlAssert {
        var scanner = line
        let query = try self.query(&scanner)
        let filters = try self.filters(&scanner, beforePredicate: true)
        let predicate = try self.predicate(&scanner)
        try scanner.end()
        return HurlAssert(query: query, filters: filters, predicate: predicate, line: line.line, text: text)
    }

    private static func query(_ scanner: inout HurlLineScanner) throws(HurlSyntaxError) -> HurlQuery {
        scanner.skipSpaces()
        let at = scanner.column
        let name = scanner.word()
        guard !name.isEmpty else {
            throw scanner.error("expected a query: status, header \"Name\", jsonpath \"$.id\", xpath \"//p\", body, …", at: at)
        }
        guard HurlQuery.withArgument.contains(name) else { return HurlQuery(name: name) }
        scanner.skipSpaces()
        let argumentAt = scanner.column
        guard let argument = try scanner.value(), argument.isText else {
            throw scanner.error("expected a quoted argument after \(name), like \(name) \"…\"", at: argumentAt)
        }
        return HurlQuery(name: name, argument: argument)
    }

    /// Filters up to the predicate (or the end, for a capture): each a name and the values
    /// that follow it.
    private static func filters(_ scanner: inout HurlLineScanner, beforePredicate: Bool) throws(HurlSyntaxError) -> [HurlFilter] {
        var filters: [HurlFilter] = []
        while true {
            scanner.skipSpaces()
            if scanner.atEnd { break }
            if beforePredicate, startsPredicate(scanner) { break }
            let at = scanner.column
            let name = scanner.word()
            guard !name.isEmpty else { throw scanner.error("unexpected \"\(scanner.rest)\"", at: at) }
            var arguments: [HurlValue] = []
            while let argument = try scanner.value() { arguments.append(argument) }
            filters.append(HurlFilter(name: name, arguments: arguments))
        }
        return filters
    }

    private static func startsPredicate(_ scanner: HurlLineScanner) -> Bool {
        var copy = scanner
        if copy.symbol() != nil { return true }
        let word = copy.peekWord()
        return word == "not" || HurlPredicate.names.contains(word) || HurlPredicate.symbolWords[word] != nil
    }

    private static func predicate(_ scanner: inout HurlLineScanner) throws(HurlSyntaxError) -> HurlPredicate {
        scanner.skipSpaces()
        var negated = false
        if scanner.peekWord() == "not" {
            _ = scanner.word()
            negated = true
        }
        scanner.skipSpaces()
        let at = scanner.column
        let written = scanner.symbol() ?? scanner.word()
        let name = HurlPredicate.symbolWords[written] ?? written
        guard HurlPredicate.names.contains(name) else {
            throw scanner.error(written.isEmpty ? "a predicate is missing (==, contains, exists, …)" : "unknown predicate \"\(written)\"", at: at)
        }
        guard !HurlPredicate.withoutValue.contains(name) else { return HurlPredicate(negated: negated, name: name) }
        scanner.skipSpaces()
        let valueAt = scanner.column
        guard let value = try scanner.value() else {
            throw scanner.error("\(written) needs a value: a number, \"text\", true, false, null, {{variable}}…", at: valueAt)
        }
        return HurlPredicate(negated: negated, name: name, value: value)
    }
}

extension HurlValue {
    /// Whether it is text: quoted, in backticks or a `/regex/`.
    var isText: Bool {
        switch self {
        case .string, .regex: true
        default: false
        }
    }
}
