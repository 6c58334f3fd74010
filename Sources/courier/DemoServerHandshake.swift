import CourierDemoServer
import CourierFormatCore
import Foundation

/// What `courier serve --child` tells the workbench that started it, one JSON line at a time
/// on its standard output: first that its plain listener is up (`baseURL`), then its TLS
/// listeners (`tls`, or `tlsFailure`).
struct DemoServerHandshake: Codable {
    var baseURL: String?
    var tls: DemoTLSVariables?
    var tlsFailure: String?

    init(baseURL: String? = nil, tls: DemoTLSVariables? = nil, tlsFailure: String? = nil) {
        self.baseURL = baseURL
        self.tls = tls
        self.tlsFailure = tlsFailure
    }

    /// Passes what this line says on to `addresses`; false when it says nothing it knows.
    func tell(_ addresses: DemoServerAddresses) -> Bool {
        if baseURL != nil {
            addresses.listening()
            return true
        }
        if tls != nil || tlsFailure != nil {
            addresses.tlsListening(tls, notice: tlsFailure.map { "the demo server's TLS listeners did not start: \($0)" })
            return true
        }
        return false
    }
}

extension DemoTLSVariables {
    /// The variables of a demo server's TLS listeners.
    init(_ endpoints: DemoTLSEndpoints) {
        self.init(baseURL: endpoints.baseURL, clientCertificateBaseURL: endpoints.clientCertificateBaseURL,
                  caFile: endpoints.files.caFile, clientCertificateFile: endpoints.files.clientCertificateFile,
                  clientKeyFile: endpoints.files.clientKeyFile, plaintextHTTP2BaseURL: endpoints.plaintextHTTP2BaseURL)
    }
}
