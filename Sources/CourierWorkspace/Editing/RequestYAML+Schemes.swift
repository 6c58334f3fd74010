import Courier

extension RequestYAML {
    /// `auth:` lines of a digest, NTLM, Negotiate or AWS auth, two spaces in.
    static func schemeAuthLines(_ scheme: HTTPAuthentication) -> [String] {
        var lines = ["  auth:"]
        func add(_ key: String, _ value: String?) {
            guard let value else { return }
            lines.append("      " + key + ": " + YAMLScalar.string(value, at: .blockValue))
        }
        switch scheme {
        case .digest(let user, let password), .ntlm(let user, let password):
            lines.append(scheme == .digest(user: user, password: password) ? "    digest:" : "    ntlm:")
            add("user", user)
            add("password", password)
        case .negotiate:
            lines.append("    negotiate: {}")
        case .aws(let aws):
            lines.append("    aws:")
            add("accessKey", aws.accessKey)
            add("secretKey", aws.secretKey)
            add("sessionToken", aws.sessionToken)
            add("region", aws.region)
            add("service", aws.service)
        }
        return lines
    }

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
