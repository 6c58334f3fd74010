import Courier
import Foundation
import Testing

/// Any RFC 9110 token is a method: the type, and requests with OPTIONS, TRACE, QUERY,
/// PROPFIND and custom methods against the demo server and httpbin.
@Suite struct AnyMethodTests {
    @Test("a method is any token, compared case-sensitively; anything else is refused")
    func tokens() throws {
        #expect(HTTPMethod(rawValue: "PROPFIND") == .propfind)
        #expect(HTTPMethod(rawValue: "M-SEARCH")?.rawValue == "M-SEARCH")
        #expect(HTTPMethod(rawValue: "x!#$%&'*+-.^_`|~9")?.rawValue == "x!#$%&'*+-.^_`|~9")
        #expect(HTTPMethod(rawValue: "get") != .get)                       // RFC 9110: case-sensitive
        for bad in ["", "GE T", "GET\r\n", "A(B)", "GET/1", "MÉTHODE", "A:B", "A\"B"] {
            #expect(HTTPMethod(rawValue: bad) == nil, "\(bad)")
        }
        #expect(HTTPMethod(normalizing: "options") == .options)
        #expect(HTTPMethod(normalizing: "Purge")?.rawValue == "Purge")
        #expect(HTTPMethod(normalizing: "a b") == nil)
        #expect(HTTPMethod.common.map(\.rawValue) == ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
        let decoded = try JSONDecoder().decode([HTTPMethod].self, from: Data(#"["QUERY","MKCOL"]"#.utf8))
        #expect(decoded == [.query, HTTPMethod("MKCOL")!])
        #expect(String(decoding: try JSONEncoder().encode(HTTPMethod.propfind), as: UTF8.self) == #""PROPFIND""#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HTTPMethod.self, from: Data(#""A B""#.utf8)) }
    }

    @Test("RFC 9110's idempotent methods (and PROPFIND, safe per RFC 4918) are retried; others not")
    func idempotenceAndArguments() {
        let idempotent: [HTTPMethod] = [.get, .head, .options, .trace, .put, .delete, .query, .propfind]
        let others: [HTTPMethod] = [.post, .patch, .connect, HTTPMethod("PURGE")!]
        #expect(idempotent.map(\.isIdempotent) == Array(repeating: true, count: idempotent.count))
        #expect(others.map(\.isIdempotent) == Array(repeating: false, count: others.count))
        #expect(RetryPolicy().retryableMethods == Set(idempotent))
        let inQuery: [HTTPMethod] = [.get, .head, .delete, .options, .trace]
        let inBody: [HTTPMethod] = [.post, .put, .patch, .query, .propfind, HTTPMethod("PURGE")!]
        #expect(inQuery.map(\.encodesArgumentsInQuery) == Array(repeating: true, count: inQuery.count))
        #expect(inBody.map(\.encodesArgumentsInQuery) == Array(repeating: false, count: inBody.count))
    }

    @Test("OPTIONS gets the demo server's CORS preflight answer with Allow")
    func optionsPreflight() async throws {
        try await withTestBed { bed in
            let request = bed.request("/cors", method: .options,
                                      headers: ["Origin": "https://app.example.org", "Access-Control-Request-Method": "POST",
                                                "Access-Control-Request-Headers": "Content-Type, X-Trace"]) { $0.responseSerializer = .auto }
            try await request.run()
            #expect(request.responseStatusCode == 204)
            #expect(request.response?.header("Allow") == "GET, POST, OPTIONS")
            #expect(request.response?.header("Access-Control-Allow-Origin") == "https://app.example.org")
            #expect(request.response?.header("Access-Control-Allow-Methods") == "GET, POST, OPTIONS")
            #expect(request.response?.header("Access-Control-Allow-Headers") == "Content-Type, X-Trace")
            let served = try await bed.server.requestLog()
            #expect(served.last?.method == "OPTIONS")
        }
    }

    @Test("PROPFIND and QUERY carry a body, TRACE and a custom method reach the server as written")
    func methodsWithAndWithoutBodies() async throws {
        try await withTestBed { bed in
            let propfind = bed.request("/anything/files", method: .propfind, headers: ["Depth": "1"]) {
                $0.rawBody = Data(#"<?xml version="1.0"?><propfind xmlns="DAV:"><allprop/></propfind>"#.utf8)
            }
            try await propfind.run()
            #expect(propfind.responseJSON?["method"] == "PROPFIND")
            #expect(propfind.responseJSON?["data"]?.stringValue?.contains("<allprop/>") == true)
            #expect(propfind.responseJSON?["headers"]?["Depth"] == "1")

            let query = bed.request("/anything/search", method: .query, arguments: ["q": "shoes", "limit": 5]) {
                $0.requestSerializer = .json
            }
            try await query.run()
            #expect(query.responseJSON?["method"] == "QUERY")
            #expect(query.responseJSON?["json"]?["q"] == "shoes")
            #expect(query.responseJSON?["args"] == .object([:]))     // arguments in the body, not the query

            let trace = bed.request("/anything/trace", method: .trace, arguments: ["x": "1"])
            try await trace.run()
            #expect(trace.responseJSON?["method"] == "TRACE")
            #expect(trace.responseJSON?["args"]?["x"] == "1")
            #expect(trace.responseJSON?["data"] == "")

            let purge = bed.request("/anything/cache", method: HTTPMethod("PURGE")!)
            try await purge.run()
            #expect(purge.responseJSON?["method"] == "PURGE")

            // A handle that sent a custom method is reused for a GET without keeping it.
            let get = bed.request("/anything/cache")
            try await get.run()
            #expect(get.responseJSON?["method"] == "GET")
        }
    }

    @Test("httpbin: OPTIONS answers Allow, TRACE is echoed, PROPFIND and QUERY reach it (405 with Allow)")
    func httpbinMethods() async throws {
        let server = try await HTTPBinServer.required()
        defer { server.stop() }
        let agent = HTTPBinServer.agent()
        func send(_ method: HTTPMethod, body: Data? = nil) async -> ConfigurableRequest {
            let request = server.request("/anything", method: method, agent: agent) {
                $0.responseSerializer = .auto
                $0.rawBody = body
            }
            try? await request.run()
            return request
        }
        let options = await send(.options)
        #expect(options.error == nil)
        #expect(options.response?.header("Allow")?.contains("OPTIONS") == true)
        #expect(options.response?.header("Access-Control-Allow-Methods") != nil)
        let trace = await send(.trace)
        #expect(trace.responseJSON?["method"] == "TRACE")
        for method in [HTTPMethod.propfind, .query] {
            let request = await send(method, body: Data("{}".utf8))
            #expect(request.responseStatusCode == 405, "\(method)")    // httpbin's /anything lists its methods
            #expect(request.response?.header("Allow")?.contains("TRACE") == true)
        }
    }
}
