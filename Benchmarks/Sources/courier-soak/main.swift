import Courier
import CourierDemoServer
import Foundation

/// `make soak`: 100,000 small GETs through one agent against the demo server on loopback,
/// at most 64 started and unfinished at a time. Resident memory, open file descriptors and
/// threads are read from /proc/self after 20,000 requests (warmed up) and at the end; each
/// may grow by less than 10 %. Exits 1 when one grows more.

/// What /proc says about this process now.
struct Footprint: CustomStringConvertible {
    var rssKiB: Int
    var descriptors: Int
    var threads: Int

    static func now() -> Footprint {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { Int($0.split(whereSeparator: \.isWhitespace)[1]) } ?? -1
        }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        return Footprint(rssKiB: field("VmRSS"), descriptors: descriptors, threads: field("Threads"))
    }

    var description: String { "RSS \(rssKiB / 1024) MiB, \(descriptors) descriptors, \(threads) threads" }
}

let total = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 100_000
let inFlight = 64
let server = try await DemoServer.start()
let config = NetworkConfig()
config.baseURL = server.baseURL
config.proxy = .none
let agent = NetworkAgent(config: config)

/// Sends `count` GETs, keeping `inFlight` started; returns how many failed.
func send(_ count: Int) async -> Int {
    await withTaskGroup(of: Bool.self) { group in
        var started = 0, failures = 0
        func next() {
            let request = ConfigurableRequest("/get", arguments: ["n": .int(started)])
            request.agent = agent
            group.addTask { (try? await request.run()) != nil }
            started += 1
        }
        while started < min(inFlight, count) { next() }
        for await ok in group {
            if !ok { failures += 1 }
            if started < count { next() }
        }
        return failures
    }
}

let clock = ContinuousClock()
let start = clock.now
var failures = await send(total / 5)
let warm = Footprint.now()
print("after \(total / 5) requests: \(warm)")
failures += await send(total - total / 5)
let end = Footprint.now()
let seconds = (clock.now - start) / .seconds(1)
print("after \(total) requests: \(end) — \(String(format: "%.1f", seconds)) s, \(failures) failed, table \(agent.records().count)")
await server.stop()

func growth(_ from: Int, _ to: Int) -> Double { from > 0 ? Double(to - from) / Double(from) : 0 }
let checks = [("RSS", growth(warm.rssKiB, end.rssKiB)), ("descriptors", growth(warm.descriptors, end.descriptors)),
              ("threads", growth(warm.threads, end.threads))]
var flat = failures == 0 && agent.records().isEmpty
for (name, change) in checks {
    print("\(name): \(String(format: "%+.1f", change * 100)) %")
    if change >= 0.10 { flat = false }
}
print(flat ? "soak: flat" : "soak: NOT flat (or requests failed)")
exit(flat ? 0 : 1)
