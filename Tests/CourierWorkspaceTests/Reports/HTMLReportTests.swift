@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Testing

/// `--report FILE`'s HTML against the demo server: what a server sends is shown as text,
/// never as markup; secrets are hidden as in the other outputs; the page fetches nothing.
@Suite("courier run --report: the HTML")
struct HTMLReportTests {
    static let workspace = """
        config: {baseUrl: "{{demo}}"}
        variables: {apiKey: sv-998877}
        requests:
          echo:
            method: POST
            url: /anything/echo
            headers:
              Authorization: Bearer auth-tok-4455
              X-Note: "{{apiKey}}"
            body:
              json: {text: "<script>alert('pwned')</script>", note: "{{apiKey}}"}
            sensitive: ["{{apiKey}}"]
            expect:
              - status == 200
              - $.json.text contains "<script>"
              - $.json.note == "something else"
        """

    private func report(_ names: [String] = ["echo"], configure: (inout HeadlessRun) -> Void = { _ in }) async throws -> (RunCapture, String) {
        let file = temporaryDirectory("courier-report") + "/report.html"
        let run = await headlessRun(writeWorkspace(Self.workspace), names) {
            $0.reportPath = file
            configure(&$0)
        }
        return (run, try String(contentsOfFile: file, encoding: .utf8))
    }

    @Test func aScriptInABodyIsShownAsText() async throws {
        let (run, html) = try await report()
        #expect(run.status == 1, "the last check fails: \(run.output)")
        // The demo echoes the JSON body: its script is in the response excerpt and in a check.
        #expect(!html.contains("<script>alert"), "a server's markup must not become the page's")
        #expect(html.contains("&lt;script&gt;alert(&apos;pwned&apos;)&lt;/script&gt;"), "the body's text, escaped")
        #expect(html.components(separatedBy: "<script>").count - 1 == 1, "only the report's own script")
        #expect(html.contains("<code>$.json.text contains &quot;&lt;script&gt;&quot;</code>"))
    }

    @Test func anAuthorizationHeaderAndASensitiveValueAreRedacted() async throws {
        let (_, html) = try await report()
        for secret in ["auth-tok-4455", "sv-998877"] { #expect(!html.contains(secret), "\(secret)") }
        // Hidden where each was: the request's headers, the echoed body, the failed check's actual.
        #expect(html.contains("<tr><th>Authorization</th><td><code>‹redacted›</code></td></tr>"), "the request's Authorization header")
        #expect(html.contains("<tr><th>X-Note</th><td><code>‹redacted›</code></td></tr>"), "a header with the sensitive value")
        #expect(html.contains("&quot;Authorization&quot; : &quot;‹redacted›&quot;"), "the server's echo of the header, in the body")
        let failed = try #require(html.components(separatedBy: "<tr class=\"check check-failed\">").dropFirst().first)
        #expect(failed.contains("<td class=\"actual\"><code>&quot;‹redacted›&quot;</code>"), "\(failed.prefix(600))")
    }

    @Test func thePageIsSelfContained() async throws {
        let (_, html) = try await report()
        #expect(html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\""))
        for reference in ["<link", "src=\"http", "url(http", "@import", "src=\"//"] { #expect(!html.contains(reference), "\(reference)") }
        #expect(html.contains("@media (prefers-color-scheme: dark)"))
        // The content is there without the script: requests are <details>, the failed one open.
        #expect(html.contains("<details class=\"request outcome-failed\" id=\"request-1\" data-outcome=\"failed\" open>"))
    }

    @Test func theSummaryCountsRequestsAndChecks() async throws {
        let (_, html) = try await report()
        #expect(html.contains("<div class=\"card tone-bad\" id=\"summary-checks\"><div class=\"card-label\">Checks</div><div class=\"card-value\">2/3</div>"
            + "<div class=\"card-detail\">2 passed · 1 failed</div></div>"), "\(html)")
        #expect(html.contains("<dt>Environment</dt><dd><code>none</code></dd>"))
        #expect(html.contains("<span class=\"wf-total\">"), "the timings waterfall")
    }
}
