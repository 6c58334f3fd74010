import Foundation

/// Wall clock, CPU and peak resident memory of a measured region in this process.
struct Measurement: Codable {
    var wall = 0.0
    var user = 0.0
    var sys = 0.0
    var rssKiB = 0
    var requests = 0
    var failed = 0
    var bytes: Int64 = 0
    var connections = -1
    /// Workload-specific figures (latency percentiles, overheads).
    var extra: [String: Double] = [:]
    var note: String?

    var cpu: Double { user + sys }
}

enum Clock {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func cpu() -> (user: Double, sys: Double) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }

    static func peakRSSKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }

    static func currentRSSKiB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }
}

/// Runs `body` and fills in wall, CPU and peak RSS around it.
func measure(_ body: (inout Measurement) throws -> Void) rethrows -> Measurement {
    var result = Measurement()
    let start = MeasurementStart()
    try body(&result)
    start.finish(&result)
    return result
}

func measureAsync(_ body: (inout Measurement) async throws -> Void) async rethrows -> Measurement {
    var result = Measurement()
    let start = MeasurementStart()
    try await body(&result)
    start.finish(&result)
    return result
}

/// The clocks when a measurement began.
struct MeasurementStart {
    let cpu = Clock.cpu(), wall = Clock.now()

    func finish(_ result: inout Measurement) {
        let wallEnd = Clock.now(), cpuEnd = Clock.cpu()
        result.wall = wallEnd - wall
        result.user = cpuEnd.user - cpu.user
        result.sys = cpuEnd.sys - cpu.sys
        result.rssKiB = Clock.peakRSSKiB()
    }
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

/// A small lock-protected counter set shared by completion handlers.
final class Tally: @unchecked Sendable {
    /// False for clients that cannot tell new connections from reused ones.
    var countsConnections = false
    private let lock = NSLock()
    private var completed = 0, failed = 0, connections = 0
    private var bytes: Int64 = 0

    func record(ok: Bool, bytes count: Int, newConnection: Bool = false) -> Int {
        lock.lock(); defer { lock.unlock() }
        if ok { completed += 1 } else { failed += 1 }
        bytes += Int64(count)
        if newConnection { connections += 1 }
        return completed + failed
    }

    func fill(_ result: inout Measurement) {
        lock.lock(); defer { lock.unlock() }
        result.requests = completed
        result.failed = failed
        result.bytes = bytes
        result.connections = countsConnections ? connections : -1
    }
}
