#if !DemoTLS
/// ``DemoTLSListeners`` in a build without the DemoTLS trait (`--traits Workbench`): starting
/// them throws ``DemoTLSNotBuilt``, so ``DemoServer/tlsFailure`` says why and the plain server
/// runs alone; no value of it is ever made.
struct DemoTLSListeners: Sendable {
    let endpoints: DemoTLSEndpoints

    static func start(host: String, state: DemoServerState, filesIn parent: String) async throws -> DemoTLSListeners {
        throw DemoTLSNotBuilt()
    }

    func stop() async {}
}

/// Why a build without the DemoTLS trait has no TLS listeners.
struct DemoTLSNotBuilt: Error, CustomStringConvertible {
    var description: String { "this build has no TLS listeners (built without the DemoTLS trait)" }
}
#endif
