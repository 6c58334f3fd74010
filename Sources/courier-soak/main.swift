import Courier
import CourierDemoServer
import Foundation

/// `make soak`: 100,000 small GETs through one agent against a server on loopback, at most 64
/// started and unfinished at a time. `--base-url URL` names a server already running that
/// answers `GET /get` (`make soak` starts nginx for it, scripts/soak.py: /proc/self then
/// measures the client alone, and a debug-built server takes none of its CPU); without it the
/// demo server runs in this process. Resident memory, open file descriptors and
/// threads are read from /proc/self every 5,000 requests; the lowest of the last three
/// readings may be less than 10 % above the highest of the first 50,000 (warming up: the
/// thread pool grows to its working size lazily), for each; threads may also be up to two
/// more. Exits 1 when one is more.

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

/// The arguments: a count (100,000), and `--base-url URL` for a server already running.
struct SoakArguments {
    var total = 100_000
    var url: String?

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--base-url", let url = rest.popFirst() {
                self.url = url
            } else if let count = Int(argument), count > 0 {
                total = count
            } else {
                FileHandle.standardError.write(Data("usage: courier-soak [COUNT] [--base-url URL]\n".utf8))
                exit(2)
            }
        }
    }
}

let arguments = SoakArguments(Array(CommandLine.arguments.dropFirst()))
let total = arguments.total
let inFlight = 64
let server: DemoServer? = arguments.url == nil ? try await DemoServer.start() : nil
let config = NetworkConfig()
config.baseURL = arguments.url ?? server?.baseURL ?? ""
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
// Samples every 5,000 requests. The baseline is the highest of the first half's samples
// (libdispatch's pool grows to its working size lazily), the result the last ones.
let chunk = max(1, total / 20)
var failures = 0, sent = 0
var warm = Footprint(rssKiB: 0, descriptors: 0, threads: 0)
var lastThree: [Footprint] = []
while sent < total {
    let count = min(chunk, total - sent)
    failures += await send(count)
    sent += count
    let now = Footprint.now()
    lastThree = Array((lastThree + [now]).suffix(3))
    if sent <= total / 2 {
        warm = Footprint(rssKiB: max(warm.rssKiB, now.rssKiB), descriptors: max(warm.descriptors, now.descriptors),
                         threads: max(warm.threads, now.threads))
        if sent + chunk > total / 2 { print("after \(sent) requests (highest so far): \(warm)") }
    }
}
// The lowest of the last three readings: a leak stays, a thread the pool lends for a moment
// does not.
let end = Footprint(rssKiB: lastThree.map(\.rssKiB).min() ?? 0, descriptors: lastThree.map(\.descriptors).min() ?? 0,
                    threads: lastThree.map(\.threads).min() ?? 0)
let seconds = (clock.now - start) / .seconds(1)
print("after \(total) requests: \(end) — \(String(format: "%.1f", seconds)) s, \(failures) failed, table \(agent.records().count)")
await server?.stop()

func growth(_ from: Int, _ to: Int) -> Double { from > 0 ? Double(to - from) / Double(from) : 0 }
/// Each measure, its growth, and the most it may grow: 10 %, or for threads two threads
/// (libdispatch lends and takes back a worker or two at any time; a leak would be thousands).
let checks: [(String, Double, Bool)] = [
    ("RSS", growth(warm.rssKiB, end.rssKiB), growth(warm.rssKiB, end.rssKiB) < 0.10),
    ("descriptors", growth(warm.descriptors, end.descriptors), growth(warm.descriptors, end.descriptors) < 0.10),
    ("threads", growth(warm.threads, end.threads), growth(warm.threads, end.threads) < 0.10 || end.threads - warm.threads <= 2),
]
var flat = failures == 0 && agent.records().isEmpty
for (name, change, within) in checks {
    print("\(name): \(String(format: "%+.1f", change * 100)) %\(within ? "" : " — too much")")
    if !within { flat = false }
}
print(flat ? "soak: flat" : "soak: NOT flat (or requests failed)")
exit(flat ? 0 : 1)
