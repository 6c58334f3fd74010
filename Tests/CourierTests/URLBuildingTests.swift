@testable import Courier
import Testing

/// YTKNetwork's nine URL join cases, its URL filter test, and the canonical argument order.
@Suite struct URLBuildingTests {
    private func built(_ requestURL: String, base: String, filters: [any URLFilter] = []) -> String {
        var settings = NetworkSettings()
        settings.baseURL = base
        settings.urlFilters = filters
        return RequestBuilder.url(for: ConfigurableRequest(requestURL), settings: settings)
    }

    @Test("the nine join cases", arguments: [
        ("get", "http://www.example.com", "http://www.example.com/get"),
        ("/get", "http://www.example.com", "http://www.example.com/get"),
        ("get", "http://www.example.com/", "http://www.example.com/get"),
        ("get", "http://www.example.com/api", "http://www.example.com/api/get"),
        ("get", "http://www.example.com/api/", "http://www.example.com/api/get"),
        ("/get", "http://www.example.com/api", "http://www.example.com/get"),
        ("get?key=value", "http://www.example.com/api", "http://www.example.com/api/get?key=value"),
        ("../get", "http://www.example.com/api/v1", "http://www.example.com/api/get"),
        ("https://other.example.org/get", "http://www.example.com/api", "https://other.example.org/get"),
    ])
    func joinCase(requestURL: String, base: String, expected: String) {
        expectEqual(built(requestURL, base: base), expected)
    }

    @Test func requestBaseURLOverridesTheConfig() {
        var definition = ConfigurableRequest.Definition()
        definition.requestURL = "get"
        definition.baseURL = "http://api.example.com/v2"
        var settings = NetworkSettings()
        settings.baseURL = "http://www.example.com"
        expectEqual(RequestBuilder.url(for: ConfigurableRequest(definition), settings: settings), "http://api.example.com/v2/get")
    }

    @Test func cdnURLIsUsedWithUseCDN() {
        var definition = ConfigurableRequest.Definition()
        definition.requestURL = "image.png"
        definition.useCDN = true
        var settings = NetworkSettings()
        settings.baseURL = "http://www.example.com"
        settings.cdnURL = "http://cdn.example.com/static"
        expectEqual(RequestBuilder.url(for: ConfigurableRequest(definition), settings: settings), "http://cdn.example.com/static/image.png")
    }

    @Test func urlFilterAddsAQueryParameter() {
        let filter = QueryParametersFilter(["version": "1.0", "client": "courier"])
        #expect(built("get", base: "http://www.example.com", filters: [filter])
                == "http://www.example.com/get?client=courier&version=1.0")
        #expect(built("get?a=1", base: "http://www.example.com", filters: [filter])
                == "http://www.example.com/get?a=1&client=courier&version=1.0")
    }

    @Test func absoluteURLsSkipTheFilters() {
        let filter = QueryParametersFilter(["version": "1.0"])
        #expect(built("http://other.example.org/x", base: "http://www.example.com", filters: [filter])
                == "http://other.example.org/x")
    }

    @Test func pathPrefixFilterRewritesThePath() {
        let filter = PathPrefixFilter(replacing: "v1/", with: "v2/")
        expectEqual(built("v1/users", base: "http://www.example.com", filters: [filter]), "http://www.example.com/v2/users")
        expectEqual(built("other", base: "http://www.example.com", filters: [filter]), "http://www.example.com/other")
    }

    @Test func argumentsEncodeInCanonicalOrder() {
        let first: JSONValue = ["b": 2, "a": "x y", "c": ["nested": true, "list": [1, 2]]]
        let second: JSONValue = ["c": ["list": [1, 2], "nested": true], "a": "x y", "b": 2]
        let expected = "a=x%20y&b=2&c%5Blist%5D%5B%5D=1&c%5Blist%5D%5B%5D=2&c%5Bnested%5D=true"
        expectEqual(FormEncoding.encode(first), expected)
        expectEqual(FormEncoding.encode(second), expected)
    }

    @Test func reservedCharactersArePercentEncoded() {
        expectEqual(FormEncoding.encode(["q": "a&b=c+d/é"]), "q=a%26b%3Dc%2Bd/%C3%A9")
    }

    @Test func jsonBodiesHaveSortedKeys() throws {
        let value: JSONValue = ["zeta": 1, "alpha": ["b": false, "a": nil]]
        #expect(String(decoding: value.serialized(), as: UTF8.self) == #"{"alpha":{"a":null,"b":false},"zeta":1}"#)
    }
}

@Suite struct TimeoutClampTests {
    @Test func zeroOrNegativeMeansNoTimeoutAndHugeValuesAreClamped() {
        let year: Double = 365 * 24 * 3600
        expectEqual(RequestBuilder.timeoutInterval(0), year)
        expectEqual(RequestBuilder.timeoutInterval(-5), year)
        expectEqual(RequestBuilder.timeoutInterval(.infinity), year)
        expectEqual(RequestBuilder.timeoutInterval(1e300), year)
        expectEqual(RequestBuilder.timeoutInterval(0.0000001), 0.001)
        expectEqual(RequestBuilder.timeoutInterval(2.5), 2.5)
    }
}

@Suite struct URLPartsTests {
    @Test func readsSchemeAndHostWithoutAFullParse() {
        expectEqual(URLParts("https://example.org/a")?.scheme, "https")
        expectEqual(URLParts("HTTP://example.org")?.hasHost, true)
        #expect(URLParts("file:///etc/passwd").map { ($0.scheme, $0.hasHost) } ?? ("", true) == ("file", false))
        #expect(URLParts("get?next=http://evil.example") == nil, "a scheme cannot hold ? or =")
        #expect(URLParts("/relative/path") == nil)
        expectEqual(URLParts("http://exa mple.org/")?.hasHost, false)
        #expect(URLParts("http:/one-slash") == nil)
        #expect(URLParts("http:") == nil)
        #expect(URLParts("1http://example.org") == nil, "a scheme starts with a letter")
        expectEqual(URLParts("http://")?.hasHost, false)
        expectEqual(URLParts("http://host?q=1")?.hasHost, true)
        expectEqual(URLParts("svn+ssh.x-y://host")?.scheme, "svn+ssh.x-y")
        #expect(URLParts("héllo://host") == nil)
    }
}

/// Found by fuzzing the URL builder: a control character anywhere in a URL refuses it.
@Suite struct URLControlCharacterTests {
    @Test(arguments: ["http://ho\rst/x", "http://host/a\nb", "http://host/?q=\u{0}", "http://host/\t", "http://host/\u{7F}"])
    func aURLWithAControlCharacterIsNotSent(url: String) {
        #expect(throws: RequestError.self) { try ConfigurableRequest(url).preparedRequest() }
    }

    /// A relative URL is checked as written: joining it with the base would percent-encode
    /// the line break, and the request would go out.
    @Test(arguments: ["/anything/a\nb", "anything/\r", "/x?q=\u{1B}]52"])
    func aRelativeURLWithAControlCharacterIsNotSent(url: String) {
        let request = ConfigurableRequest(url)
        request.definition.baseURL = "http://127.0.0.1:9"
        #expect(throws: RequestError.self) { try request.preparedRequest() }
        do {
            _ = try request.preparedRequest()
        } catch {
            expectEqual(error.code, .badURL)
        }
    }
}
