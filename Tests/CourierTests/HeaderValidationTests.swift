import Courier
import Testing

/// A header whose name is not an HTTP token, or whose value holds a line break or NUL, is
/// refused before anything is sent; names made of every token character go out.
@Suite struct HeaderValidationTests {
    @Test(arguments: ["Bad Name", "X-Caf\u{E9}", "X:Colon", "", "X-Tab\t"])
    func aNameThatIsNotATokenIsRefused(_ name: String) async throws {
        try await withTestBed { bed in
            let request = bed.request("/headers", headers: [name: "v"])
            let error = await #expect(throws: RequestError.self) { try await request.run() }
            #expect(error?.message.contains("cannot be sent") == true, "\(String(describing: error))")
        }
    }

    @Test(arguments: ["a\r\nInjected: yes", "a\nb", "a\u{0}b"])
    func aValueWithALineBreakOrNulIsRefused(_ value: String) async throws {
        try await withTestBed { bed in
            let request = bed.request("/headers", headers: ["X-Value": value])
            await #expect(throws: RequestError.self) { try await request.run() }
        }
    }

    @Test func everyTokenCharacterIsSent() async throws {
        try await withTestBed { bed in
            let name = "X-!#$%&'*+-.^_`|~09azAZ"
            let request = bed.request("/headers", headers: [name: "caf\u{E9} ok"])
            try await request.run()
            expectEqual(request.responseStatusCode, 200)
        }
    }
}
