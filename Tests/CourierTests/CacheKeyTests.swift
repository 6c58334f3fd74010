import Courier
import Foundation
import Testing

/// Entry names: deterministic across runs and argument orders (YTKNetwork #484 fixed), and
/// shaped by the argument filter.
@Suite struct CacheKeyTests {
    @Test func nameIsAPrecomputedDigestOfTheCanonicalIdentity() throws {
        let identity = CacheIdentity(method: "GET", baseURL: "http://127.0.0.1:8080", requestURL: "/users",
                                     arguments: ["q": "swift", "page": 2])
        #expect(identity.canonicalText
                == #"{"arguments":{"page":2,"q":"swift"},"baseURL":"http://127.0.0.1:8080","method":"GET","requestURL":"/users"}"#)
        // `printf '%s' "<canonical text>" | sha256sum`, computed once outside Swift: the same in every process.
        expectEqual(identity.name, "4d28c0f2c180115b8868983a236b5c9fc3a4eea3a82bf97a0c9b586d19f22b10")
        let bare = CacheIdentity(method: "POST", baseURL: "", requestURL: "https://example.com/a/b", arguments: nil)
        expectEqual(bare.name, "00284fb4731108cf2ad3eb4ec40fa94909e6f031712eca167de4975620031c8b")
    }

    @Test func argumentOrderDoesNotMatter() throws {
        let forward = try JSONValue(parsing: Data(#"{"a":1,"b":{"x":[1,2],"y":"z"},"c":null}"#.utf8))
        let backward = try JSONValue(parsing: Data(#"{"c":null,"b":{"y":"z","x":[1,2]},"a":1}"#.utf8))
        let first = CacheIdentity(method: "GET", baseURL: "http://h", requestURL: "/p", arguments: forward)
        let second = CacheIdentity(method: "GET", baseURL: "http://h", requestURL: "/p", arguments: backward)
        expectEqual(first.name, second.name)
        let reordered = CacheIdentity(method: "GET", baseURL: "http://h", requestURL: "/p",
                                      arguments: ["b": ["x": [2, 1], "y": "z"], "a": 1, "c": nil])
        #expect(reordered.name != first.name, "array order is data, not presentation")
    }

    @Test func everyPartOfTheIdentityCounts() {
        let base = CacheIdentity(method: "GET", baseURL: "http://h", requestURL: "/p", arguments: ["a": 1])
        var names: Set<String> = [base.name]
        for change in [\CacheIdentity.method, \CacheIdentity.baseURL, \CacheIdentity.requestURL] {
            var changed = base
            changed[keyPath: change] += "x"
            names.insert(changed.name)
        }
        var noArguments = base
        noArguments.arguments = nil
        names.insert(noArguments.name)
        var stringArgument = base
        stringArgument.arguments = ["a": "1"]
        names.insert(stringArgument.name)
        expectEqual(names.count, 6)
        #expect(names.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) && $0 == $0.lowercased() })
    }

    @Test func requestsWithReorderedArgumentsShareAnEntry() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            let first = bed.request(counter.path) { $0.arguments = ["alpha": 1, "beta": ["x": true, "y": false]] }
            try await first.run()
            let beta = try JSONValue(parsing: Data(#"{"y":false,"x":true}"#.utf8))
            let second = bed.request(counter.path) { $0.arguments = .object(["beta": beta, "alpha": 1]) }
            expectEqual(second.cacheIdentity.name, first.cacheIdentity.name)
            try await second.run()
            #expect(second.isDataFromCache)
            expectEqual(try await bed.bed.counterValue(counter.name), 1)
        }
    }

    @Test func argumentFilterShapesTheName() async throws {
        try await withCacheBed { bed in
            let dropTimestamp: @Sendable (JSONValue?) -> JSONValue? = { arguments in
                guard case .object(var members)? = arguments else { return arguments }
                members["ts"] = nil
                return .object(members)
            }
            let counter = bed.counterPath()
            let first = bed.request(counter.path) {
                $0.arguments = ["id": 7, "ts": 1000]
                $0.argumentFilter = dropTimestamp
            }
            try await first.run()
            let later = bed.request(counter.path) {
                $0.arguments = ["id": 7, "ts": 2000]
                $0.argumentFilter = dropTimestamp
            }
            expectEqual(later.cacheIdentity.arguments, ["id": 7])
            try await later.run()
            #expect(later.isDataFromCache)
            let unfiltered = bed.request(counter.path) { $0.arguments = ["id": 7, "ts": 2000] }
            #expect(unfiltered.cacheIdentity.name != later.cacheIdentity.name)
        }
    }

    @Test func identityUsesTheConfigBaseURLUnlessTheRequestSetsOne() async throws {
        try await withCacheBed { bed in
            let plain = bed.request("/get")
            expectEqual(plain.cacheIdentity.baseURL, bed.bed.server.baseURL)
            let own = bed.request("/get") { $0.baseURL = "http://elsewhere.invalid" }
            expectEqual(own.cacheIdentity.baseURL, "http://elsewhere.invalid")
            #expect(own.cacheIdentity.name != plain.cacheIdentity.name)
        }
    }
}
