import Foundation

/// Starts the server, runs every (workload, contender) pair in child processes, alternating
/// contenders within each run, and prints medians as a table and a JSON file.
struct Driver {
    struct Plan {
        var runs, small, sequential, concurrency, downloadBytes, cacheHits, queued, chainSteps, chainRounds: Int
        var childSeconds: Double
        var contenders, workloads: [String]
        var server, jsonPath: String
    }

    struct Row: Codable {
        var workload: String
        var contender: String
        var runs: [Measurement]
        var median: [String: Double]
        var note: String?
    }

    let plan: Plan
    static let downloadBuffer = 256 * 1024

    /// Which contenders take part in a workload.
    func contenders(for workload: String) -> [String] {
        switch workload {
        case "small":
            return plan.contenders.filter { $0 != "curl" || CurlCLI.available }
        case "latency":
            return plan.contenders.filter { $0 == "raw" || $0 == "courier" }
        case "grpc":
            // Courier twice: the unary call, and a plain HTTP/2 POST of the same bytes.
            return plan.contenders.contains("courier") ? ["courier-h2", "courier-grpc"] : []
        case "download", "download-file":
            // Raw libcurl twice: at Courier's 256 KiB receive buffer, and at libcurl's default 16 KiB.
            return plan.contenders.filter { $0 != "curl" || CurlCLI.available }
                .flatMap { $0 == "raw" ? ["raw", "raw16k"] : [$0] }
        default: return plan.contenders.filter { $0 == "courier" }
        }
    }

    func run() async throws {
        let scratch = NSTemporaryDirectory() + "courier-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let server = try await BenchServer.start(prefer: plan.server, bigBytes: plan.downloadBytes, scratch: scratch)
        print("server: \(server.kind) — \(server.smallURL)")
        var plan = plan
        if server.grpcURL == nil, plan.workloads.contains("grpc") {
            plan.workloads.removeAll { $0 == "grpc" }
            print("skipped: grpc — needs nginx and openssl (nginx's HTTP/2 TLS listener answers the unary method); the demo server has none here")
        }
        try await Driver(plan: plan).measure(on: server, scratch: scratch)
    }

    /// Every (workload, contender) pair `plan.runs` times, then the table and the JSON file.
    func measure(on server: BenchServer, scratch: String) async throws {
        print("machine: \(Self.machine())")
        print("runs: \(plan.runs), contenders alternate within each run; medians below")
        print("the workbench (TUI) is measured by make bench-tui")
        var collected: [String: [Measurement]] = [:]
        for run in 1...plan.runs {
            for workload in plan.workloads {
                for contender in contenders(for: workload) {
                    let result = measureOne(contender: contender, workload: workload, server: server, scratch: scratch)
                    collected["\(workload)|\(contender)", default: []].append(result)
                    let cpuPer = result.requests > 0 ? result.cpu / Double(result.requests) * 1e6 : .nan
                    print(String(format: "  run %d %-13@ %-10@ wall %7.3fs cpu %7.3fs rss %6.1f MiB ok %d failed %d %@",
                                 run, workload as NSString, contender as NSString, result.wall, result.cpu,
                                 Double(result.rssKiB) / 1024, result.requests, result.failed,
                                 (workload == "small" ? String(format: "(%.1f µs CPU/req)", cpuPer) : (result.note ?? "")) as NSString))
                }
            }
        }
        await server.stop()
        let rows = plan.workloads.flatMap { workload in
            contenders(for: workload).map { contender in
                summarize(workload: workload, contender: contender, runs: collected["\(workload)|\(contender)"] ?? [])
            }
        }
        printTable(rows)
        try writeJSON(rows, server: server.kind)
    }

    func measureOne(contender: String, workload: String, server: BenchServer, scratch: String) -> Measurement {
        let isDownload = workload.hasPrefix("download")
        let url = workload == "grpc" ? server.grpcURL ?? "" : isDownload ? server.bigURL : server.smallURL
        let path: String? = workload == "download-file" ? scratch + "/download-\(contender).bin" : nil
        defer { if let path { try? FileManager.default.removeItem(atPath: path) } }
        let count: Int = switch workload {
        case "small": plan.small
        case "latency": plan.sequential
        case "cache": plan.cacheHits
        case "queued": plan.queued
        case "chain": plan.chainSteps
        case "grpc": plan.small / 2
        default: 1
        }
        var result: Measurement
        if contender == "curl" {
            result = CurlCLI.run(workload: workload, url: url, count: count, concurrency: plan.concurrency,
                                 path: path, scratch: scratch)
        } else {
            var arguments = ["child", "--contender", contender, "--workload", workload, "--url", url,
                             "--count", "\(count)", "--concurrency", "\(plan.concurrency)",
                             "--scratch", scratch + "/\(contender)", "--seconds", "\(plan.childSeconds)",
                             "--buffer", "\(Self.downloadBuffer)", "--rounds", "\(plan.chainRounds)"]
            if let path { arguments += ["--path", path] }
            if workload == "grpc", let caFile = server.grpcCAFile { arguments += ["--ca", caFile] }
            result = Self.spawn(arguments, seconds: plan.childSeconds * 2 + 30)
        }
        if isDownload, result.failed == 0, result.bytes == 0 { result.bytes = Int64(plan.downloadBytes) }
        return result
    }

    /// Runs this executable as a child and reads its JSON line; kills it past `seconds`.
    static func spawn(_ arguments: [String], seconds: Double) -> Measurement {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        }
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        var failure = Measurement()
        failure.failed = 1
        do { try process.run() } catch { failure.note = "\(error)"; return failure }
        let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: killer)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        guard let result = try? JSONDecoder().decode(Measurement.self, from: Data(line.utf8)) else {
            failure.note = "child ended with status \(process.terminationStatus)"
            return failure
        }
        return result
    }

    func summarize(workload: String, contender: String, runs: [Measurement]) -> Row {
        var figures: [String: Double] = [
            "wall_s": median(runs.map(\.wall)),
            "cpu_s": median(runs.map(\.cpu)),
            "peak_rss_mib": median(runs.map { Double($0.rssKiB) / 1024 }),
            "requests": median(runs.map { Double($0.requests) }),
            "failed": median(runs.map { Double($0.failed) }),
            "req_per_s": median(runs.map { $0.wall > 0 ? Double($0.requests) / $0.wall : 0 }),
            "mb_per_s": median(runs.map { $0.wall > 0 ? Double($0.bytes) / $0.wall / 1e6 : 0 }),
            "cpu_us_per_req": median(runs.map { $0.requests > 0 ? $0.cpu / Double($0.requests) * 1e6 : .nan }),
            "connections": median(runs.map { Double($0.connections) }),
        ]
        for key in Set(runs.flatMap { $0.extra.keys }) {
            figures[key] = median(runs.compactMap { $0.extra[key] })
        }
        return Row(workload: workload, contender: contender, runs: runs, median: figures,
                   note: runs.compactMap(\.note).first)
    }

    func printTable(_ rows: [Row]) {
        print("\nMedians of \(plan.runs) runs (ratios: contender ÷ raw libcurl; CPU is the client's own)")
        print("| workload | contender | wall s | CPU s | peak RSS MiB | req/s | MB/s | CPU µs/req | conns | wall × raw | CPU × raw | req/s × raw |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for row in rows {
            let raw = rows.first { $0.workload == row.workload && $0.contender == "raw" }?.median
            let m = row.median
            func ratio(_ key: String) -> String {
                guard let raw, let base = raw[key], base > 0, let value = m[key] else { return "—" }
                return String(format: "%.2f", value / base)
            }
            let conns = (m["connections"] ?? -1) < 0 ? "—" : String(format: "%.0f", m["connections"]!)
            print(String(format: "| %@ | %@ | %.3f | %.3f | %.1f | %.0f | %.1f | %.1f | %@ | %@ | %@ | %@ |",
                         row.workload as NSString, row.contender as NSString, m["wall_s"] ?? .nan, m["cpu_s"] ?? .nan,
                         m["peak_rss_mib"] ?? .nan, m["req_per_s"] ?? .nan, m["mb_per_s"] ?? .nan,
                         m["cpu_us_per_req"] ?? .nan, conns as NSString, ratio("wall_s") as NSString,
                         ratio("cpu_s") as NSString, ratio("req_per_s") as NSString))
        }
        for row in rows where row.workload == "latency" {
            let perRequest = (row.median["wall_s"] ?? .nan) / max(row.median["requests"] ?? 1, 1) * 1e6
            print(String(format: "%@ at 1 in flight: %.1f µs per request (start to callback)", row.contender as NSString, perRequest))
        }
        for row in rows where row.workload == "cache" {
            print(String(format: "cache hit (start() → success callback, one at a time): median %.1f µs, p99 %.1f µs",
                         row.median["median_us"] ?? .nan, row.median["p99_us"] ?? .nan))
            print(String(format: "cache hit CPU (%d in flight): %.2f µs per hit over %.0f hits",
                         plan.concurrency, row.median["cpu_us_per_req"] ?? .nan, row.median["requests"] ?? 0))
            let rawSmall = rows.first { $0.workload == "small" && $0.contender == "raw" }?.median["cpu_us_per_req"]
            let rawLatency = rows.first { $0.workload == "latency" && $0.contender == "raw" }.map {
                ($0.median["wall_s"] ?? .nan) / max($0.median["requests"] ?? 1, 1) * 1e6
            }
            if let rawSmall {
                print(String(format: "  CPU per hit ÷ raw libcurl's CPU per network GET: %.2f (target ≤ 0.30)",
                             (row.median["cpu_us_per_req"] ?? .nan) / rawSmall))
            }
            if let rawLatency {
                print(String(format: "  hit latency ÷ raw libcurl's wall per request at 1 in flight: %.2f (target ≤ 0.50)",
                             (row.median["median_us"] ?? .nan) / rawLatency))
            }
        }
        for row in rows where row.workload == "queued" {
            print(String(format: "%d requests queued at once: peak RSS %.1f MiB (%.1f MiB before), %.0f ok, %.0f failed",
                         plan.queued, row.median["peak_rss_mib"] ?? .nan, (row.median["rss_before_kib"] ?? .nan) / 1024,
                         row.median["requests"] ?? 0, row.median["failed"] ?? 0))
        }
        for row in rows where row.workload == "chain" {
            print(String(format: "chain of %d steps: %.1f ms vs %.1f ms for the same GETs run one by one → %.1f µs overhead per step",
                         plan.chainSteps, row.median["chain_ms"] ?? .nan, row.median["sequential_ms"] ?? .nan,
                         row.median["overhead_per_step_us"] ?? .nan))
        }
        if let call = rows.first(where: { $0.contender == "courier-grpc" })?.median,
           let post = rows.first(where: { $0.contender == "courier-h2" })?.median {
            func ratio(_ key: String) -> Double { (call[key] ?? .nan) / (post[key] ?? .nan) }
            print(String(format: "unary gRPC call vs an HTTP/2 POST of the same bytes (1 KiB each way, TLS): CPU %.1f vs %.1f µs per request (%.2f×), "
                         + "%.0f vs %.0f req/s at %d in flight, latency at 1 in flight %.0f vs %.0f µs median (%.2f×) — target ≤ 1.5×",
                         call["cpu_us_per_req"] ?? .nan, post["cpu_us_per_req"] ?? .nan, ratio("cpu_us_per_req"),
                         call["req_per_s"] ?? .nan, post["req_per_s"] ?? .nan, plan.concurrency,
                         call["latency_median_us"] ?? .nan, post["latency_median_us"] ?? .nan, ratio("latency_median_us")))
        }
        for row in rows where row.note != nil { print("note: \(row.workload) \(row.contender): \(row.note!)") }
    }

    func writeJSON(_ rows: [Row], server: String) throws {
        struct Report: Codable {
            var machine: String
            var server: String
            var runs: Int
            var skipped: [String]
            var rows: [Row]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let report = Report(machine: Self.machine(), server: server, runs: plan.runs,
                            skipped: ["the workbench (TUI): measured by make bench-tui"], rows: rows)
        try encoder.encode(report).write(to: URL(fileURLWithPath: plan.jsonPath))
        print("JSON: \(plan.jsonPath)")
    }

    static func machine() -> String {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "?"
        let memory = ProcessInfo.processInfo.physicalMemory / (1 << 30)
        return "\(ProcessInfo.processInfo.activeProcessorCount) cores (\(cpu)), \(memory) GiB, Linux"
    }
}
