import Foundation
import Testing
@testable import Courier

/// Every overridable reads one `RequestSettings` value unless a subclass overrides it (#42
/// item 3): a setting is declared once, and YTK-style overrides keep working beside it.
@Suite struct RequestSettingsTests {
    private final class SlowReport: Request, @unchecked Sendable {
        override init() {
            super.init()
            requestSettings.requestURL = "/delay/2"
            requestSettings.timeoutInterval = 5
        }
    }

    private final class Overridden: CachedRequest, @unchecked Sendable {
        override var timeoutInterval: TimeInterval { 7 }
        override var cacheTimeInSeconds: Int { 600 }
    }

    @Test func aSubclassThatSetsTheValueIsBuiltWithIt() throws {
        let request = SlowReport()
        expectEqual(request.requestURL, "/delay/2")
        expectEqual(request.timeoutInterval, 5)
        let config = NetworkConfig()
        config.update { $0.baseURL = "http://127.0.0.1:9" }
        let prepared = try RequestBuilder.prepare(request, snapshot: config.snapshot)
        expectEqual(prepared.url, "http://127.0.0.1:9/delay/2")
        expectEqual(prepared.timeoutInterval, 5)
    }

    @Test func anOverrideWinsOverTheSetting() {
        let request = Overridden()
        request.requestSettings.timeoutInterval = 30
        request.requestSettings.cacheTimeInSeconds = 5
        expectEqual(request.timeoutInterval, 7)
        expectEqual(request.cacheTimeInSeconds, 600)
        #expect(request.cacheVersion == 0, "what is neither set nor overridden keeps its default")
    }

    @Test func theDefaultsAreTheSettingsDefaults() {
        let request = Request()
        let defaults = RequestSettings()
        #expect(request.timeoutInterval == defaults.timeoutInterval && defaults.timeoutInterval == 60)
        #expect(request.method == .get && request.sendsCookies && !request.discardsResponseBody)
        #expect(request.isValidStatusCode(204) && !request.isValidStatusCode(304))
        request.requestSettings.acceptableStatusCodes = [304]
        #expect(request.isValidStatusCode(304) && !request.isValidStatusCode(204))
    }

    @Test func aConfigurableRequestsDefinitionIsItsSettings() {
        let request = ConfigurableRequest("/post", method: .post)
        expectEqual(request.requestSettings.method, .post)
        request.requestSettings.requestURL = "/put"
        #expect(request.definition.requestURL == "/put" && request.requestURL == "/put")
    }
}
