import Courier

extension TLSPolicy {
    /// The policy with `{{placeholders}}` in its file paths filled in (`caFile: "{{demoCA}}"`);
    /// `keyPassword` is left to the caller, who also has to hide it.
    func withFilesRendered<Failure: Error>(_ render: (String) throws(Failure) -> String) throws(Failure) -> TLSPolicy {
        var policy = self
        policy.caFile = try caFile.map { text throws(Failure) in try render(text) }
        if let certificate = clientCertificate {
            policy.clientCertificate?.certificateFile = try render(certificate.certificateFile)
            policy.clientCertificate?.keyFile = try certificate.keyFile.map { text throws(Failure) in try render(text) }
        }
        return policy
    }
}
