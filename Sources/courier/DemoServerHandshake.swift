import CourierDemoServer
import CourierFormatCore
import Foundation

/// What `courier serve --child` tells the workbench that started it, one JSON line at a time
/// on its standard output: first that its plain listener is up (`baseURL`), then its TLS
/// listeners (`tls`, or `tlsFailure`).
struct DemoServerHandshake: Codable {
    var baseURL: String?
    var tls: TLS?
    var tlsFailure: String?

    /// The TLS listeners and their files (``DemoTLSVariables``' fields).
    struct TLS: Codable {
        var baseURL: String
        var clientCertificateBaseURL: String
        var plaintextHTTP2BaseURL: String?
        var caFile: String
        var clientCertificateFile: String
        var clientKeyFile: String

        init(_ endpoints: DemoTLSEndpoints) {
            baseURL = endpoints.baseURL
            clientCertificateBaseURL = endpoints.clientCertificateBaseURL
            plaintextHTTP2BaseURL = endpoints.plaintextHTTP2BaseURL
            caFile = endpoints.files.caFile
            clientCertificateFile = endpoints.files.clientCertificateFile
            clientKeyFile = endpoints.files.clientKeyFile
        }

        var variables: DemoTLSVariables {
            DemoTLSVariables(baseURL: baseURL, clientCertificateBaseURL: clientCertificateBaseURL, caFile: caFile,
                             clientCertificateFile: clientCertificateFile, clientKeyFile: clientKeyFile,
                             plaintextHTTP2BaseURL: plaintextHTTP2BaseURL)
        }
    }

    init(baseURL: String? = nil, tls: TLS? = nil, tlsFailure: String? = nil) {
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
            addresses.tlsListening(tls?.variables, notice: tlsFailure.map { "the demo server's TLS listeners did not start: \($0)" })
            return true
        }
        return false
    }
}
