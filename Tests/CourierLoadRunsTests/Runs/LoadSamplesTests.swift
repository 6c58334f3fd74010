@testable import Courier
@testable import CourierLoadRuns
import Foundation
import Testing

/// Sample exchanges (a few whole ones of each outcome, redacted) and `--checks` (each response
/// judged by the request's `expect:`), against the demo server and httpbin.
@Suite("Load runs keep sample exchanges and run checks")
struct LoadSamplesTests {
    /// A secret three ways — a sensitive value in a header, the Authorization header, a secret
    /// query parameter — and responses that echo them back in JSON.
    private static let secretWorkspace = """
        variables:
          token: sekrit-4711
        requests:
          flaky:
            url: "{{demo}}/load/flaky?every=10&key=samples-{{token}}&api_key={{token}}"
            headers: {X-Client: "client-{{token}}"}
            auth: {bearer: "{{token}}"}
            sensitive: ["{{token}}"]
          echo:
            url: "{{demo}}/get?api_key={{token}}"
            auth: {bearer: "{{token}}"}
            sensitive: ["{{token}}"]
        batches:
          both: {requests: [flaky, echo], continueOnFailure: true}
        """

    @Test("a server failing one in ten with 503: three 503 samples with their bodies, three 200s, every secret hidden")
    func failingServerSamples() async throws {
        let result = try await demoLoadRun(Self.secretWorkspace, "both", plan: LoadPlan(model: .closed(concurrency: 4), requests: 400))
        let samples = try #require(result.samples)
        let failed = samples.filter { $0.outcome == "503" }
        expectEqual(failed.count, 3)
        for sample in failed {
            expectEqual(sample.status, 503)
            expectEqual(sample.step, "flaky")
            // The demo's 503 says which request of the key's count it was.
            #expect(sample.body.contains("\"failed\":true"), "\(sample.body)")
            #expect(sample.bodyBytes == Int64(sample.body.utf8.count))
            #expect(sample.responseHeaders.contains { $0.name.lowercased() == "content-type" && $0.value.contains("json") })
            expectEqual(sample.method, "GET")
        }
        expectEqual(samples.filter { $0.outcome == "200" }.count, 3)
        #expect(samples.count == 6, "\(samples.map(\.outcome))")
        let text = String(decoding: try JSONEncoder().encode(samples), as: UTF8.self)
        #expect(!text.contains("sekrit"), "a secret shows: \(text)")
        #expect(samples.allSatisfy { sample in
            sample.requestHeaders.contains { $0.name == "Authorization" && $0.value == Redaction.placeholder }
        })
        #expect(failed[0].url.contains("api_key=" + Redaction.placeholder), "\(failed[0].url)")
        // Kept in the run's JSON, and listed in the text and the HTML report.
        let decoded = try JSONDecoder().decode(LoadResult.self, from: JSONEncoder().encode(result))
        expectEqual(decoded.samples, result.samples)
        #expect(LoadReport.lines(for: result).contains { $0.hasPrefix("  503  GET /load/flaky → 503") })
        let html = LoadHTMLReport(result: result, workspacePath: "w.yaml").html
        #expect(html.contains("Sample exchanges") && html.contains("&quot;failed&quot;:true") && !html.contains("sekrit"))
    }

    @Test("a response echoing the secrets back (headers and query in JSON) has them hidden in its sample")
    func echoedSecretsAreHidden() async throws {
        let result = try await demoLoadRun(Self.secretWorkspace, "echo", plan: LoadPlan(model: .closed(concurrency: 2), requests: 20))
        let samples = try #require(result.samples)
        expectEqual(samples.count, 3)
        for sample in samples {
            #expect(sample.body.contains("\"args\"") && sample.body.contains("Authorization"), "\(sample.body)")
            #expect(!sample.body.contains("sekrit") && !sample.url.contains("sekrit"), "\(sample.body)")
        }
    }

    @Test("--checks: a failed check fails the request, named by its check, with a sample saying what it found")
    func checksUnderLoad() async throws {
        let yaml = """
            requests:
              checked:
                url: "{{demo}}/load/flaky?every=4&key=checks"
                expect:
                  - status == 200
                  - $.count > 0
            """
        var plan = LoadPlan(model: .closed(concurrency: 2), requests: 200)
        plan.checks = true
        let result = try await demoLoadRun(yaml, "checked", plan: plan)
        // Every fourth is a 503, which the status check judges: it fails that check (and is
        // not counted twice as an HTTP failure), and the 200s' count passes.
        expectEqual(result.statuses, ["200": 150, "503": 50])
        expectEqual(result.errors.map(\.family), ["validation"])
        expectEqual(result.errors.first?.message, "status == 200")
        expectEqual(result.errors.first?.count, 50)
        #expect(abs(result.errorRate - 0.25) < 1e-9)
        let sample = try #require(result.samples?.first { $0.outcome == "check status == 200" })
        expectEqual(sample.status, 503)
        #expect(sample.checkDetail?.contains("expected == 200, got 503") == true, "\(sample.checkDetail ?? "nil")")
        #expect(result.perSecond.contains { ($0.errorsByFamily["check"] ?? 0) > 0 })
        #expect(LoadReport.lines(for: result).contains { $0.hasPrefix("  check") && $0.contains("status == 200") })

        // Without --checks the same run only measures: the 503s count as HTTP failures.
        let measured = try await demoLoadRun(yaml.replacingOccurrences(of: "key=checks", with: "key=measured"), "checked",
                                             plan: LoadPlan(model: .closed(concurrency: 2), requests: 200))
        expectEqual(measured.errors.map(\.family), ["http"])
    }

    @Test("--checks against httpbin: its /json passes a check of its author and fails one of its title")
    func checksAgainstHTTPBin() async throws {
        let server = try await HTTPBinServer.required()
        defer { server.stop() }
        let yaml = """
            requests:
              slideshow:
                url: "\(server.baseURL)/json"
                expect:
                  - $.slideshow.author == "Yours Truly"
                  - $.slideshow.title == "Not this one"
            """
        var plan = LoadPlan(model: .closed(concurrency: 2), requests: 40)
        plan.checks = true
        let result = try await demoLoadRun(yaml, "slideshow", plan: plan)
        expectEqual(result.statuses, ["200": 40])
        expectEqual(result.errors.map(\.message), ["$.slideshow.title == \"Not this one\""])
        expectEqual(result.errors.first?.count, 40)
        let sample = try #require(result.samples?.first)
        #expect(sample.body.contains("Sample Slide Show"), "\(sample.body)")
        #expect(sample.checkDetail?.contains("Sample Slide Show") == true, "\(sample.checkDetail ?? "nil")")
    }

    @Test("--checks is refused for a request without expect:")
    func checksNeedExpectations() async throws {
        var plan = LoadPlan(model: .closed(concurrency: 1), requests: 1)
        plan.checks = true
        await #expect(throws: LoadRunError.self) {
            _ = try await demoLoadRun("requests:\n  one: {url: \"{{demo}}/get\"}\n", "one", plan: plan)
        }
    }

    @Test("a 4 KiB prefix of a large JSON body keeps its secret-named keys' values hidden, though cut")
    func cutJSONBodyIsRedacted() async throws {
        let yaml = """
            requests:
              big:
                url: "{{demo}}/anything"
                method: POST
                body: {json: {token: "abc-visible-if-leaked", padding: "\(String(repeating: "x", count: 6000))"}}
            """
        let result = try await demoLoadRun(yaml, "big", plan: LoadPlan(model: .closed(concurrency: 1), requests: 3))
        let sample = try #require(result.samples?.first)
        #expect(sample.bodyBytes > 6000)
        #expect(sample.body.utf8.count <= LoadExchange.bodyPrefixLimit + 64)
        #expect(!sample.body.contains("abc-visible-if-leaked") && !(sample.requestBody ?? "").contains("abc-visible-if-leaked"),
                "\(sample.body.prefix(300))")
    }
}

/// Which sends keep their exchange: the first few, then only while an outcome seen lacks samples.
@Suite("Load runs' sampling of exchanges")
struct LoadExchangeSamplingTests {
    @Test("the first three capture; a new outcome turns capturing on until three of it were kept")
    func capturesWhileAnOutcomeLacksSamples() {
        var sampling = LoadExchangeSampling()
        var captures: Bool
        for _ in 0..<3 {
            captures = sampling.capturesNext()
            #expect(captures)
            sampling.ended(status: 200, error: nil, captured: true)
        }
        captures = sampling.capturesNext()
        #expect(!captures)
        sampling.ended(status: 200, error: nil, captured: false)
        captures = sampling.capturesNext()
        #expect(!captures)
        // A 503, not captured: every send captures until three 503s are kept.
        sampling.ended(status: 503, error: nil, captured: false)
        captures = sampling.capturesNext()
        #expect(captures)
        sampling.ended(status: 200, error: nil, captured: true)
        for _ in 0..<2 { sampling.ended(status: 503, error: nil, captured: true) }
        captures = sampling.capturesNext()
        #expect(captures)
        sampling.ended(status: 503, error: nil, captured: true)
        captures = sampling.capturesNext()
        #expect(!captures)
        // Each failed check is an outcome of its own.
        let check = LoadCheckFailure(check: "status == 200", detail: "").error
        sampling.ended(status: 200, error: check, captured: false)
        captures = sampling.capturesNext()
        #expect(captures)
        for _ in 0..<3 { sampling.ended(status: 200, error: check, captured: true) }
        captures = sampling.capturesNext()
        #expect(!captures)
        let other = LoadCheckFailure(check: "$.ok == true", detail: "").error
        sampling.ended(status: 200, error: other, captured: false)
        captures = sampling.capturesNext()
        #expect(captures)
    }
}
