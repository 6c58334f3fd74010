import Foundation
import Testing

/// An independent verifier of HTTP Message Signatures: pyauth's `http-message-signatures`
/// (PyPI), which nobody here wrote, behind a loopback `http.server` started from the test
/// venv (`scripts/test-servers-bootstrap.sh` installs it). Every request it gets, but
/// `GET /status/200`, has its signature verified — its Content-Digest against the body too —
/// and is answered 200 with what was covered, or 401 with why not.
enum MessageSignatureVerifier {
    /// Starts the verifier trusting the keys in `directory` (`test-key-ed25519.pem`,
    /// `test-key-ecc-p256.pem`, `test-shared-secret.key`); the test is cancelled, the reason
    /// printed, when the package is not installed.
    static func start(keys directory: String) async throws -> HTTPBinServer {
        let python = HTTPBinServer.python.path
        let probe = try? ChildProcess.run([python, "-c", "import http_message_signatures"], input: Data(), discardingErrors: true)
        guard FileManager.default.isExecutableFile(atPath: python), probe?.status == 0 else {
            let reason = "no http-message-signatures in .build/test-venv (scripts/test-servers-bootstrap.sh installs it)"
            print("skipping the independent RFC 9421 verifier: \(reason)")
            try Test.cancel(Comment(rawValue: reason))
        }
        guard let server = await HTTPBinServer.startPython("RFC 9421 verifier", { port in ["-c", script, String(port), directory] }) else {
            let reason = "the verifier did not start"
            print("skipping the independent RFC 9421 verifier: \(reason)")
            try Test.cancel(Comment(rawValue: reason))
        }
        return server
    }

    static let script = #"""
    import json, sys
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    from cryptography.hazmat.primitives.serialization import load_pem_public_key
    from http_message_signatures import HTTPMessageVerifier, HTTPSignatureKeyResolver, InvalidSignature
    from http_message_signatures.algorithms import ED25519, HMAC_SHA256, ECDSA_P256_SHA256

    port, keys = int(sys.argv[1]), sys.argv[2]
    def pem(name):
        with open(f"{keys}/{name}", "rb") as f:
            return load_pem_public_key(f.read())
    with open(f"{keys}/test-shared-secret.key", "rb") as f:
        secret = f.read()
    trusted = {"test-key-ed25519": (ED25519, pem("test-key-ed25519.pem")),
               "test-key-ecc-p256": (ECDSA_P256_SHA256, pem("test-key-ecc-p256.pem")),
               "test-shared-secret": (HMAC_SHA256, secret)}

    class Keys(HTTPSignatureKeyResolver):
        def resolve_public_key(self, key_id):
            return trusted[key_id][1] if key_id in trusted else None

    class Message:
        def __init__(self, method, url, headers):
            self.method, self.url, self.headers = method, url, headers

    class Handler(BaseHTTPRequestHandler):
        def answer(self, status, payload):
            body = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def verify(self):
            if self.command == "GET" and self.path == "/status/200":
                return self.answer(200, {})
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            message = Message(self.command, f"http://{self.headers['Host']}{self.path}", self.headers)
            key_id = self.headers.get("Signature-Input", "").split('keyid="')[-1].split('"')[0]
            try:
                algorithm = trusted[key_id][0] if key_id in trusted else ED25519
                results = HTTPMessageVerifier(signature_algorithm=algorithm, key_resolver=Keys()).verify(
                    message, body=body if body else None)
                self.answer(200, {"verified": results[0].label, "algorithm": algorithm.algorithm_id,
                                  "covered": [str(c) for c in results[0].covered_components if str(c) != '"@signature-params"']})
            except Exception as error:
                self.answer(401, {"error": f"{type(error).__name__}: {error}"})

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = verify

        def log_message(self, *args):
            pass

    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
    """#
}
