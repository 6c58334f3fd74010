import CourierFormatCore
import Foundation
import Synchronization
import Testing

/// The workbench's demo server runs in a child process started after the first screen:
/// `{{demo}}` is known at once (the workbench picked the port), the TLS names wait for the
/// child's second answer, and the child is started by the first thing that needs it.
@Suite("The demo server's addresses while it starts")
struct DemoServerAddressesTests {
    private static let tls = DemoTLSVariables(baseURL: "https://127.0.0.1:2", clientCertificateBaseURL: "https://127.0.0.1:3",
                                              caFile: "/tmp/ca.pem", clientCertificateFile: "/tmp/c.pem", clientKeyFile: "/tmp/k.pem")

    /// Renders `template` on a thread of its own (it may wait for the server).
    private static func render(_ template: String, in scope: VariableScope) async -> String? {
        await withCheckedContinuation { (rendered: CheckedContinuation<String?, Never>) in
            Thread.detachNewThread { rendered.resume(returning: try? scope.render(template)) }
        }
    }

    @Test func demoIsKnownAtOnceAndTheTLSNamesWaitForTheChildsAnswer() async throws {
        let launches = Mutex(0)
        let addresses = DemoServerAddresses(startingAt: "http://127.0.0.1:41234") { _ in launches.withLock { $0 += 1 } }
        let scope = VariableScope(variables: [:], demoServer: addresses)
        expectEqual(try scope.render("{{demo}}/get"), "http://127.0.0.1:41234/get")
        expectEqual(try scope.render("{{demoWS}}/ws"), "ws://127.0.0.1:41234/ws")
        expectEqual(launches.withLock { $0 }, 0)
        #expect(addresses.tlsPending)
        let waiting = Task { await Self.render("{{demoTLS}}/get {{demoCA}}", in: scope) }
        addresses.listening()
        addresses.tlsListening(Self.tls, notice: nil)
        expectEqual(await waiting.value, "https://127.0.0.1:2/get /tmp/ca.pem")
        #expect(!addresses.tlsPending)
        // Whatever asked first started the child, once.
        expectEqual(launches.withLock { $0 }, 1)
        addresses.launch()
        addresses.waitUntilListening()
        expectEqual(launches.withLock { $0 }, 1)
    }

    @Test func aRequestWaitsUntilThePlainListenerIsUp() async {
        let addresses = DemoServerAddresses(startingAt: "http://127.0.0.1:41234") { _ in }
        let order = Mutex<[String]>([])
        let waited = Task {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread {
                    addresses.waitUntilListening()
                    order.withLock { $0.append("request") }
                    done.resume()
                }
            }
        }
        order.withLock { $0.append("listening") }
        addresses.listening()
        await waited.value
        expectEqual(order.withLock { $0 }, ["listening", "request"])
    }

    @Test func aServerThatFailsLeavesDemoUnknownAndSaysWhy() async throws {
        let addresses = DemoServerAddresses(startingAt: "http://127.0.0.1:41234") { _ in }
        addresses.say("the demo server is on port 41234, not 18080 (it is in use)")
        let heard = Mutex<[String]>([])
        addresses.onNotice { notice in heard.withLock { $0.append(notice) } }
        addresses.failed("address already in use")
        addresses.waitUntilListening()
        #expect(addresses.tls == nil)
        let scope = VariableScope(variables: [:], demoServer: addresses)
        #expect(throws: (any Error).self) { try scope.render("{{demo}}/get") }
        expectEqual(heard.withLock { $0 }, ["the demo server is on port 41234, not 18080 (it is in use)",
                                            "the demo server did not start: address already in use"])
    }

    @Test func anUnknownNameDoesNotWaitForTheServer() throws {
        // Were it to wait, this would take `waitLimit` (30 s) and then fail.
        let addresses = DemoServerAddresses(startingAt: "http://127.0.0.1:41234") { _ in Issue.record("launched for an unknown name") }
        let scope = VariableScope(variables: [:], demoServer: addresses)
        #expect(throws: (any Error).self) { try scope.render("{{nothing}}") }
        #expect(addresses.tlsPending)
    }
}
