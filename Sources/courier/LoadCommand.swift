import ArgumentParser
import Courier
import CourierWorkspace
import Dispatch
import Foundation

/// `courier load WORKSPACE NAME`: a load run of a request, batch or chain.
struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Send a request, batch or chain under load and report latency percentiles, throughput and errors.",
        discussion: """
            --concurrency N keeps N requests in flight (closed model: a slow server gets fewer \
            requests). --rate R sends R requests a second on a schedule whatever the server does \
            (open model), and measures each request's latency from when it was due, so a server \
            that stalls shows as latency, not as fewer requests; at most --max-in-flight run at \
            once. The run lasts --duration (default 10s) after --warmup, or until --requests \
            measured requests. Every request is rendered from the workspace once (variables, \
            auth, tokens, cookies, each: rows) and sent through libcurl on its own connections \
            (over HTTP/2, the requests in flight are streams of one connection; http: 1.1 on the \
            request gives a connection each); \
            a batch sends its items in turn, a chain runs whole for each iteration and reports \
            each step. A line a second goes to standard error while it runs; Ctrl-C stops the \
            run and reports what completed. Each run is saved in the history (aggregate figures \
            only; courier history load-runs lists them); --compare prints each figure against an \
            earlier run and --fail-on turns figures into an exit status for CI.

            Limits, checked before the run: --rate up to 1,000,000 a second; --concurrency and \
            --max-in-flight up to what `ulimit -n` allows (each request in flight needs a \
            descriptor); times up to a week. The run ends at its end time whatever the server \
            does: requests still running 2 s after it are abandoned, and sends the schedule had \
            due that the client could not make are counted as not sent, not queued.

            Exit status: 0 done, 1 a --fail-on rule broken, 2 bad input (unreadable workspace, \
            unknown name, bad option, nothing to compare with).

            courier load merge a.json b.json … merges runs made at the same time on several \
            machines (courier load merge --help).
            """
    )

    @Argument(help: "The workspace: a YAML file, or a folder with courier.yaml.", completion: Completions.workspaceFiles)
    var workspace: String

    @Argument(help: "The request, batch or chain to load.", completion: Completions.targets)
    var name: String

    @Option(help: ArgumentHelp("Requests in flight (closed model). Default 16 when no --rate.", valueName: "N"))
    var concurrency: Int?

    @Option(help: ArgumentHelp("Requests a second on a schedule (open model): 2000, 2000/s, 120/m.", valueName: "R"))
    var rate: String?

    @Option(help: ArgumentHelp("With --rate: the most requests in flight at once (default 256).", valueName: "N"))
    var maxInFlight: Int?

    @Option(help: ArgumentHelp("Measured time: 30s, 2m, 500ms (default 10s unless --requests).", valueName: "TIME"))
    var duration: String?

    @Option(help: ArgumentHelp("Measured requests to send (iterations for a chain).", valueName: "N"))
    var requests: Int?

    @Option(help: ArgumentHelp("Time sent first and not measured.", valueName: "TIME"))
    var warmup: String?

    @Option(help: ArgumentHelp("Time over which the concurrency or rate rises from nothing to full.", valueName: "TIME"))
    var ramp: String?

    @Option(help: ArgumentHelp("Steps instead of one level: 30s:100/s,1m:500/s,30s:0/s (rates, open model) or 30s:c8,1m:c64 (concurrency); a ramp is 1m:100-500/s.", valueName: "STAGES"))
    var stages: String?

    @Flag(name: .customLong("find-max"), help: "Find the highest rate within --slo: steps from --rate (10/s), doubling until the SLO breaks, then halving the gap.")
    var findMax = false

    @Option(help: ArgumentHelp("With --find-max: what a rate must meet, like p99<50ms,errors<1%.", valueName: "RULES"))
    var slo: String?

    @Option(help: ArgumentHelp("With --find-max: how long each step holds (default 5s; its first second settles).", valueName: "TIME"))
    var step: String?

    @Flag(help: "Run each request's expect: on every response (read whole: slower); a failed check fails the request, named by its check.")
    var checks = false

    @Option(help: "The environment whose variables apply.", completion: Completions.environments)
    var env: String?

    @Option(name: .customLong("env-file"), help: ArgumentHelp("Read {{env.NAME}} values from a .env file (repeatable; an exported variable wins).", valueName: "file"))
    var envFiles: [String] = []

    @Option(name: .customLong("var"), help: ArgumentHelp("Set a variable, over the workspace and environment.", valueName: "name=value"))
    var variables: [String] = []

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    @Flag(help: "Do not save the run in the history.")
    var noHistory = false

    @Option(help: ArgumentHelp("Compare with an earlier run: last (of this request), a history id, or a file --json wrote; each figure's change in %, regressions marked.", valueName: "last|ID|FILE"), completion: Completions.loadRuns)
    var compare: String?

    @Option(name: .customLong("fail-on"), help: ArgumentHelp("Exit 1 when a rule breaks: p99+10% (against --compare), throughput-5%, p99>250ms, errors>0.1%, errors>5, rps<1000; comma-separated.", valueName: "RULES"))
    var failOn: String?

    @Option(help: ArgumentHelp("Write the run as a self-contained HTML page: figures, requests a second, latency, errors, steps, the comparison.", valueName: "FILE"))
    var report: String?

    func run() async throws {
        var options = LoadOptions(concurrency: concurrency.map(String.init), rate: rate, maxInFlight: maxInFlight.map(String.init),
                                  duration: duration, requests: requests.map(String.init), warmup: warmup, ramp: ramp,
                                  failOn: failOn, stages: stages)
        options.findMax = findMax
        options.checks = checks
        options.slo = slo
        options.step = step
        let plan: LoadPlan
        let finder: LoadKneeFinder?
        do throws(LoadOptionsError) {
            plan = try options.plan()
            finder = try options.kneeFinder(plan: plan)
        } catch {
            printError("courier load: \(error.message)")
            throw ExitCode(2)
        }
        var load = HeadlessLoad(workspacePath: workspace, name: name, plan: plan)
        load.environment = env
        load.variables = variables
        load.envFiles = envFiles
        load.json = json
        load.recordsHistory = !noHistory
        load.compare = compare
        load.failOn = failOn
        load.reportPath = report
        load.kneeFinder = finder
        let interrupt = LoadInterrupt()
        let status = await load.run(startDemoServer: DemoServerHandle.embedded,
                                    output: { [json] line in print(json ? line : TerminalText.neutralized(line)) },
                                    errors: { printError($0) },
                                    progress: { printError($0) },
                                    started: { interrupt.stopOnSignal($0) })
        if status != 0 { throw ExitCode(status) }
    }
}

/// Ctrl-C (and SIGTERM) during a load run stops it, and the partial result is reported; a
/// second one ends the process.
private final class LoadInterrupt: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []

    func stopOnSignal(_ run: LoadRun) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            var seen = false
            source.setEventHandler {
                if seen { exit(130) }
                seen = true
                printError("courier load: stopping; press Ctrl-C again to quit at once")
                run.stop()
            }
            source.resume()
            sources.append(source)
        }
    }
}
