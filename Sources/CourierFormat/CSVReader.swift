import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A CSV file read record by record as RFC 4180 says: fields are separated by commas, a
/// field in double quotes may hold commas, line breaks and doubled quotes (`""`), records end
/// with CRLF, LF or CR. UTF-8, with or without a byte order mark. Blank lines are skipped.
///
/// The file is read in chunks and parsed as bytes, with the parser's state kept between
/// chunks: what is held at once is one chunk and the record being read, never the file (a
/// 1 GB file used to become an array of 16-byte `Character`s, 20 GiB).
struct CSVReader: ~Copyable {
    /// One record: the line it starts on, its fields, and the column each field starts at.
    struct Record {
        var line: Int
        var fields: [String]
        var columns: [Int]
    }

    /// A mistake in the file, at a line and column (1-based, counted in characters).
    struct ParseError: Error {
        var line: Int
        var column: Int
        var reason: String
    }

    /// Bytes read from the file so far.
    private(set) var bytesRead = 0
    /// The most bytes held at once: the chunk read and the record being parsed.
    private(set) var peakBufferedBytes = 0

    private let descriptor: Int32
    private let chunkSize: Int
    /// Bytes from the start of the record being read (or the next one) to the end of what was read.
    private var buffer: [UInt8] = []
    /// Where the record being read starts in `buffer`, and the next byte to look at.
    private var recordStart = 0
    private var position = 0
    private var atEnd = false
    /// The line of `position`, and the line the record being read starts on.
    private var line = 1
    private var recordLine = 1
    private var startedFile = false

    /// Opens `path`; `chunkSize` is how much one read takes.
    init(path: String, chunkSize: Int = 64 * 1024) throws(ParseError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ParseError(line: 1, column: 1, reason: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        self.chunkSize = max(1, chunkSize)
    }

    deinit { close(descriptor) }

    /// The next record, or nil at the end of the file.
    mutating func next() throws(ParseError) -> Record? {
        if !startedFile {
            startedFile = true
            try skipByteOrderMark()
        }
        // Blank lines between records are skipped.
        while true {
            guard let byte = try peek() else { return nil }
            guard byte == Self.lf || byte == Self.cr else { break }
            consumeLineBreak(byte)
        }
        // What earlier records used goes once it is a chunk's worth (no offsets are held now).
        if position >= chunkSize {
            buffer.removeFirst(position)
            position = 0
        }
        recordStart = position
        recordLine = line
        var record = Record(line: line, fields: [], columns: [])
        while true {
            record.columns.append(column(at: position))
            record.fields.append(try field())
            guard let separator = try peek() else { break }
            if separator == Self.comma {
                position += 1
                continue
            }
            consumeLineBreak(separator)
            break
        }
        try checkUTF8(upTo: position)
        return record
    }

    // MARK: - Fields

    private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")

    /// One field; stops before the comma or line break after it.
    private mutating func field() throws(ParseError) -> String {
        guard try peek() == Self.quote else {
            let start = position
            while let byte = try peek(), byte != Self.comma, byte != Self.lf, byte != Self.cr {
                if byte == Self.quote {
                    throw failure(at: position, line: line, "a quote inside an unquoted field: quote the whole field and double the quote (\"a \"\"b\"\"\")")
                }
                position += 1
            }
            return text(buffer[start..<position])
        }
        let open = position
        let openLine = line
        position += 1
        var value: [UInt8] = []
        while true {
            guard let byte = try peek() else {
                throw failure(at: open, line: openLine, "the quoted field that starts here has no closing quote")
            }
            if byte == Self.lf || byte == Self.cr {
                consumeLineBreak(byte)
                value.append(byte)
                continue
            }
            position += 1
            if byte != Self.quote {
                value.append(byte)
            } else if try peek() == Self.quote {
                value.append(Self.quote)
                position += 1
            } else {
                break
            }
        }
        if let next = try peek(), next != Self.comma, next != Self.lf, next != Self.cr {
            throw failure(at: position, line: line, "text after a quoted field's closing quote: expected a comma or the end of the line")
        }
        return text(value[...])
    }

    /// Moves past a CR or LF, counting the line; a LF just after a CR ends the same line.
    /// (The byte before a LF is still in the buffer: it is only cut at a record's first byte.)
    private mutating func consumeLineBreak(_ byte: UInt8) {
        let endsCRLF = byte == Self.lf && position > 0 && buffer[position - 1] == Self.cr
        position += 1
        if !endsCRLF { line += 1 }
    }

    /// The byte at `position`, reading more of the file when the buffer has been used up.
    private mutating func peek() throws(ParseError) -> UInt8? {
        if position < buffer.count {
            return buffer[position]
        }
        guard !atEnd else { return nil }
        try readChunk()
        return position < buffer.count ? buffer[position] : nil
    }

    private mutating func readChunk() throws(ParseError) {
        let before = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunkSize))
        let count = buffer.withUnsafeMutableBytes { bytes in
            var result: Int
            repeat { result = read(descriptor, bytes.baseAddress! + before, chunkSize) } while result < 0 && errno == EINTR
            return result
        }
        guard count >= 0 else {
            buffer.removeLast(chunkSize)
            throw ParseError(line: line, column: 1, reason: "cannot read the file (\(String(cString: strerror(errno))))")
        }
        buffer.removeLast(chunkSize - count)
        if count == 0 { atEnd = true }
        bytesRead += count
        peakBufferedBytes = max(peakBufferedBytes, buffer.count)
    }

    private mutating func skipByteOrderMark() throws(ParseError) {
        while buffer.count < 3, !atEnd { try readChunk() }
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
            buffer.removeFirst(3)
        }
    }

    // MARK: - Text and places

    /// The bytes as text; they were checked as UTF-8 or will be before the record is returned.
    private func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The column of `offset` (in `buffer`, within the record being read), in characters.
    private func column(at offset: Int) -> Int {
        var lineStart = offset
        while lineStart > recordStart, buffer[lineStart - 1] != Self.lf, buffer[lineStart - 1] != Self.cr { lineStart -= 1 }
        return String(decoding: buffer[lineStart..<offset], as: UTF8.self).count + 1
    }

    /// The line of `offset` within the record being read.
    private func line(at offset: Int) -> Int {
        var line = recordLine
        var index = recordStart
        while index < offset {
            if buffer[index] == Self.lf || (buffer[index] == Self.cr && (index + 1 >= buffer.count || buffer[index + 1] != Self.lf)) { line += 1 }
            index += 1
        }
        return line
    }

    /// Throws where the record read so far is not UTF-8 (decoding puts U+FFFD there).
    private func checkUTF8(upTo end: Int) throws(ParseError) {
        let bytes = buffer[recordStart..<end]
        guard String(validating: bytes, as: UTF8.self) == nil else { return }
        var valid = recordStart
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): valid += UTF8.width(scalar)
            case .emptyInput, .error: break decoding
            }
        }
        throw ParseError(line: line(at: valid), column: column(at: valid), reason: "the file is not UTF-8")
    }

    /// A mistake at `offset` (on `line`) of the record being read; bytes before it that are
    /// not UTF-8 are said first.
    private func failure(at offset: Int, line: Int, _ reason: String) -> ParseError {
        do throws(ParseError) {
            try checkUTF8(upTo: offset)
        } catch {
            return error
        }
        return ParseError(line: line, column: column(at: offset), reason: reason)
    }
}
