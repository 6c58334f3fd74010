@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
import Foundation
import Testing

/// `each:` over a big CSV file: it is read record by record, a chunk at a time (a 1 GB file
/// used to be turned whole into an array of `Character`s, 19.8 GiB, for 300 s), and loading
/// stops at the row past the cap with that row's line.
@Suite("each: reads a CSV file record by record")
struct CSVReaderTests {
    private func file(_ text: String) -> String {
        let path = temporaryDirectory() + "/rows.csv"
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    private func records(_ text: String, chunkSize: Int) throws -> [CSVReader.Record] {
        var reader = try CSVReader(path: file(text), chunkSize: chunkSize)
        var records: [CSVReader.Record] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    private func parseError(_ text: String, chunkSize: Int = 64 * 1024) -> CSVReader.ParseError? {
        do {
            _ = try records(text, chunkSize: chunkSize)
            return nil
        } catch let error as CSVReader.ParseError {
            return error
        } catch {
            return nil
        }
    }

    /// A few megabytes read in 64 KB chunks: the reader never holds more than two chunks and
    /// the record it is on, and hands the records over one at a time.
    @Test func aFewMegabytesAreReadHoldingAChunkAndARowNotTheFile() throws {
        let row = String(repeating: "x", count: 90) + ",\"quoted, with a\nline break\"\n"
        let text = "name,note\n" + String(repeating: row, count: 40_000)
        let chunk = 64 * 1024
        var reader = try CSVReader(path: file(text), chunkSize: chunk)
        var count = 0
        while let record = try reader.next() {
            count += 1
            if count == 1 { continue }
            expectEqual(record.fields, [String(repeating: "x", count: 90), "quoted, with a\nline break"])
            expectEqual(record.line, 2 * count - 2)
        }
        expectEqual(count, 40_001)
        expectEqual(reader.bytesRead, text.utf8.count)
        #expect(text.utf8.count > 4_000_000)
        #expect(reader.peakBufferedBytes <= 2 * chunk + row.utf8.count, "held \(reader.peakBufferedBytes) bytes of \(text.utf8.count)")
    }

    /// One row far bigger than a chunk is held whole, and only it.
    @Test func aRowBiggerThanAChunkIsHeldAlone() throws {
        let big = String(repeating: "é", count: 300_000)
        let text = "a,b\n1,2\n\"\(big)\",3\n4,5\n"
        var reader = try CSVReader(path: file(text), chunkSize: 4096)
        var fields: [[String]] = []
        while let record = try reader.next() { fields.append(record.fields) }
        expectEqual(fields, [["a", "b"], ["1", "2"], [big, "3"], ["4", "5"]])
        #expect(reader.peakBufferedBytes <= 2 * 4096 + big.utf8.count + 8)
    }

    /// Whatever the chunk size, so that every quote, CR, LF, and multi-byte character falls
    /// on a chunk's edge somewhere: the same records and lines.
    @Test func chunkEdgesChangeNothing() throws {
        let text = "\u{FEFF}name,city,note\r\n\"Smith, Jo\",Paris,first\r\n\r\nZoë,,\"say \"\"hi\"\"\r\ntwice\"\r\nHiro,東京,\rlast,\"\",x"
        let expected = try records(text, chunkSize: 1 << 20)
        #expect(expected.map(\.fields) == [["name", "city", "note"], ["Smith, Jo", "Paris", "first"],
                                           ["Zoë", "", "say \"hi\"\r\ntwice"], ["Hiro", "東京", ""], ["last", "", "x"]])
        expectEqual(expected.map(\.line), [1, 2, 4, 6, 7])
        expectEqual(expected[2].columns, [1, 5, 6])
        for size in 1...17 {
            let read = try records(text, chunkSize: size)
            #expect(read.map(\.fields) == expected.map(\.fields), "chunks of \(size)")
            #expect(read.map(\.line) == expected.map(\.line), "chunks of \(size)")
            #expect(read.map(\.columns) == expected.map(\.columns), "chunks of \(size)")
        }
    }

    /// Mistakes keep their line and column (in characters), across chunk edges too.
    @Test func mistakesSayTheirLineAndColumn() {
        for size in [1, 3, 64 * 1024] {
            let stray = parseError("name,city\nZoë,Os\"lo\n", chunkSize: size)
            #expect(stray?.line == 2 && stray?.column == 7 && stray?.reason.hasPrefix("a quote inside an unquoted field") == true, "\(size)")
            let unclosed = parseError("a,b\r\n1,2\r\n3,\"four\r\nfive\r\n", chunkSize: size)
            #expect(unclosed?.line == 3 && unclosed?.column == 3 && unclosed?.reason.contains("no closing quote") == true, "\(size)")
            let after = parseError("a,b\n\"x\ny\"z,2\n", chunkSize: size)
            #expect(after?.line == 3 && after?.column == 3 && after?.reason.hasPrefix("text after a quoted field's closing quote") == true, "\(size)")
        }
        var bytes = Data("a,b\n1,2\nok,ü".utf8)
        bytes.append(contentsOf: [0xFF, 0x41, 0x0A])
        let path = temporaryDirectory() + "/latin.csv"
        FileManager.default.createFile(atPath: path, contents: bytes)
        do {
            var reader = try CSVReader(path: path, chunkSize: 5)
            while try reader.next() != nil {}
            Issue.record("a byte that is not UTF-8 was read")
        } catch let error as CSVReader.ParseError {
            #expect(error.line == 3 && error.column == 5 && error.reason == "the file is not UTF-8", "\(error)")
        } catch {
            Issue.record(error)
        }
    }

    // MARK: - each:

    private func load(each csv: String) -> String {
        let path = writeWorkspace("""
            requests: {echo: {url: "http://127.0.0.1:1/{{name}}"}}
            batches:
              people: [{request: echo, each: people.csv}]
            """)
        FileManager.default.createFile(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("people.csv").path,
                                       contents: Data(csv.utf8))
        do {
            let workspace = try Workspace.load(path: path)
            return "\(workspace.members(ofBatch: "people").count) rows"
        } catch {
            return error.description
        }
    }

    /// A file of 2,000,000 rows (4 MB) fails at row 10,001's line, read no further: it used to
    /// be parsed whole and then refused at the `each:` for its count.
    @Test func aFileOfMoreRowsThanTheCapFailsAtTheFirstRowPastIt() {
        let error = load(each: "name\n" + String(repeating: "a\n", count: 2_000_000))
        #expect(error.contains("people.csv:10002:1: error: more than 10000 rows; at most 10000 may run (rows for each: at ws.yaml:3:"), "\(error)")
        expectEqual(load(each: "name\n" + String(repeating: "a\n", count: 10_000)), "10000 rows")
    }

    /// Values past the byte cap fail at the row that passes it (a cap of 1,000 bytes here;
    /// ``DataRows/maximumBytes`` is 64 MiB).
    @Test func rowsPastTheByteCapFailAtTheirLine() throws {
        let value = String(repeating: "v", count: 100)
        let path = file("name,n\n" + String(repeating: value + ",1\n", count: 20))
        func rows(maximumBytes: Int) throws -> Int {
            try DataRows.rows(csv: try CSVReader(path: path), path: path, origin: "(test)", maximumBytes: maximumBytes).count
        }
        expectEqual(try rows(maximumBytes: 2020), 20)
        #expect(throws: WorkspaceError.self) { try rows(maximumBytes: 2019) }
        do {
            _ = try rows(maximumBytes: 1000)
            Issue.record("1,010 bytes of values were read with a cap of 1,000")
        } catch {
            #expect(String(describing: error).contains("rows.csv:11:1: error: the rows up to this one hold more than 1000 bytes; each: holds at most that (test)"),
                    "\(error)")
        }
    }

    /// A JSON file larger than the cap is refused before it is read (a sparse file: no disk used).
    @Test func aJSONFilePastTheByteCapIsNotRead() throws {
        let path = writeWorkspace("""
            requests: {echo: {url: "http://127.0.0.1:1/{{name}}"}}
            chains:
              people: {each: rows.json, steps: [echo]}
            """)
        let rows = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("rows.json").path
        FileManager.default.createFile(atPath: rows, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: rows))
        try handle.truncate(atOffset: UInt64(DataRows.maximumBytes + 1))
        try handle.close()
        #expect(throws: WorkspaceError.self) { try Workspace.load(path: path) }
        do {
            _ = try Workspace.load(path: path)
        } catch {
            #expect(String(describing: error).contains("rows.json:1:1: error: the file has \(DataRows.maximumBytes + 1) bytes; each: reads at most 64 MiB"),
                    "\(error)")
        }
    }
}
