import Courier
import Foundation
import Testing

/// The seven typed cache errors with YTKNetwork's codes, and the order the checks run in.
@Suite struct CacheErrorTests {
    /// The error `loadCache()` throws, or nil when it loads.
    private func loadError(_ request: CachedRequest) -> CacheError? {
        do throws(CacheError) {
            try request.loadCache()
            return nil
        } catch {
            return error
        }
    }

    @Test func codesAreYTKNetworks() {
        let codes: [CacheError.Code] = [.expired, .versionMismatch, .sensitiveDataMismatch, .appVersionMismatch,
                                        .invalidCacheTime, .invalidMetadata, .invalidCacheData]
        expectEqual(codes.map(\.rawValue), [-1, -2, -3, -4, -5, -6, -7])
        expectEqual(CacheError.domain, "caching")
    }

    @Test func invalidCacheTime() async throws {
        try await withCacheBed { bed in
            try await bed.request("/get").run()
            let error = loadError(bed.request("/get") { $0.cacheTime = -1 })
            expectEqual(error?.code, .invalidCacheTime)
            expectEqual(error?.message.contains("-1 s"), true)
        }
    }

    @Test func invalidMetadata() async throws {
        try await withCacheBed { bed in
            expectEqual(loadError(bed.request("/get"))?.code, .invalidMetadata)
            let request = bed.request("/get")
            try await request.run()
            try Data("{ not json".utf8).write(to: URL(fileURLWithPath: bed.directory + "/\(request.cacheIdentity.name).metadata"))
            let error = loadError(request)
            expectEqual(error?.code, .invalidMetadata)
            expectEqual(error?.message.contains("unreadable"), true)
        }
    }

    @Test func expired() async throws {
        try await withCacheBed { bed in
            let request = bed.request("/get")
            try await request.run()
            try bed.rewriteMetadata(request.cacheIdentity.name) { $0["creationDate"] = "2001-01-01T00:00:00.000Z" }
            expectEqual(loadError(request)?.code, .expired)
            try bed.rewriteMetadata(request.cacheIdentity.name) { $0["creationDate"] = "2999-01-01T00:00:00.000Z" }
            let future = loadError(request)
            expectEqual(future?.code, .expired)
            expectEqual(future?.message.contains("future"), true)
        }
    }

    @Test func versionMismatch() async throws {
        try await withCacheBed { bed in
            try await bed.request("/get") { $0.version = 3 }.run()
            #expect(loadError(bed.request("/get") { $0.version = 4 })?.code == .versionMismatch)
            #expect(loadError(bed.request("/get") { $0.version = 3 }) == nil)
        }
    }

    @Test func sensitiveDataMismatch() async throws {
        try await withCacheBed { bed in
            try await bed.request("/get") { $0.sensitiveData = ["user": 1] }.run()
            #expect(loadError(bed.request("/get") { $0.sensitiveData = ["user": 2] })?.code == .sensitiveDataMismatch)
            expectEqual(loadError(bed.request("/get"))?.code, .sensitiveDataMismatch)
            #expect(loadError(bed.request("/get") { $0.sensitiveData = ["user": 1] }) == nil)
        }
    }

    @Test func appVersionMismatch() async throws {
        try await withCacheBed { bed in
            bed.bed.config.appVersion = "1.0"
            try await bed.request("/get").run()
            bed.bed.config.appVersion = "2.0"
            let error = loadError(bed.request("/get"))
            expectEqual(error?.code, .appVersionMismatch)
            expectEqual(error?.message.contains("1.0"), true)
        }
    }

    @Test func invalidCacheData() async throws {
        try await withCacheBed { bed in
            let raw = bed.request("/bytes/64") { $0.serializer = .raw }
            try await raw.run()
            expectEqual(loadError(raw), nil)
            let json = bed.request("/bytes/64")
            let unparsable = loadError(json)
            expectEqual(unparsable?.code, .invalidCacheData)
            expectEqual(unparsable?.message.contains("JSON"), true)

            try FileManager.default.removeItem(atPath: bed.directory + "/\(raw.cacheIdentity.name)")
            let missing = loadError(raw)
            expectEqual(missing?.code, .invalidCacheData)
            expectEqual(missing?.message.contains("missing"), true)
        }
    }

    /// An entry wrong in every way reports the first failing check; fixing each in turn
    /// reveals the next, in YTKNetwork's order.
    @Test func checksRunInYTKNetworksOrder() async throws {
        try await withCacheBed { bed in
            bed.bed.config.appVersion = "1.0"
            let writer = bed.request("/get")
            try await writer.run()
            let name = writer.cacheIdentity.name
            let dataPath = bed.directory + "/" + name
            let metadataPath = dataPath + ".metadata"
            let originalMetadata = try Data(contentsOf: URL(fileURLWithPath: metadataPath))
            try FileManager.default.moveItem(atPath: dataPath, toPath: dataPath + ".aside")
            try FileManager.default.moveItem(atPath: metadataPath, toPath: metadataPath + ".aside")
            bed.bed.config.appVersion = "2.0"
            let request = bed.request("/get") {
                $0.cacheTime = -1
                $0.version = 1
                $0.sensitiveData = "other"
            }
            var codes: [CacheError.Code?] = [loadError(request)?.code]
            request.update { $0.cacheTime = 60 }
            codes.append(loadError(request)?.code)
            try FileManager.default.moveItem(atPath: metadataPath + ".aside", toPath: metadataPath)
            try bed.rewriteMetadata(name) { $0["creationDate"] = "2001-01-01T00:00:00.000Z" }
            codes.append(loadError(request)?.code)
            try originalMetadata.write(to: URL(fileURLWithPath: metadataPath))
            codes.append(loadError(request)?.code)
            request.update { $0.version = 0 }
            codes.append(loadError(request)?.code)
            request.update { $0.sensitiveData = nil }
            codes.append(loadError(request)?.code)
            bed.bed.config.appVersion = "1.0"
            codes.append(loadError(request)?.code)
            try FileManager.default.moveItem(atPath: dataPath + ".aside", toPath: dataPath)
            codes.append(loadError(request)?.code)
            #expect(codes == [.invalidCacheTime, .invalidMetadata, .expired, .versionMismatch, .sensitiveDataMismatch,
                              .appVersionMismatch, .invalidCacheData, nil])
        }
    }
}
