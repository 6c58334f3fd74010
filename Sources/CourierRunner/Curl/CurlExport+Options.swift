import Courier
import CourierFormat

extension CurlExport {
    /// curl's options for the authentication libcurl performs, a client certificate, the HTTP
    /// version, the route and the transfer options; passwords and secret keys replaced when `hidingSecrets`.
    static func optionWords(_ prepared: PreparedRequest, hidingSecrets: Bool, quote: (String) -> String) -> [String] {
        func secret(_ text: String) -> String { hidingSecrets ? Redaction.placeholder : text }
        var words: [String] = []
        if let authentication = prepared.libcurlAuthentication {
            let user = quote(authentication.user + ":" + secret(authentication.password))
            switch authentication.method {
            case .digest: words += ["--digest", "-u", user]
            case .ntlm: words += ["--ntlm", "-u", user]
            case .negotiate: words += ["--negotiate", "-u", ":"]
            case .awsSigV4(let region, let service):
                words += ["--aws-sigv4", quote("aws:amz:\(region):\(service)"), "-u", user]
            }
        }
        if let certificate = prepared.tlsPolicy.clientCertificate {
            words += ["--cert", quote(certificateName(certificate.certificateFile))]
            if certificate.format == .pkcs12 { words += ["--cert-type", "P12"] }
            if let key = certificate.keyFile { words += ["--key", quote(key)] }
            if let password = certificate.keyPassword { words += ["--pass", quote(secret(password))] }
        }
        switch prepared.httpVersion {
        case .auto: break
        case .http1_1: words.append("--http1.1")
        case .http2: words.append("--http2")
        case .http2PriorKnowledge: words.append("--http2-prior-knowledge")
        }
        for entry in prepared.connectionRoute?.resolve ?? [] { words += ["--resolve", quote(entry)] }
        for entry in prepared.connectionRoute?.connectTo ?? [] { words += ["--connect-to", quote(entry)] }
        if let socket = prepared.connectionRoute?.unixSocket { words += ["--unix-socket", quote(socket)] }
        return words + TransferOptionFields.curlWords(prepared.transferOptions)
    }

    /// A file's name as curl's `--cert file[:password]` reads it: a colon would start the
    /// password, so it is written `\:`, and a backslash `\\`.
    static func certificateName(_ file: String) -> String {
        file.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
    }
}
