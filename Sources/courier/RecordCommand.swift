import ArgumentParser
import Courier
import CourierFormatCore
import CourierRecord
import Foundation
import Synchronization

/// `courier record [--port 8080] [--out api.yaml|api/] [--har out.har]`: an HTTP(S) forward
/// proxy that writes what passes through it as a workspace and a HAR, until Ctrl-C.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record traffic through an HTTP(S) proxy into workspace requests and a HAR.",
        usage: "courier record [--port 8080] [--out <path>] [--har <file>] [--ca]",
        discussion: """
            Point a client at the proxy (curl --proxy http://127.0.0.1:8080, HTTPS_PROXY=…): each \
            exchange is forwarded through libcurl, answered, and written into the workspace — one \
            request per method and path template (numbers and UUIDs in paths become variables), the \
            servers as the environment recorded's variables, credentials as {{secret.NAME}} read \
            from COURIER_RECORDED_* environment variables and never written in clear — and into \
            the HAR (credentials hidden). HTTPS goes through CONNECT with a CA made on first use \
            and kept owner-only in the state directory: courier record --ca prints its file and how \
            to trust it. The workspace is rewritten after every exchange (a workbench open on \
            it sees its tree fill), the HAR at most once a second. Exit status: 0, 2 bad input.
            """)

    @Option(help: "Port to listen on; 0 picks a free one.") var port = 8080
    @Option(help: "Address to listen on (loopback by default).") var host = "127.0.0.1"
    @Option(help: ArgumentHelp("The workspace to write: a YAML file, or a folder (ending in /) for courier.yaml and requests/.",
                               valueName: "path"))
    var out = "recorded.yaml"
    @Option(help: ArgumentHelp("Also write every exchange as a HAR (credentials hidden).", valueName: "file")) var har: String?
    @Flag(help: "Write over files already there.") var force = false
    @Flag(help: "Print the CA's file (made if there is none) and how to trust it, then exit.") var ca = false
    @Option(help: ArgumentHelp("CAs (PEM) to trust for the servers instead of the system's (written into the workspace's config.tls).",
                               valueName: "file"))
    var upstreamCacert: String?
    @Option(help: ArgumentHelp("The folder that keeps the CA (default: $XDG_STATE_HOME/courier).", valueName: "dir")) var stateDir: String?
    @Flag(help: "One JSON object per line: the proxy's address, then each exchange.") var json = false

    func run() async throws {
        let directory = (stateDir ?? XDGDirectories.stateHome() + "/courier") + "/record"
        let authority: RecordingAuthority?
        do {
            #if DemoTLS
            authority = try RecordingAuthority(directory: directory)
            #else
            authority = nil
            #endif
        } catch {
            printError("courier record: \(error)")
            throw ExitCode(2)
        }
        if ca {
            #if DemoTLS
            StandardStreams.output(RecordOutput.trust(authority!, proxy: "http://\(host):\(port)"))
            return
            #else
            printError("courier record: this build records no HTTPS (built without the DemoTLS trait)")
            throw ExitCode(2)
            #endif
        }
        var files = RecordingFiles(workspace: out, har: har, origin: "record")
        files.upstreamCAFile = upstreamCacert
        let existing = files.existing()
        guard existing.isEmpty || force else {
            printError("courier record: \(existing.joined(separator: ", ")) \(existing.count == 1 ? "exists" : "exist"); pass --force to write over")
            throw ExitCode(2)
        }
        let log = RecordLog(files: files, json: json)
        let proxy: RecordingProxy
        do {
            proxy = try await RecordingProxy.start(host: host, port: port, authority: authority, upstreamCAFile: upstreamCacert) { exchange in
                log.add(exchange)
            }
        } catch {
            printError("courier record: cannot listen on \(host):\(port): \(error)")
            throw ExitCode(2)
        }
        files.origin = "record through \(proxy.address)"
        log.files = files
        // The files exist from the start, so that a workbench can open the workspace at once.
        do {
            try files.write([])
        } catch {
            printError("courier record: cannot write the files: \(error)")
            await proxy.stop()
            throw ExitCode(2)
        }
        StandardStreams.output(json ? RecordOutput.listeningJSON(proxy, authority: authority, files: files)
                                    : RecordOutput.listening(proxy, authority: authority, files: files))
        _ = await StopSignals.wait()
        await proxy.stop()
        log.finish()
        StandardStreams.output(log.summary())
    }
}

/// The exchanges of a recording, in the order they finished: each printed, and the files
/// rewritten, one at a time — the workspace after every exchange, the HAR (which holds every
/// body) at most once a second and when the recording ends.
final class RecordLog: Sendable {
    private struct State {
        var files: RecordingFiles
        var exchanges: [RecordedExchange] = []
        var credentials = RecordingCredentials()
        var requests = 0
        var failure: String?
        var harWrittenAt: Date?
        var harBehind = false
    }

    private let state: Mutex<State>
    private let json: Bool
    /// The least time between two rewrites of the HAR.
    static let harInterval: TimeInterval = 1

    init(files: RecordingFiles, json: Bool) {
        state = Mutex(State(files: files))
        self.json = json
    }

    var files: RecordingFiles {
        get { state.withLock { $0.files } }
        set { state.withLock { $0.files = newValue } }
    }

    func add(_ exchange: RecordedExchange) {
        state.withLock { state in
            state.exchanges.append(exchange)
            state.credentials.add(exchange)
            let now = Date()
            let withHAR = state.harWrittenAt.map { now.timeIntervalSince($0) >= Self.harInterval } ?? true
            Self.write(&state, withHAR: withHAR, at: now)
            let matcher = state.credentials.matcher
            StandardStreams.output((json ? RecordOutput.jsonLine(exchange, matcher: matcher) : RecordOutput.line(exchange, matcher: matcher)) + "\n")
        }
    }

    /// Writes what is behind (the HAR), when the recording ends.
    func finish() {
        state.withLock { state in
            if state.harBehind { Self.write(&state, withHAR: true, at: Date()) }
        }
    }

    private static func write(_ state: inout State, withHAR: Bool, at now: Date) {
        do {
            let written = try state.files.write(state.exchanges, includingHAR: withHAR)
            state.requests = written.workspace.requests.count
            state.failure = nil
            if withHAR { state.harWrittenAt = now }
            state.harBehind = !withHAR && state.files.har != nil
        } catch {
            if state.failure == nil { printError("courier record: cannot write the files: \(error)") }
            state.failure = "\(error)"
        }
    }

    func summary() -> String {
        state.withLock { state in
            let count = state.exchanges.count
            var text = "courier record: \(count) exchange\(count == 1 ? "" : "s"), \(state.requests) request\(state.requests == 1 ? "" : "s")"
            if let workspace = state.files.workspace { text += " in \(workspace)" }
            if let har = state.files.har { text += ", the HAR in \(har)" }
            if let failure = state.failure { text += " (the last write failed: \(failure))" }
            return json ? String(decoding: JSONValue.object(["summary": .object(["exchanges": .int(count), "requests": .int(state.requests)])])
                .serialized(), as: UTF8.self) + "\n" : text + "\n"
        }
    }
}
