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
            #expect(echo["form"]?["title"] == "report")
            #expect(echo["form"]?["from"] == "args", "arguments travel as form fields")
            #expect(echo["files"]?["attachment"] == "hello from a file\n")
            #expect(echo["files"]?["blob"] == "in memory")
            #expect(echo["headers"]?["Content-Type"]?.stringValue?.hasPrefix("multipart/form-data; boundary=") == true)
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
            #expect(seen.last?.completed == Int64(size))
            #expect(seen.last?.expected == Int64(size))
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.completed < $1.completed })
            #expect(request.metrics?.bytesSent == Int64(size))
            let echoed = try #require(request.responseJSON?["data"]?.stringValue)
            #expect(echoed.hasPrefix("data:"), "binary bodies echo as a data URL")
            let encoded = String(echoed[echoed.index(after: echoed.firstIndex(of: ",")!)...])
            #expect(Data(base64Encoded: encoded) == contents)
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
            #expect(request.responseJSON?["data"] == "plain text body")
            #expect(request.responseJSON?["headers"]?["Content-Type"] == "text/plain")
        }
    }

    @Test func unreadableFileFailsBeforeAnyNetworkUse() async throws {
        try await withTestBed { bed in
            var form = MultipartForm()
            form.addFile("attachment", path: "/nonexistent/courier-missing.txt")
            let request = bed.request("/post", method: .post) { $0.multipartForm = form }
            await #expect(throws: RequestError.self) { try await request.run() }
            #expect(request.error?.code == .cannotOpenFile)
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
            #expect(request.error?.family == .parameter)
            #expect(request.error?.code == .invalidParameters)
            #expect(request.error?.message.contains("needs POST, PUT or PATCH") == true)
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
            #expect(request.responseJSON?["data"] == "plain words")
            #expect(request.responseJSON?["args"]?["q"] == "1")
            #expect(request.responseJSON?["headers"]?["Content-Type"] == "text/plain")
        }
    }
}
