import Foundation

/// A CSV file read as RFC 4180 says: the first record is the header, fields are separated by
/// commas, a field in double quotes may hold commas, line breaks and doubled quotes (`""`),
/// records end with CRLF or LF. UTF-8, with or without a byte order mark. Blank lines are
/// skipped; every other record must have as many fields as the header.
struct CSVTable {
    /// The column names, in file order.
    var header: [String]
    /// Each record after the header with the line it starts on.
    var records: [(line: Int, fields: [String])]

    /// A mistake in the file, at a line and column (1-based, counted in characters).
    struct ParseError: Error {
        var line: Int
        var column: Int
        var reason: String
    }

    init(parsing data: Data) throws(ParseError) {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            // Where the first byte that is not UTF-8 is (decoding puts U+FFFD there).
            var parser = Parser(characters: Array(String(decoding: bytes, as: UTF8.self)))
            while parser.index < parser.characters.count, parser.characters[parser.index] != "\u{FFFD}" { parser.advance() }
            throw ParseError(line: parser.line, column: parser.column, reason: "the file is not UTF-8")
        }
        var parser = Parser(characters: Array(text))
        var rows = try parser.records()
        guard !rows.isEmpty else { throw ParseError(line: 1, column: 1, reason: "the file is empty: the first line names the columns") }
        let head = rows.removeFirst()
        for (index, name) in head.fields.enumerated() where name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ParseError(line: head.line, column: head.columns[index], reason: "column \(index + 1) of the header has no name")
        }
        var seen: Set<String> = []
        for (index, name) in head.fields.enumerated() where !seen.insert(name).inserted {
            throw ParseError(line: head.line, column: head.columns[index], reason: "the header names \"\(name)\" twice")
        }
        for row in rows where row.fields.count != head.fields.count {
            throw ParseError(line: row.line, column: 1,
                             reason: "this record has \(row.fields.count) field\(row.fields.count == 1 ? "" : "s"), the header \(head.fields.count)")
        }
        header = head.fields
        records = rows.map { ($0.line, $0.fields) }
    }

    /// Splits characters into records. Swift reads CRLF as one character, so "\r\n", "\n"
    /// and "\r" all end a line.
    private struct Parser {
        let characters: [Character]
        var index = 0
        var line = 1
        var column = 1

        struct Record {
            var line: Int
            var fields: [String]
            /// The column each field starts at.
            var columns: [Int]
        }

        static func isLineBreak(_ character: Character) -> Bool { character == "\n" || character == "\r\n" || character == "\r" }

        mutating func advance() {
            if Self.isLineBreak(characters[index]) {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }

        mutating func records() throws(ParseError) -> [Record] {
            var records: [Record] = []
            while index < characters.count {
                if Self.isLineBreak(characters[index]) {
                    advance()
                    continue
                }
                records.append(try record())
            }
            return records
        }

        /// One record, from its first character to its line break (consumed) or the end.
        private mutating func record() throws(ParseError) -> Record {
            var record = Record(line: line, fields: [], columns: [])
            while true {
                record.columns.append(column)
                record.fields.append(try field())
                guard index < characters.count else { return record }
                let separator = characters[index]
                advance()
                if Self.isLineBreak(separator) { return record }
            }
        }

        /// One field; stops before the comma or line break after it.
        private mutating func field() throws(ParseError) -> String {
            var value = ""
            guard index < characters.count, characters[index] == "\"" else {
                while index < characters.count, characters[index] != ",", !Self.isLineBreak(characters[index]) {
                    if characters[index] == "\"" {
                        throw ParseError(line: line, column: column, reason: "a quote inside an unquoted field: quote the whole field and double the quote (\"a \"\"b\"\"\")")
                    }
                    value.append(characters[index])
                    advance()
                }
                return value
            }
            let (openLine, openColumn) = (line, column)
            advance()
            while true {
                guard index < characters.count else {
                    throw ParseError(line: openLine, column: openColumn, reason: "the quoted field that starts here has no closing quote")
                }
                let character = characters[index]
                advance()
                if character != "\"" {
                    value.append(character)
                } else if index < characters.count, characters[index] == "\"" {
                    value.append("\"")
                    advance()
                } else {
                    break
                }
            }
            if index < characters.count, characters[index] != ",", !Self.isLineBreak(characters[index]) {
                throw ParseError(line: line, column: column, reason: "text after a quoted field's closing quote: expected a comma or the end of the line")
            }
            return value
        }
    }
}
