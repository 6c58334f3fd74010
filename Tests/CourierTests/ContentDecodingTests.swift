import Courier
import Foundation
import Testing

/// Courier asks for the encodings its libcurl decodes and hands over decoded bodies; a
/// request's own `Accept-Encoding` replaces the line instead of joining it.
@Suite struct ContentDecodingTests {
    @Test func aGzippedResponseArrivesDecodedAndTheRequestAskedForGzip() async throws {
        try await withTestBed { bed in
            let request = try await bed.request("/gzip").run()
            #expect(request.responseJSON?["gzipped"] == true, "the body was decoded before parsing")
            let asked = (request.responseJSON?["headers"]?["Accept-Encoding"]?.stringValue ?? "")
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(asked.contains("gzip"))
            #expect(Set(asked).count == asked.count, "one Accept-Encoding line, not ours and libcurl's: \(asked)")
            expectEqual(request.response?.headers[.contentEncoding], "gzip")
        }
    }

    @Test func aRequestsOwnAcceptEncodingIsTheOnlyOneSent() async throws {
        try await withTestBed { bed in
            let request = try await bed.request("/headers", headers: ["Accept-Encoding": "identity"]).run()
            expectEqual(request.responseJSON?["headers"]?["Accept-Encoding"]?.stringValue, "identity")
            let plain = try await bed.request("/headers").run()
            expectEqual(plain.responseJSON?["headers"]?["User-Agent"]?.stringValue?.hasPrefix("Courier/"), true)
        }
    }
}
