import Courier
import Foundation
import Testing

/// `ResponseSerializer.auto`: any response is read by what its content type says, and only
/// a request that asks for a serializer fails on a content type. Against the demo server and
/// httpbin.
@Suite struct AutoResponseTests {
    @Test("auto: an HTML page, a PNG and plain text are successes kept as text or bytes")
    func anyContentTypeSucceeds() async throws {
        try await withTestBed { bed in
            for (path, mimeType) in [("/html", "text/html"), ("/image/png", "image/png"), ("/robots.txt", "text/plain")] {
                let request = bed.request(path) { $0.responseSerializer = .auto }
                try await request.run()
                #expect(request.error == nil, "\(path): \(String(describing: request.error))")
                expectEqual(request.response?.mimeType, mimeType)
                expectEqual(request.responseJSON, nil)
                expectEqual(request.responseWarning, nil)
                expectEqual(request.responseData?.isEmpty, false)
            }
            let png = bed.request("/image/png") { $0.responseSerializer = .auto }
            try await png.run()
            expectEqual(png.responseData?.prefix(8), Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        }
    }

    @Test("the engine's default stays YTK's JSON: an HTML page fails its content type")
    func engineDefaultIsJSON() async throws {
        try await withTestBed { bed in
            let request = bed.request("/html")
            expectEqual(request.responseSerializer, .json)
            await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(request.error?.code, .unacceptableContentType)
        }
    }

    @Test("auto parses JSON and XML by content type")
    func jsonAndXMLAreParsed() async throws {
        try await withTestBed { bed in
            let json = bed.request("/json") { $0.responseSerializer = .auto }
            try await json.run()
            #expect(json.responseJSON?["slideshow"]?["title"] != nil)
            let xml = bed.request("/xml") { $0.responseSerializer = .auto }
            try await xml.run()
            expectEqual(xml.responseXML?.rootElement()?.name, "slideshow")
            expectEqual(xml.responseJSON, nil)
            let html = bed.request("/html") { $0.responseSerializer = .auto }
            try await html.run()
            expectEqual(html.responseXML, nil)      // HTML is text, not XML
        }
    }

    @Test("auto: a JSON content type over a broken body is kept as text with a warning; json fails")
    func brokenJSONIsAWarningUnderAuto() async throws {
        try await withTestBed { bed in
            let auto = bed.request("/malformed-json") { $0.responseSerializer = .auto }
            try await auto.run()
            expectEqual(auto.error, nil)
            expectEqual(auto.responseJSON, nil)
            #expect(auto.responseString?.hasPrefix("{\"items\"") == true)
            let warning = try #require(auto.responseWarning)
            #expect(warning.contains("not valid JSON") && warning.contains("application/json") && warning.contains("Invalid JSON at byte"))

            let strict = bed.request("/malformed-json") { $0.responseSerializer = .json }
            await #expect(throws: RequestError.self) { try await strict.run() }
            expectEqual(strict.error?.code, .cannotParseResponse)
            expectEqual(strict.responseWarning, nil)
        }
    }

    @Test("auto with the request's own content types still refuses others; a JSON template needs JSON")
    func askedForTypesStillFail() async throws {
        try await withTestBed { bed in
            let accept = bed.request("/html") {
                $0.responseSerializer = .auto
                $0.acceptableContentTypes = ["application/json"]
            }
            await #expect(throws: RequestError.self) { try await accept.run() }
            expectEqual(accept.error?.code, .unacceptableContentType)

            let template = bed.request("/html") {
                $0.responseSerializer = .auto
                $0.jsonValidator = .object(["title": .string])
            }
            await #expect(throws: RequestError.self) { try await template.run() }
            expectEqual(template.error?.code, .invalidJSONFormat)
            expectEqual(template.error?.message.contains("not JSON (text/html)"), true)
        }
    }

    @Test("a cached response replays under auto as it was read: a PNG as bytes, broken JSON with its warning")
    func cacheReplaysTheSameWay() async throws {
        try await withCacheBed { bed in
            for path in ["/image/png", "/malformed-json", "/json"] {
                let network = bed.request(path) { $0.serializer = .auto }
                try await network.run()
                let cached = bed.request(path) { $0.serializer = .auto }
                try await cached.run()
                #expect(cached.isDataFromCache, "\(path)")
                expectEqual(cached.error, nil)
                expectEqual(cached.responseData, network.responseData)
                expectEqual(cached.responseWarning, network.responseWarning)
                expectEqual(cached.responseJSON, network.responseJSON)
            }
            let broken = bed.request("/malformed-json") { $0.serializer = .auto }
            try await broken.run()
            #expect(broken.isDataFromCache && broken.responseWarning != nil)
        }
    }

    @Test("httpbin: /html, /image/png and /robots.txt succeed under auto; /json is parsed")
    func httpbinResponsesOfAnyType() async throws {
        let server = try await HTTPBinServer.required()
        defer { server.stop() }
        let agent = HTTPBinServer.agent()
        for path in ["/html", "/image/png", "/robots.txt", "/json"] {
            let request = server.request(path, agent: agent) { $0.responseSerializer = .auto }
            try await request.run()
            #expect(request.error == nil, "\(path): \(String(describing: request.error))")
            expectEqual(request.responseWarning, nil)
            #expect((request.responseJSON != nil) == (path == "/json"), "\(path)")
        }
        let strict = server.request("/html", agent: agent)
        await #expect(throws: RequestError.self) { try await strict.run() }
    }
}
