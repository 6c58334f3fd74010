// The RFC 9421 signature workspace the format's, the runner's and the composer's tests read:
// symlinked into each of those test targets.

/// A workspace with a request signed by `hmac-sha256` (its key a variable) and one whose
/// `ed25519` key is a file.
enum MessageSignatureWorkspace {
    static let secret = "uzvJfB4u3N0Jy4T7NZ75MDVcr8zSTInedJtkgcu46YW4XByzNJjxBdtjUkdJPBtbmHhIDi6pcl8jsasjlTMtDQ=="
    static let yaml = """
        config: {baseUrl: "{{demo}}"}
        variables: {sigKey: "\(secret)"}
        requests:
          signed:
            method: POST
            url: /anything/orders?b=2&a=1
            body: {json: {item: book}}
            auth:
              signature:
                keyId: test-shared-secret
                algorithm: hmac-sha256
                key: "{{sigKey}}"
                components: ["@method", "@authority", "@path", "@query", content-digest, content-type, date]
                expires: 300
                tag: courier
            expect:
              - $.headers['Signature-Input'] matches /^sig1=\\("@method" "@authority" "@path" "@query" "content-digest" "content-type" "date"\\);created=[0-9]+;expires=[0-9]+;keyid="test-shared-secret";tag="courier"$/
              - $.headers['Signature'] matches /^sig1=:[A-Za-z0-9+\\/]+=*:$/
              - $.headers['Content-Digest'] matches /^sha-256=:/
              - $.headers['Date'] exists
          from-file:
            url: /get
            auth: {signature: {keyId: k1, algorithm: ed25519, keyFile: keys/ed25519.pem, label: mine}}
        """
}
