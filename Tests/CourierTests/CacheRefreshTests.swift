import Courier
import Foundation
import Synchronization
import Testing

/// The deliberate differences from YTKNetwork: a hit fires accessories, and cache-then-refresh
/// delivers the cached value first and the network value after.
@Suite struct CacheRefreshTests {
    @Test func aHitFiresAccessoriesWithIsDataFromCache() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            try await bed.request(counter.path).run()
            let request = bed.request(counter.path)
            let accessory = CacheAccessoryLog()
            let log = EventLog()
            request.addAccessory(accessory)
            request.delegate = log
            try await request.run()
            expectEqual(accessory.events, ["willStart:cache", "willStop:cache", "didStop:cache"])
            expectEqual(log.events, ["delegate.finished"])
            expectEqual(try await bed.bed.counterValue(counter.name), 1)
        }
    }

    @Test func aMissFiresAccessoriesForTheNetworkRun() async throws {
        try await withCacheBed { bed in
            let request = bed.request("/get")
            let accessory = CacheAccessoryLog()
            request.addAccessory(accessory)
            try await request.run()
            expectEqual(accessory.events, ["willStart:network", "willStop:network", "didStop:network"])
        }
    }

    @Test func cacheThenRefreshCallsSuccessTwiceInOrder() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            try await bed.request(counter.path).run()
            let request = bed.request(counter.path)
            let accessory = CacheAccessoryLog()
            request.addAccessory(accessory)
            let log = EventLog()
            request.startCacheThenRefresh(success: { request in
                log.record("success:\(request.isDataFromCache ? "cache" : "network"):\(request.responseJSON?["count"] ?? .null)")
            }, failure: { _ in log.record("failure") })
            await log.waitForEvents(2)
            await accessory.waitForEvents(6)
            expectEqual(log.events, ["success:cache:1", "success:network:2"])
            #expect(accessory.events == ["willStart:cache", "willStop:cache", "didStop:cache",
                                         "willStart:network", "willStop:network", "didStop:network"])
            #expect(try bed.request(counter.path).loadCache().bodySize > 0)
            let reader = bed.request(counter.path)
            try reader.loadCache()
            #expect(reader.responseJSON?["count"] == 2, "the refresh was written to the cache")
        }
    }

    @Test func streamYieldsCachedThenFresh() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            try await bed.request(counter.path).run()
            var deliveries: [CacheDelivery] = []
            for try await delivery in bed.request(counter.path).runCacheThenRefresh() {
                deliveries.append(delivery)
            }
            expectEqual(deliveries.map(\.isDataFromCache), [true, false])
            #expect(deliveries.map { $0.json?["count"] } == [1, 2])
            expectEqual(deliveries.map(\.statusCode), [200, 200])
            #expect(deliveries.first?.metadata != nil && deliveries.last?.metadata == nil)
        }
    }

    @Test func streamWithoutAnEntryYieldsOnlyTheNetworkValue() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            var deliveries: [CacheDelivery] = []
            for try await delivery in bed.request(counter.path).runCacheThenRefresh() {
                deliveries.append(delivery)
            }
            expectEqual(deliveries.map(\.isDataFromCache), [false])
            expectEqual(deliveries.first?.json?["count"], 1)
        }
    }

    @Test func aFailedRefreshFollowsTheCachedValue() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            try await bed.request(counter.path).run()
            let withoutFail: @Sendable (JSONValue?) -> JSONValue? = { _ in nil }
            let failing = bed.request(counter.path) {
                $0.arguments = ["fail": 5]
                $0.argumentFilter = withoutFail
            }
            var cached: [Int?] = []
            do {
                for try await delivery in failing.runCacheThenRefresh() {
                    cached.append(delivery.json?["count"]?.intValue)
                }
                Issue.record("the refresh should have failed")
            } catch let error as RequestError {
                expectEqual(error.code, .invalidStatusCode)
            }
            expectEqual(cached, [1])
            let reader = bed.request(counter.path)
            try reader.loadCache()
            #expect(reader.responseJSON?["count"] == 1, "a failed refresh leaves the entry alone")
        }
    }
}
