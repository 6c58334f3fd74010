import Courier
import Foundation
import Testing

/// Any RFC 9110 token is a method: the type, and requests with OPTIONS, TRACE, QUERY,
/// PROPFIND and custom methods against the demo server and httpbin.
@Suite struct AnyMethodTests {
    @Test("a method is any token, compared case-sensitively; anything else is refused")
    func tokens() throws {
        expectEqual(HTTPMethod(rawValue: "PROPFIND"), .propfind)
        expectEqual(HTTPMethod(rawValue: "M-SEARCH")?.rawValue, "M-SEARCH")
        expectEqual(HTTPMethod(rawValue: "x!#$%&'*+-.^_`|~9")?.rawValue, "x!#$%&'*+-.^_`|~9")
        #expect(HTTPMethod(rawValue: "get") != .get)                       // RFC 9110: case-sensitive
        for bad in ["", "GE T", "GET\r\n", "A(B)", "GET/1", "MÉTHODE", "A:B", "A\"B"] {
            #expect(HTTPMethod(rawValue: bad) == nil, "\(bad)")
        }
        expectEqual(HTTPMethod(normalizing: "options"), .options)
        expectEqual(HTTPMethod(normalizing: "Purge")?.rawValue, "Purge")
        expectEqual(HTTPMethod(normalizing: "a b"), nil)
        expectEqual(HTTPMethod.common.map(\.rawValue), ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
        let decoded = try JSONDecoder().decode([HTTPMethod].self, from: Data(#"["QUERY","MKCOL"]"#.utf8))
        expectEqual(decoded, [.query, HTTPMethod("MKCOL")!])
        #expect(String(decoding: try JSONEncoder().encode(HTTPMethod.propfind), as: UTF8.self) == #""PROPFIND""#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HTTPMethod.self, from: Data(#""A B""#.utf8)) }
    }

    @Test("RFC 9110's idempotent methods (and PROPFIND, safe per RFC 4918) are retried; others not")
    func idempotenceAndArguments() {
        let idempotent: [HTTPMethod] = [.get, .head, .options, .trace, .put, .delete, .query, .propfind]
        let others: [HTTPMethod] = [.post, .patch, .connect, HTTPMethod("PURGE")!]
        expectEqual(idempotent.map(\.isIdempotent), Array(repeating: true, count: idempotent.count))
        expectEqual(others.map(\.isIdempotent), Array(repeating: false, count: others.count))
        expectEqual(RetryPolicy().retryableMethods, Set(idempotent))
        let inQuery: [HTTPMethod] = [.get, .head, .delete, .options, .trace]
        let inBody: [HTTPMethod] = [.post, .put, .patch, .query, .propfind, HTTPMethod("PURGE")!]
        expectEqual(inQuery.map(\.encodesArgumentsInQuery), Array(repeating: true, count: inQuery.count))
        expectEqual(inBody.map(\.encodesArgumentsInQuery), Array(repeating: false, count: inBody.count))
    }

    @Test("OPTIONS gets the demo server's CORS preflight answer with Allow")
    func optionsPreflight() async throws {
        try await withTestBed { bed in
            let request = bed.request("/cors", method: .options,
                                      headers: ["Origin": "https://app.example.org", "Access-Control-Request-Method": "POST",
                                                "Access-Control-Request-Headers": "Content-Type, X-Trace"]) { $0.responseSerializer = .auto }
            try await request.run()
            expectEqual(request.responseStatusCode, 204)
            expectEqual(request.response?.header("Allow"), "GET, POST, OPTIONS")
            expectEqual(request.response?.header("Access-Control-Allow-Origin"), "https://app.example.org")
            expectEqual(request.response?.header("Access-Control-Allow-Methods"), "GET, POST, OPTIONS")
            expectEqual(request.response?.header("Access-Control-Allow-Headers"), "Content-Type, X-Trace")
            let served = try await bed.server.requestLog()
            expectEqual(served.last?.method, "OPTIONS")
        }
    }

    @Test("PROPFIND and QUERY carry a body, TRACE and a custom method reach the server as written")
    func methodsWithAndWithoutBodies() async throws {
        try await withTestBed { bed in
            let propfind = bed.request("/anything/files", method: .propfind, headers: ["Depth": "1"]) {
                $0.rawBody = Data(#"<?xml version="1.0"?><propfind xmlns="DAV:"><allprop/></propfind>"#.utf8)
            }
            try await propfind.run()
            expectEqual(propfind.responseJSON?["method"], "PROPFIND")
            expectEqual(propfind.responseJSON?["data"]?.stringValue?.contains("<allprop/>"), true)
            expectEqual(propfind.responseJSON?["headers"]?["Depth"], "1")

            let query = bed.request("/anything/search", method: .query, arguments: ["q": "shoes", "limit": 5]) {
                $0.requestSerializer = .json
            }
            try await query.run()
            expectEqual(query.responseJSON?["method"], "QUERY")
            expectEqual(query.responseJSON?["json"]?["q"], "shoes")
            expectEqual(query.responseJSON?["args"], .object([:]))     // arguments in the body, not the query

            let trace = bed.request("/anything/trace", method: .trace, arguments: ["x": "1"])
            try await trace.run()
            expectEqual(trace.responseJSON?["method"], "TRACE")
            expectEqual(trace.responseJSON?["args"]?["x"], "1")
            expectEqual(trace.responseJSON?["data"], "")

            let purge = bed.request("/anything/cache", method: HTTPMethod("PURGE")!)
            try await purge.run()
            expectEqual(purge.responseJSON?["method"], "PURGE")

            // A handle that sent a custom method is reused for a GET without keeping it.
            let get = bed.request("/anything/cache")
            try await get.run()
            expectEqual(get.responseJSON?["method"], "GET")
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
        expectEqual(options.error, nil)
        expectEqual(options.response?.header("Allow")?.contains("OPTIONS"), true)
        #expect(options.response?.header("Access-Control-Allow-Methods") != nil)
        let trace = await send(.trace)
        expectEqual(trace.responseJSON?["method"], "TRACE")
        for method in [HTTPMethod.propfind, .query] {
            let request = await send(method, body: Data("{}".utf8))
            #expect(request.responseStatusCode == 405, "\(method)")    // httpbin's /anything lists its methods
            expectEqual(request.response?.header("Allow")?.contains("TRACE"), true)
        }
    }
}
