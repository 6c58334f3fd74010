import Foundation

/// One contender on one workload, in a process of its own so that CPU and peak RSS are its own.
enum Child {
    static func run(_ options: [String: String]) async -> Measurement {
        let contender = options["contender"] ?? ""
        let workload = options["workload"] ?? ""
        let url = options["url"] ?? ""
        let count = Int(options["count"] ?? "") ?? 1
        let concurrency = Int(options["concurrency"] ?? "") ?? 32
        let path = options["path"]
        let scratch = options["scratch"] ?? NSTemporaryDirectory()
        let deadline = Clock.now() + (Double(options["seconds"] ?? "") ?? 60)
        let buffer = Int(options["buffer"] ?? "") ?? 256 * 1024

        switch (contender, workload) {
        case ("raw", "small"): return RawClient.smallGets(url: url, count: count, concurrency: concurrency)
        case ("raw", "download"), ("raw", "download-file"):
            return RawClient.download(url: url, path: path, bufferSize: buffer)
        case ("raw16k", "download"), ("raw16k", "download-file"):
            // libcurl's default receive buffer, for the "faster than raw at the default" target.
            return RawClient.download(url: url, path: path, bufferSize: 16 * 1024)
        case ("courier", "small"):
            return CourierClient.smallGets(url: url, count: count, concurrency: concurrency, scratch: scratch, deadline: deadline)
        case ("courier", "download"), ("courier", "download-file"):
            return await CourierClient.download(url: url, path: path, scratch: scratch)
        case ("raw", "latency"): return RawClient.smallGets(url: url, count: count, concurrency: 1)
        case ("courier", "latency"):
            return CourierClient.sequentialGets(url: url, count: count, scratch: scratch, deadline: deadline)
        case ("courier", "cache"):
            return CourierClient.cacheHits(url: url, count: count, concurrency: concurrency, scratch: scratch, deadline: deadline)
        case ("courier", "queued"): return CourierClient.queued(url: url, count: count, scratch: scratch, deadline: deadline)
        case ("courier", "chain"):
            return await CourierClient.chain(url: url, steps: count, rounds: Int(options["rounds"] ?? "") ?? 3, scratch: scratch)
        case ("courier-grpc", "grpc"), ("courier-h2", "grpc"):
            return GRPCBench.run(mode: contender == "courier-grpc" ? "grpc" : "h2post", url: url, caFile: options["ca"],
                                 count: count, concurrency: concurrency, scratch: scratch, deadline: deadline)
        case ("urlsession", "small"):
            return URLSessionClient.smallGets(url: url, count: count, concurrency: concurrency, deadline: deadline)
        case ("urlsession", "download"), ("urlsession", "download-file"):
            return URLSessionClient.download(url: url, path: path)
        case ("ahc", "small"): return await AHCClient.smallGets(url: url, count: count, concurrency: concurrency, deadline: deadline)
        case ("ahc", "download"), ("ahc", "download-file"): return await AHCClient.download(url: url, path: path)
        default:
            var result = Measurement()
            result.note = "unsupported: \(contender) \(workload)"
            return result
        }
    }
}

/// `curl` itself, timed from outside with /usr/bin/time (its CPU includes process start-up).
enum CurlCLI {
    static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") }

    static func run(workload: String, url: String, count: Int, concurrency: Int, path: String?, scratch: String) -> Measurement {
        var arguments = ["-s", "-S"]
        if workload == "small" {
            let config = scratch + "/curl-urls.txt"
            let line = "url = \"\(url)\"\noutput = \"/dev/null\"\n"
            try? String(repeating: line, count: count).write(toFile: config, atomically: true, encoding: .utf8)
            arguments += ["--parallel", "--parallel-max", "\(concurrency)", "-K", config]
        } else {
            arguments += ["-o", path ?? "/dev/null", url]
        }
        let timeFile = scratch + "/curl-time.txt"
        let useTime = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: useTime ? "/usr/bin/time" : "/usr/bin/curl")
        process.arguments = useTime ? ["-f", "%e %U %S %M", "-o", timeFile, "/usr/bin/curl"] + arguments : arguments
        var result = Measurement()
        let wall0 = Clock.now()
        do { try process.run() } catch { result.failed = 1; return result }
        process.waitUntilExit()
        result.wall = Clock.now() - wall0
        if useTime, let text = try? String(contentsOfFile: timeFile, encoding: .utf8),
           let fields = text.split(whereSeparator: \.isWhitespace).suffix(4) as ArraySlice<Substring>?, fields.count == 4 {
            let values = fields.map { Double($0) ?? 0 }
            result.user = values[1]
            result.sys = values[2]
            result.rssKiB = Int(values[3])
        } else {
            result.note = "no /usr/bin/time: CPU and RSS not measured"
        }
        let ok = process.terminationStatus == 0
        result.requests = ok ? (workload == "small" ? count : 1) : 0
        result.failed = ok ? 0 : 1
        if workload != "small" {
            let size = (try? FileManager.default.attributesOfItem(atPath: path ?? "")[.size] as? Int) ?? nil
            result.bytes = Int64(size ?? 0)
        } else {
            result.bytes = Int64(count) * 1024
        }
        return result
    }
}
