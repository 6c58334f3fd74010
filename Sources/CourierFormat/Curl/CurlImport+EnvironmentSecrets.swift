import Courier

extension CurlImport {
    /// Puts `{{env.NAME}}` in place of a curl command's secrets, for a workspace file that is
    /// committed: the bearer token (`API_TOKEN`), `-u`'s password (`API_PASSWORD`, or
    /// `AWS_SECRET_ACCESS_KEY` with `--aws-sigv4`), a SigV4 session token, every header the
    /// redaction rules call sensitive (`Cookie` → `COOKIE`, `X-Api-Key` → `X_API_KEY`, another
    /// `Authorization` → `AUTHORIZATION`) and a client key's password (`CLIENT_KEY_PASSWORD`).
    /// Off, it changes nothing.
    struct EnvironmentSecrets {
        let isOn: Bool
        /// The environment variables the request now reads, in order of first use.
        private(set) var names: [String] = []

        mutating func move(user: inout String?, headers: inout [(String, String)], options: inout Options) {
            guard isOn else { return }
            if let given = user {
                let (name, password) = Options.userAndPassword(given)
                if !password.isEmpty {
                    user = name + ":" + reference(options.sigV4 == nil ? "API_PASSWORD" : "AWS_SECRET_ACCESS_KEY")
                }
            }
            for index in headers.indices where Redaction.isSensitiveHeader(headers[index].0) {
                let (header, value) = headers[index]
                if header.caseInsensitiveCompare("Authorization") == .orderedSame, value.hasPrefix("Bearer ") {
                    headers[index].1 = "Bearer " + reference("API_TOKEN")
                } else if header.caseInsensitiveCompare("x-amz-security-token") == .orderedSame {
                    headers[index].1 = reference("AWS_SESSION_TOKEN")
                } else {
                    headers[index].1 = reference(Self.variableName(header))
                }
            }
            if let password = options.keyPassword, !password.isEmpty {
                options.keyPassword = reference("CLIENT_KEY_PASSWORD")
            }
        }

        /// `{{env.NAME}}`, remembering `NAME`.
        private mutating func reference(_ name: String) -> String {
            if !names.contains(name) { names.append(name) }
            return "{{env.\(name)}}"
        }

        /// `X-Api-Key` → `X_API_KEY`.
        static func variableName(_ header: String) -> String {
            String(header.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
        }
    }
}
