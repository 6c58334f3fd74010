import Courier
import Foundation
import Synchronization
import Testing

/// Multipart forms with files streamed from disk, raw bodies from files, upload progress.
@Suite struct UploadTests {
    private func temporaryFile(_ contents: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-up-\(UUID().uuidString).txt")
        try contents.write(to: url)
        return url
    }

    @Test("multipart fields and files round-trip", arguments: [HTTPMethod.post, .put, .patch])
    func multipartRoundTrip(method: HTTPMethod) async throws {
        let file = try temporaryFile(Data("hello from a file\n".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        try await withTestBed { bed in
            var form = MultipartForm()
            form.addField("title", "report")
            form.addFile("attachment", path: file.path, filename: "notes.txt", contentType: "text/plain")
            form.addData("blob", Data("in memory".utf8), filename: "blob.txt", contentType: "text/plain")
            let request = bed.request("/\(method.rawValue.lowercased())", method: method, arguments: ["from": "args"]) {
                $0.multipartForm = form
            }
            try await request.run()
            let echo = try #require(request.responseJSON)
            expectEqual(echo["form"]?["title"], "report")
            #expect(echo["form"]?["from"] == "args", "arguments travel as form fields")
            expectEqual(echo["files"]?["attachment"], "hello from a file\n")
            expectEqual(echo["files"]?["blob"], "in memory")
            expectEqual(echo["headers"]?["Content-Type"]?.stringValue?.hasPrefix("multipart/form-data; boundary="), true)
        }
    }

    @Test func largeFileIsStreamedAndProgressReachesTheTotal() async throws {
        let size = 2_000_000
        let contents = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let file = try temporaryFile(contents)
        defer { try? FileManager.default.removeItem(at: file) }
        try await withTestBed { bed in
            let reports = Mutex<[ProgressReport]>([])
            let request = bed.request("/post", method: .post) {
                $0.bodyFilePath = file.path
                $0.headers = ["Content-Type": "application/octet-stream"]
            }
            request.uploadProgressHandler = { report in reports.withLock { $0.append(report) } }
            try await request.run()
            let seen = reports.withLock { $0 }
            expectEqual(seen.last?.completed, Int64(size))
            expectEqual(seen.last?.expected, Int64(size))
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.completed < $1.completed })
            expectEqual(request.metrics?.bytesSent, Int64(size))
            let echoed = try #require(request.responseJSON?["data"]?.stringValue)
            #expect(echoed.hasPrefix("data:"), "binary bodies echo as a data URL")
            let encoded = String(echoed[echoed.index(after: echoed.firstIndex(of: ",")!)...])
            expectEqual(Data(base64Encoded: encoded), contents)
        }
    }

    @Test func rawTextBodyFromAFile() async throws {
        let file = try temporaryFile(Data("plain text body".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        try await withTestBed { bed in
            let request = bed.request("/put", method: .put) {
                $0.bodyFilePath = file.path
                $0.headers = ["Content-Type": "text/plain"]
            }
            try await request.run()
            expectEqual(request.responseJSON?["data"], "plain text body")
            expectEqual(request.responseJSON?["headers"]?["Content-Type"], "text/plain")
        }
    }

    @Test func unreadableFileFailsBeforeAnyNetworkUse() async throws {
        try await withTestBed { bed in
            var form = MultipartForm()
            form.addFile("attachment", path: "/nonexistent/courier-missing.txt")
            let request = bed.request("/post", method: .post) { $0.multipartForm = form }
            await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(request.error?.code, .cannotOpenFile)
            let served = try await bed.server.requestLog()
            #expect(served.isEmpty)
        }
    }

    @Test func aMultipartFormOnGETIsAParameterProblem() async throws {
        try await withTestBed { bed in
            var form = MultipartForm()
            form.addField("note", "hi")
            let request = bed.request("/get", method: .get) { $0.multipartForm = form }
            await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(request.error?.family, .parameter)
            expectEqual(request.error?.code, .invalidParameters)
            expectEqual(request.error?.message.contains("needs POST, PUT or PATCH"), true)
            let served = try await bed.server.requestLog()
            #expect(served.isEmpty)
        }
    }
}

@Suite struct RawBodyTests {
    @Test func rawBodyIsSentAsItIsWithArgumentsInTheQuery() async throws {
        try await withTestBed { bed in
            let request = bed.request("/post", method: .post, arguments: ["q": "1"]) {
                $0.rawBody = Data("plain words".utf8)
                $0.headers = ["Content-Type": "text/plain"]
            }
            try await request.run()
            expectEqual(request.responseJSON?["data"], "plain words")
            expectEqual(request.responseJSON?["args"]?["q"], "1")
            expectEqual(request.responseJSON?["headers"]?["Content-Type"], "text/plain")
        }
    }
}
