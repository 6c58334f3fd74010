import Courier

extension CurlImport {
    /// curl's options for the authentication libcurl performs, a client certificate, the HTTP
    /// version and the route — what `export-curl` writes for `auth:` digest/ntlm/negotiate/aws,
    /// `tls:` clientCert/clientKey/keyPassword and `http:`/`resolve:`/`connectTo:`/`unixSocket:`.
    struct Options {
        /// `--digest`, `--ntlm` or `--negotiate`; nil: basic (curl's default, and `--basic`).
        var scheme: String?
        /// `--aws-sigv4`'s `provider1:provider2:region:service`.
        var sigV4: String?
        var certificate: String?
        var key: String?
        var keyPassword: String?
        var certificateType: String?
        var connection = ConnectionSettings()
        /// `--max-redirs`, `--location-trusted`, `--expect100-timeout` (``TransferOptionFields``).
        var transfer = TransferOptions()

        /// Takes `flag` (and its value from `value`) when it is one of these options.
        mutating func read(_ flag: String, value: () throws(Failure) -> String) throws(Failure) -> Bool {
            switch flag {
            case "--basic": scheme = nil
            case "--digest", "--ntlm", "--negotiate": scheme = flag
            case "--aws-sigv4": sigV4 = try value()
            case "-E", "--cert":
                (certificate, keyPassword) = Self.certificateAndPassword(try value(), password: keyPassword)
            case "--key": key = try value()
            case "--pass": keyPassword = try value()
            case "--cert-type": certificateType = try value()
            case "--http1.1": connection.http = .http1_1
            case "--http2": connection.http = .http2
            case "--http2-prior-knowledge": connection.http = .http2PriorKnowledge
            case "--resolve": connection.route.resolve.append(try value())
            case "--connect-to": connection.route.connectTo.append(try value())
            case "--unix-socket": connection.route.unixSocket = try value()
            default: return try TransferOptionFields.readCurl(flag, value: value, into: &transfer)
            }
            return true
        }

        /// The `auth:` lines of the scheme named with `user` (`-u`), or nil for basic. A SigV4
        /// session token leaves `headers` for `sessionToken:`. Secrets stay inline, as `-u` does for basic.
        func authLines(user: String?, headers: inout [(String, String)]) throws(Failure) -> [String]? {
            let (name, password) = user.map(Self.userAndPassword) ?? ("", "")
            if let sigV4 {
                let fields = sigV4.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 4, fields[0] == "aws", fields[1] == "amz", !fields[2].isEmpty, !fields[3].isEmpty else {
                    throw Failure(description: "--aws-sigv4 \(sigV4): Courier signs \"aws:amz:REGION:SERVICE\" (region and service named)")
                }
                guard user != nil else { throw Failure(description: "--aws-sigv4 needs -u ACCESS_KEY:SECRET_KEY") }
                let token = headers.firstIndex { $0.0.caseInsensitiveCompare("x-amz-security-token") == .orderedSame }
                let sessionToken = token.map { headers.remove(at: $0).1 }
                return RequestYAML.authLines(.aws(AWSCredentials(accessKey: name, secretKey: password, sessionToken: sessionToken,
                                                                       region: fields[2], service: fields[3])))
            }
            switch scheme {
            case "--digest": return RequestYAML.authLines(.digest(user: name, password: password))
            case "--ntlm": return RequestYAML.authLines(.ntlm(user: name, password: password))
            // curl uses neither the user nor the password for Negotiate (`-u :` only turns it on).
            case "--negotiate": return RequestYAML.authLines(.negotiate)
            default: return nil
            }
        }

        /// The client certificate of `--cert`/`--key`/`--pass`/`--cert-type`.
        func clientCertificate() throws(Failure) -> ClientCertificate? {
            guard let certificate else {
                if key != nil || keyPassword != nil { throw Failure(description: "--key and --pass go with --cert (the certificate file)") }
                return nil
            }
            let client = ClientCertificate(certificateFile: certificate, keyFile: key, keyPassword: keyPassword)
            if let certificateType, certificateType.uppercased() != client.format.rawValue {
                throw Failure(description: """
                    --cert-type \(certificateType) with \(certificate): Courier reads a .p12/.pfx file as PKCS#12 (P12) \
                    and anything else as PEM; name the file accordingly
                    """)
            }
            return client
        }

        /// `user:password` split at its first colon; no colon, an empty password.
        static func userAndPassword(_ user: String) -> (String, String) {
            let parts = user.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }

        /// curl's `--cert file[:password]`, where `\:` is a colon of the file's name and `\\` a
        /// backslash.
        private static func certificateAndPassword(_ spec: String, password: String?) -> (String, String?) {
            var file = ""
            var characters = spec[...]
            while let character = characters.popFirst() {
                if character == "\\", characters.first == ":" || characters.first == "\\" {
                    file.append(characters.removeFirst())
                } else if character == ":" {
                    return (file, String(characters))
                } else {
                    file.append(character)
                }
            }
            return (file, password)
        }
    }
}
