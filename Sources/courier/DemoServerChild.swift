#if canImport(Glibc)
import Glibc
#endif
import CourierDemoServer
import CourierFormatCore
import CourierRunner
import Foundation
import Synchronization

/// The workbench's demo server in a process of its own, `courier serve --child --port N`: its
/// code (Hummingbird, SwiftNIO, BoringSSL) runs and is mapped in there, not in the workbench.
/// On this machine's kernel a touched page of the binary brings its whole page-cache folio in,
/// so the embedded server cost the workbench about 17 MB of resident memory (issue #46,
/// docs/benchmarks.md).
///
/// The workbench picks the port here, so `{{demo}}` is known at once; the child is spawned
/// after the first screen is drawn (``DemoServerAddresses/launch()``), so that its start does
/// not compete with the workbench's for the CPU, and a request sent before it listens waits
/// for it (``DemoServerAddresses/waitUntilListening()``).
///
/// The child's standard input is a pipe whose only writer is this process: when the workbench
/// stops the server, or exits in any way (a crash, SIGKILL), the pipe ends and the child stops
/// its server, removes its TLS files and exits. Its standard error is drained into a short
/// tail, which a failure to start quotes.
final class DemoServerChild: Sendable {
    /// What `{{demo}}` and the rest are, and whether the child is up.
    let addresses: DemoServerAddresses
    private let process: ChildProcess

    /// Picks the port — the usual one (``DemoServer/preferredPort(environment:)``) when it is
    /// free, else a free one, which the addresses' notices then explain. The child is started
    /// by the addresses' ``DemoServerAddresses/launch()``; when it does not say it is up within
    /// `timeout`, it is killed and the addresses say why.
    init(timeout: Duration = .seconds(30)) throws {
        let (port, fallback) = try Self.choosePort()
        let process = ChildProcess()
        addresses = DemoServerAddresses(startingAt: "http://127.0.0.1:\(port)") { addresses in
            process.spawn(port: port, resolving: addresses, timeout: timeout)
        }
        self.process = process
        if let fallback { addresses.say(fallback) }
    }

    /// Stops the child (if it was started) and waits for it; past `grace`, kills it.
    func stop(within grace: Duration = .seconds(10)) async {
        await process.stop(within: grace)
    }

    /// The preferred port when it can be bound now, else a free one and a sentence saying so.
    /// (The child binds it a moment later: another program taking it meanwhile makes the
    /// server fail to start, which the workbench says.)
    private static func choosePort() throws -> (port: Int, fallback: String?) {
        guard let preferred = try DemoServer.preferredPort(environment: ProcessInfo.processInfo.environment) else {
            return (try LoopbackPort.bind(0), nil)
        }
        do {
            return (try LoopbackPort.bind(preferred), nil)
        } catch {
            let port = try LoopbackPort.bind(0)
            return (port, DemoServerHandle.portFallbackSentence(port: port, preferred: preferred, reason: error.description))
        }
    }
}
