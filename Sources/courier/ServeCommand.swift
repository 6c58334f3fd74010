import ArgumentParser
import CourierDemoServer
import CourierFormatCore
import Foundation

/// `courier serve`: the demo server alone, until Ctrl-C.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the loopback demo server (httpbin-like endpoints, faults, ranges, the chain demo)."
    )

    @Option(help: "Address to listen on (loopback by default).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port = 0

    /// For Courier's own tests, which run the server in a process of their own.
    @Flag(help: .hidden)
    var requestLog = false

    @Flag(help: .hidden)
    var noWebsockets = false

    /// For the workbench, which runs its demo server in a process of its own (``DemoServerChild``):
    /// on `--port`, with TLS and WebSockets, a ``DemoServerHandshake`` line on standard output as
    /// each of its listeners is up, then until standard input ends.
    @Flag(help: .hidden)
    var child = false

    func run() async throws {
        if child {
            try await runAsChild()
            return
        }
        let host = self.host
        try await DemoServer.run(host: host, port: port, webSockets: !noWebsockets, exposesRequestLog: requestLog) { port in
            let shown = host.contains(":") ? "[\(host)]" : host
            // Unbuffered, so that a script reading our output sees the URL at once.
            StandardStreams.output("Courier demo server listening on http://\(shown):\(port)\n")
        }
    }
}
