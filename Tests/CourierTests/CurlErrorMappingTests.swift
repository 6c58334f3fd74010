import CCurl
@testable import Courier
import Testing

/// libcurl's results as Courier's codes and messages, for the faults a loopback test cannot
/// produce (a real name lookup would leave the machine) and the messages made clearer.
@Suite struct CurlErrorMappingTests {
    @Test func anUnresolvableHostIsCannotFindHost() {
        let error = CurlError.requestError(CURLE_COULDNT_RESOLVE_HOST, detail: "Could not resolve host: nowhere.invalid")
        #expect(error.family == .transport && error.code == .cannotFindHost)
        #expect(error.message.contains("nowhere.invalid"))
        expectEqual(error.curlCode, 6)
    }

    @Test func certificateFailuresSayWhich() {
        let expired = CurlError.requestError(CURLE_PEER_FAILED_VERIFICATION, detail: "SSL certificate problem: certificate has expired")
        #expect(expired.code == .serverCertificateUntrusted && expired.message.hasPrefix("The server's certificate has expired"))
        let host = CurlError.requestError(CURLE_PEER_FAILED_VERIFICATION,
                                          detail: "SSL: no alternative certificate subject name matches target host name '127.0.0.1'")
        #expect(host.message.hasPrefix("The server's certificate is for another host name"))
    }

    @Test func oversizedHeadersAndNonHTTPRepliesAreBadServerResponses() {
        expectEqual(CurlError.requestError(CURLE_OUT_OF_MEMORY, detail: "").code, .badServerResponse)
        expectEqual(CurlError.requestError(CURLE_UNSUPPORTED_PROTOCOL, detail: "Received HTTP/0.9 when not allowed").code, .badServerResponse)
        expectEqual(CurlError.requestError(CURLE_UNSUPPORTED_PROTOCOL, detail: "Protocol \"ftp\" not supported").code, .unsupportedURL)
    }
}
