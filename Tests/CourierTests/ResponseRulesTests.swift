import Courier
import Foundation
import Testing

/// ``Request/responseViolations(in:)``: business rules after the status and template checks
/// (CTNetworking's `isCorrectWithCallBackData`), failing with -13 like -8/-9 fail; and
/// ``Request/decode(_:decoder:)`` failing with a serialization error naming the coding path.
@Suite struct ResponseRulesTests {
    /// The demo's `/anything` echoes the query in `args`: `?code=500` is "a 200 whose body says 500".
    static let codeIsZero: @Sendable (ResponseContent) -> [ResponseViolation] = { content in
        guard let code = content.json?["args"]?["code"]?.stringValue, code != "0" else { return [] }
        return [ResponseViolation("expected \"0\", got \"\(code)\"", path: "$.args.code"),
                ResponseViolation("the API reports a failure")]
    }

    @Test func aBrokenRuleFailsTheRequestWithEveryViolation() async throws {
        try await withTestBed { bed in
            let rejected = bed.request("/anything?code=500") { $0.responseRules = Self.codeIsZero }
            await #expect(throws: RequestError.self) { try await rejected.run() }
            let error = try #require(rejected.error)
            #expect(error.family == .validation && error.code == .responseRejected && error.code.rawValue == -13)
            expectEqual(error.statusCode, 200)
            expectEqual(error.violations.map(\.description), ["$.args.code: expected \"0\", got \"500\"", "the API reports a failure"])
            expectEqual(error.message, "The response broke a rule: $.args.code: expected \"0\", got \"500\" (and 1 more).")
            // The response is kept for the user to read, as after -8 and -9.
            expectEqual(rejected.responseJSON?["args"]?["code"], "500")

            let accepted = bed.request("/anything?code=0") { $0.responseRules = Self.codeIsZero }
            try await accepted.run()
            expectEqual(accepted.error, nil)
        }
    }

    @Test func aRejectedResponseIsNotCached() async throws {
        try await withCacheBed { bed in
            let rejected = bed.bed.request("/anything?code=7") { definition in
                definition.cacheTimeInSeconds = 600
                definition.writeCacheAsynchronously = false
                definition.responseRules = Self.codeIsZero
            }
            await #expect(throws: RequestError.self) { try await rejected.run() }
            expectEqual(rejected.error?.code, .responseRejected)
            #expect(bed.cache.entries(judgedBy: CachePolicy(cacheTimeInSeconds: 600)).isEmpty)
        }
    }

    @Test func aChainStopsAtARejectedStep() async throws {
        try await withTestBed { bed in
            let rejected = bed.request("/anything?code=1") { $0.responseRules = Self.codeIsZero }
            let chain = ChainRequest()
            chain.addRequest(bed.request("/get"))
            chain.addRequest(rejected)
            chain.addRequest(bed.request("/json"))
            await #expect(throws: GroupFailure.self) { try await chain.run() }
            expectEqual(chain.snapshot.steps.map(\.state), [.succeeded, .failed, .pending])
            let served = try await bed.server.requestLog()
            #expect(!served.contains { $0.path == "/json" })
        }
    }

    private struct Slideshow: Decodable {
        struct Slide: Decodable { let title: String; let pages: Int }
        let slideshow: Show
        struct Show: Decodable { let slides: [Slide] }
    }

    private struct Mismatched: Decodable {
        let slideshow: Show
        struct Show: Decodable { let title: Int }
    }

    @Test func aModelThatDoesNotMapIsASerializationErrorWithThePath() async throws {
        try await withTestBed { bed in
            let request = bed.request("/json")
            try await request.run()
            do throws(RequestError) {
                _ = try request.decode(Slideshow.self)
                Issue.record("the slides have no pages: decoding should fail")
            } catch {
                #expect(error.family == .serialization && error.code == .cannotMapModel)
                #expect(error.message.contains("$.slideshow.slides[0].pages: missing"), "\(error.message)")
            }
            do throws(RequestError) {
                _ = try request.decode(Mismatched.self)
                Issue.record("the title is a string: decoding should fail")
            } catch {
                #expect(error.message.contains("$.slideshow.title: expected Int, found a string"), "\(error.message)")
            }
            let html = bed.request("/html") { $0.responseSerializer = .auto }
            try await html.run()
            #expect(throws: RequestError.self) { try html.decode(Slideshow.self) }
            #expect((try? html.decode(Slideshow.self)) == nil)
        }
    }
}
