#if canImport(Glibc)
import Glibc
#endif
import CourierDemoServer
import CourierFormatCore
import Foundation

extension ServeCommand {
    /// `courier serve --child --port N`: the demo server on the port the workbench chose (see
    /// ``DemoServerChild``), with TLS and WebSockets, saying on standard output that it is up —
    /// the plain listener as soon as it is, the TLS listeners next — then serving until
    /// standard input ends (the workbench that started it stopped it, or exited).
    func runAsChild() async throws {
        let server = try await DemoServer.start(host: host, port: port, tls: true, webSockets: true) { port in
            Self.say(DemoServerHandshake(baseURL: "http://127.0.0.1:\(port)"))
        }
        Self.lowerPriorityOfEveryThread()
        let tlsFailure = server.tlsFailure ?? (server.tls == nil ? "they did not start" : nil)
        Self.say(DemoServerHandshake(tls: server.tls.map(DemoTLSVariables.init), tlsFailure: tlsFailure))
        await Self.standardInputEnd()
        // The workbench stopped it, or is gone: the files go now, and connections get a second
        // to finish — a stop otherwise waits for a connection its dead client left open.
        if let directory = server.tls?.files.directory { try? FileManager.default.removeItem(atPath: directory) }
        Task {
            await server.stop()
            Glibc.exit(0)
        }
        try? await Task.sleep(for: .seconds(1))
        Glibc.exit(0)
    }

    /// Every thread of the process (the server's event loops are running now) a little below
    /// the workbench's screen, as a load run's transport is: the embedded server streaming a
    /// gigabyte as fast as it can shares the machine's cores with the screen, and keys must not
    /// wait for one. Linux keeps a niceness per thread; threads made later take their maker's.
    private static func lowerPriorityOfEveryThread() {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        for thread in threads.compactMap({ id_t($0) }) {
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, 2)
        }
    }

    /// Writes `handshake` as one line, unbuffered: the workbench is waiting for it. A workbench
    /// that is gone already cannot read it (the write fails with EPIPE): its end of standard
    /// input follows, and with it the stop.
    private static func say(_ handshake: DemoServerHandshake) {
        guard var line = try? JSONEncoder().encode(handshake) else { return }
        line.append(UInt8(ascii: "\n"))
        try? FileHandle.standardOutput.write(contentsOf: line)
    }

    /// Returns when standard input ends: the parent closed its end of the pipe, or exited.
    private static func standardInputEnd() async {
        await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                var buffer = [UInt8](repeating: 0, count: 256)
                while true {
                    let count = read(0, &buffer, buffer.count)
                    if count == 0 || (count < 0 && errno != EINTR) { break }
                }
                ended.resume()
            }
        }
    }
}
