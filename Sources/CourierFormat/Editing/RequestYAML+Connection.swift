import Courier

extension RequestYAML {
    /// `tls:`'s client certificate lines, four spaces in.
    static func clientCertificateLines(_ certificate: ClientCertificate?) -> [String] {
        guard let certificate else { return [] }
        return ["    clientCert: " + YAMLScalar.string(certificate.certificateFile, at: .blockValue)]
            + (certificate.keyFile.map { ["    clientKey: " + YAMLScalar.string($0, at: .blockValue)] } ?? [])
            + (certificate.keyPassword.map { ["    keyPassword: " + YAMLScalar.string($0, at: .blockValue)] } ?? [])
    }

    /// `http:`, `resolve:`, `connectTo:` and `unixSocket:` lines, two spaces in.
    static func connectionLines(_ connection: ConnectionSettings) -> [String] {
        func list(_ items: [String]) -> String { "[" + items.map { YAMLScalar.string($0, at: .flowValue) }.joined(separator: ", ") + "]" }
        var lines: [String] = []
        if let http = connection.http { lines.append("  http: " + YAMLScalar.string(http.rawValue, at: .blockValue)) }
        if !connection.route.resolve.isEmpty { lines.append("  resolve: " + list(connection.route.resolve)) }
        if !connection.route.connectTo.isEmpty { lines.append("  connectTo: " + list(connection.route.connectTo)) }
        if let socket = connection.route.unixSocket { lines.append("  unixSocket: " + YAMLScalar.string(socket, at: .blockValue)) }
        return lines
    }
}
