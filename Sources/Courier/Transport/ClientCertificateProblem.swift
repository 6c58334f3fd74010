/// libcurl's and OpenSSL's words for a client certificate that cannot be used or that the
/// server refused, said as what the user should change. The original text follows in parentheses.
enum ClientCertificateProblem {
    /// `CURLE_SSL_CERTPROBLEM`: the certificate or key could not be loaded on this side.
    static func explain(_ text: String) -> String {
        let reason: String
        if text.contains("No such file") || text.contains("could not open") {
            reason = "The client certificate or key file does not exist or cannot be read."
        } else if text.contains("PKCS12") && (text.contains("mac verify") || text.contains("password")) {
            reason = "The PKCS#12 file's password (keyPassword) is wrong or missing."
        } else if text.contains("unable to set private key file") || text.contains("unable to use client certificate") {
            reason = "The client key cannot be used: its password (keyPassword) is wrong or missing, "
                + "or the key does not belong to the client certificate."
        } else if text.contains("could not load") || text.contains("unable to set client certificate") {
            reason = "The client certificate cannot be loaded: it is not a certificate in the format given "
                + "(PEM, or PKCS#12 for .p12/.pfx)."
        } else {
            reason = "The client certificate cannot be used."
        }
        return "\(reason) (\(text))"
    }

    /// A TLS alert by which the server refused this side's certificate, or asked for one
    /// that was not sent; nil for other failures.
    static func refusal(_ text: String) -> String? {
        let lowered = text.lowercased()
        if lowered.contains("alert certificate required") {
            return "The server requires a client certificate and none was sent; set tls.clientCert. (\(text))"
        }
        let refusals = ["alert unknown ca", "alert bad certificate", "alert certificate unknown",
                        "alert certificate expired", "alert certificate revoked", "alert unsupported certificate",
                        "alert access denied"]
        guard refusals.contains(where: lowered.contains) else { return nil }
        return "The server refused the client certificate (not issued by a CA it trusts, expired, revoked, "
            + "or not for this use). (\(text))"
    }
}
