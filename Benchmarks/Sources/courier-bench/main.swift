import Foundation

// courier-bench            runs every workload against every contender (see --help)
// courier-bench child ...  one contender on one workload; prints its Measurement as JSON

setvbuf(stdout, nil, _IOLBF, 0)
let arguments = Array(CommandLine.arguments.dropFirst())

func options(_ arguments: ArraySlice<String>) -> [String: String] {
    var result: [String: String] = [:]
    var iterator = arguments.makeIterator()
    while let key = iterator.next() {
        guard key.hasPrefix("--") else { continue }
        let name = String(key.dropFirst(2))
        if ["full", "help"].contains(name) { result[name] = "1"; continue }
        result[name] = iterator.next() ?? ""
    }
    return result
}

if arguments.first == "child" {
    let result = await Child.run(options(arguments.dropFirst()))
    let encoder = JSONEncoder()
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    print(String(decoding: try! encoder.encode(result), as: UTF8.self))
    exit(0)
}

let settings = options(arguments[...])
if settings["help"] != nil {
    print("""
    courier-bench [--full] [--runs N] [--small N] [--sequential N] [--concurrency N] [--download-mib N] [--cache N]
                  [--queued N] [--chain-steps N] [--chain-rounds N] [--contenders a,b] [--workloads a,b]
                  [--server nginx|demo] [--json PATH] [--child-seconds S]
    contenders: raw, courier, urlsession, ahc, curl     workloads: small, latency, download, download-file, cache, queued, chain, grpc
    (downloads also run raw16k: raw libcurl at its default 16 KiB receive buffer; raw uses Courier's 256 KiB)
    defaults: 3 runs, 20000 small GETs (32 in flight), 2000 GETs one at a time (latency), 64 MiB download, 20000 cache hits, 10000 queued, 100-step chain,
    10000 unary gRPC calls beside 10000 HTTP/2 POSTs of the same bytes (32 in flight; nginx only);
    --full: 512 MiB download and 100000 cache hits.
    """)
    exit(0)
}
let full = settings["full"] != nil
let plan = Driver.Plan(
    runs: Int(settings["runs"] ?? "") ?? 3,
    small: Int(settings["small"] ?? "") ?? 20_000,
    sequential: Int(settings["sequential"] ?? "") ?? 2_000,
    concurrency: Int(settings["concurrency"] ?? "") ?? 32,
    downloadBytes: (Int(settings["download-mib"] ?? "") ?? (full ? 512 : 64)) * 1024 * 1024,
    cacheHits: Int(settings["cache"] ?? "") ?? (full ? 100_000 : 20_000),
    queued: Int(settings["queued"] ?? "") ?? 10_000,
    chainSteps: Int(settings["chain-steps"] ?? "") ?? 100,
    chainRounds: Int(settings["chain-rounds"] ?? "") ?? 3,
    childSeconds: Double(settings["child-seconds"] ?? "") ?? 60,
    contenders: (settings["contenders"] ?? "raw,courier,urlsession,ahc,curl").split(separator: ",").map(String.init),
    workloads: (settings["workloads"] ?? "small,latency,download,download-file,cache,queued,chain,grpc").split(separator: ",").map(String.init),
    server: settings["server"] ?? "nginx",
    jsonPath: settings["json"] ?? "bench-results.json")
do {
    try await Driver(plan: plan).run()
} catch {
    print("courier-bench: \(error)")
    exit(1)
}
