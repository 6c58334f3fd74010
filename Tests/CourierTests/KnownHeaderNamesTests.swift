import HTTPTypes
import Testing
@testable import Courier

@Suite struct KnownHeaderNamesTests {
    private func lookUp(_ text: String) -> HTTPField.Name? {
        Array(text.utf8).withUnsafeBytes { KnownHeaderNames.name(for: $0[...]) }
    }

    @Test func reusesANameOnlyForTheExactSpellingReceived() {
        expectEqual(lookUp("Content-Type")?.rawName, "Content-Type")
        expectEqual(lookUp("content-type")?.rawName, "content-type")
        expectEqual(lookUp("content-type")?.canonicalName, "content-type")
        #expect(lookUp("CONTENT-TYPE") == nil, "other spellings take the general path, which keeps them as sent")
        expectEqual(lookUp("Content-Typo"), nil)
        expectEqual(lookUp("X-Custom"), nil)
        expectEqual(lookUp(""), nil)
        expectEqual(lookUp(String(repeating: "x", count: 200)), nil)
    }

    @Test func aResponseStillCarriesEveryFieldAsSent() async throws {
        try await withTestBed { bed in
            let request = bed.request("/response-headers", arguments: ["X-Custom": "1", "ETag": "\"abc\""])
            try await request.run()
            let fields = request.responseHeaders
            expectEqual(fields[HTTPField.Name("x-custom")!], "1")
            expectEqual(request.response?.header("etag"), "\"abc\"")
            #expect(fields.contains { $0.name.rawName == "ETag" || $0.name.rawName == "etag" })
            expectEqual(request.response?.mimeType, "application/json")
        }
    }
}
