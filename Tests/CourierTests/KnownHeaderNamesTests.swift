import HTTPTypes
import Testing
@testable import Courier

@Suite struct KnownHeaderNamesTests {
    private func lookUp(_ text: String) -> HTTPField.Name? {
        Array(text.utf8).withUnsafeBytes { KnownHeaderNames.name(for: $0[...]) }
    }

    @Test func reusesANameOnlyForTheExactSpellingReceived() {
        #expect(lookUp("Content-Type")?.rawName == "Content-Type")
        #expect(lookUp("content-type")?.rawName == "content-type")
        #expect(lookUp("content-type")?.canonicalName == "content-type")
        #expect(lookUp("CONTENT-TYPE") == nil, "other spellings take the general path, which keeps them as sent")
        #expect(lookUp("Content-Typo") == nil)
        #expect(lookUp("X-Custom") == nil)
        #expect(lookUp("") == nil)
        #expect(lookUp(String(repeating: "x", count: 200)) == nil)
    }

    @Test func aResponseStillCarriesEveryFieldAsSent() async throws {
        try await withTestBed { bed in
            let request = bed.request("/response-headers", arguments: ["X-Custom": "1", "ETag": "\"abc\""])
            try await request.run()
            let fields = request.responseHeaders
            #expect(fields[HTTPField.Name("x-custom")!] == "1")
            #expect(request.response?.header("etag") == "\"abc\"")
            #expect(fields.contains { $0.name.rawName == "ETag" || $0.name.rawName == "etag" })
            #expect(request.response?.mimeType == "application/json")
        }
    }
}
