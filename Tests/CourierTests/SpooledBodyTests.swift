@testable import Courier
import Foundation
import HTTPTypes
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Bodies past `spoolResponseBodiesOver` go to a file as they arrive, against the demo
/// server's deterministic byte streams (a 1 MiB threshold here, so the bodies stay small).
@Suite struct SpooledBodyTests {
    private static let threshold = 1 << 20

    /// A test bed whose agent spools bodies over 1 MiB into a directory of the test's own.
    private func withSpool(_ configure: @escaping (NetworkConfig) -> Void = { _ in },
                           _ body: (TestBed, URL) async throws -> Void) async throws {
        let directory = URL(fileURLWithPath: scratchDirectory()).appendingPathComponent("spool")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        try await withTestBed({ config in
            config.spoolResponseBodiesOver = Self.threshold
            config.spoolDirectory = directory.path
            configure(config)
        }) { bed in
            try await body(bed, directory)
        }
    }

    /// A fresh directory under the system's temporary one.
    private func scratchDirectory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("courier-spool-\(UUID().uuidString.prefix(8))").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func files(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test func aBodyAnnouncedOverTheThresholdIsSpooledAndReadsBackWhole() async throws {
        try await withSpool { bed, directory in
            let count = 3_000_000
            let expected = Data(TestDemoServer.deterministicBytes(count: count, seed: 11))
            var request: Request? = bed.request("/bytes/\(count)", arguments: ["seed": 11]) { $0.responseSerializer = .raw }
            try await request?.run()
            #expect(request?.responseData == nil, "the body is not in memory")
            let spooled = try #require(request?.responseSpooledBody)
            expectEqual(spooled.count, Int64(count))
            expectEqual(try spooled.sha256(), sha256(expected))
            expectEqual(try spooled.read(1_000_000..<1_000_100), expected[1_000_000..<1_000_100])
            let tail = try spooled.read(Int64(count - 10)..<Int64(count + 50))
            #expect(tail == expected.suffix(10), "clamped to the body")
            expectEqual(try spooled.mapped(), expected)
            var pieces: [Int] = []
            var joined = Data()
            try spooled.forEachChunk(size: 1 << 20) { piece in
                pieces.append(piece.count)
                joined.append(contentsOf: piece)
                return true
            }
            expectEqual(pieces, [1 << 20, 1 << 20, count - 2 << 20])
            expectEqual(joined, expected)
            // Owner-only, in an owner-only directory; removed with the response.
            expectEqual(files(in: directory), [spooled.url.lastPathComponent])
            expectEqual(mode(spooled.url.path), 0o600)
            expectEqual(mode(directory.path), 0o700)
            #expect(spooled.url.lastPathComponent.hasPrefix("\(getpid())-"))
            request = nil
            #expect(FileManager.default.fileExists(atPath: spooled.url.path), "held by `spooled` still")
            let path = spooled.url.path
            _ = consume spooled
            #expect(!FileManager.default.fileExists(atPath: path), "removed when the last holder went")
            expectEqual(files(in: directory), [])
        }
    }

    @Test func aChunkedBodyMovesFromMemoryToTheSpoolAsItPassesTheThreshold() async throws {
        try await withSpool { bed, _ in
            let count = 2_500_000
            let request = bed.request("/drip", arguments: ["bytes": .int(count), "duration": 0, "chunked": 1]) { $0.responseSerializer = .raw }
            try await request.run()
            #expect(request.responseHeaders[.contentLength] == nil, "no length was announced")
            #expect(request.responseData == nil)
            let spooled = try #require(request.responseSpooledBody)
            expectEqual(spooled.count, Int64(count))
            expectEqual(try spooled.sha256(), sha256(Data(repeating: UInt8(ascii: "*"), count: count)))
        }
    }

    @Test func aBodyUnderTheThresholdStaysInMemory() async throws {
        try await withSpool { bed, directory in
            let request = bed.request("/bytes/500000", arguments: ["seed": 3]) { $0.responseSerializer = .raw }
            try await request.run()
            expectEqual(request.responseData.map(sha256), sha256(TestDemoServer.deterministicBytes(count: 500_000, seed: 3)))
            #expect(request.responseSpooledBody == nil)
            expectEqual(files(in: directory), [])
        }
    }

    @Test func theSpoolsLimitFailsTheRequestAndLeavesNoFile() async throws {
        try await withSpool({ $0.maximumSpooledResponseBodyBytes = 2_000_000 }) { bed, directory in
            let announcedAndChunked: [(String, JSONValue)] = [("/bytes/3000000", ["seed": 1]),
                                                               ("/drip", ["bytes": 3_000_000, "duration": 0, "chunked": 1])]
            for (path, arguments) in announcedAndChunked {
                let request = bed.request(path, arguments: arguments) { $0.responseSerializer = .raw }
                await #expect(throws: RequestError.self) { try await request.run() }
                #expect(request.error?.code == .dataLengthExceedsMaximum, "\(path)")
                #expect(request.error?.message.contains("2000000 bytes spooled to disk (maximumSpooledResponseBodyBytes)") == true,
                        "\(request.error?.message ?? "")")
                #expect(request.responseSpooledBody == nil)
                #expect(files(in: directory).isEmpty, "\(path): the cut-off body's file is removed")
            }
        }
    }

    @Test func aSpoolDirectoryThatCannotBeMadeFailsTheRequestSayingWhy() async throws {
        let blocker = scratchDirectory() + "/a-file"
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: blocker))
        try await withTestBed({ config in
            config.spoolResponseBodiesOver = Self.threshold
            config.spoolDirectory = blocker + "/spool"
        }) { bed in
            let request = bed.request("/bytes/2000000", arguments: ["seed": 2])
            await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(request.error?.code, .cannotWriteToFile)
            let message = request.error?.message ?? ""
            #expect(message.contains("could not be spooled to a file") && message.contains(blocker + "/spool"), "\(message)")
        }
    }

    @Test func aJSONTemplateOnASpooledBodySaysTheBodyWasNotParsed() async throws {
        try await withSpool { bed, _ in
            let request = bed.request("/big-json", arguments: ["bytes": 1_500_000]) { $0.jsonValidator = .object(["count": .int]) }
            await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(request.error?.code, .invalidJSONFormat)
            #expect(request.error?.message.contains("was spooled to a file, not parsed") == true, "\(request.error?.message ?? "")")
            #expect(request.responseSpooledBody != nil, "the body is kept for the caller")
        }
    }

    @Test func filesOfProcessesThatEndedAreSweptAndOthersKept() throws {
        let directory = URL(fileURLWithPath: scratchDirectory())
        defer { try? FileManager.default.removeItem(at: directory) }
        // A process that has ended: its id is free (until the system reuses it).
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let names = ["\(ended.processIdentifier)-a.body", "\(getpid())-b.body", "1-c.body", "notes.txt"]
        for name in names { FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data()) }
        expectEqual(SpoolSweep.sweep(directory), ["\(ended.processIdentifier)-a.body"])
        #expect(files(in: directory) == ["\(getpid())-b.body", "1-c.body", "notes.txt"].sorted(),
                "this process's, init's (running) and other files stay")
    }
}
