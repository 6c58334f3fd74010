import Foundation
import CourierWorkspace

/// An `Authorization` header of a `.http` file read as the workspace's `auth`.
enum HTTPFileAuth {
    enum Outcome: Equatable {
        /// The header becomes `auth`.
        case auth(RequestDefinition.Auth)
        /// A scheme the client computes (Digest, AWS, Azure AD): the header cannot be sent as
        /// written.
        case unsupported(scheme: String)
        /// Sent as the header it is (`token abc`, `Basic {{credentials}}`).
        case header
    }

    /// `Bearer x`; `Basic user password` and `Basic user:password` (REST Client's and
    /// JetBrains' unencoded forms) and `Basic base64` (RFC 7617).
    static func read(_ value: String) -> Outcome {
        let text = HTTPFileText.trim(value)
        let scheme = String(text.prefix { $0 != " " && $0 != "\t" })
        let credentials = HTTPFileText.trim(String(text.dropFirst(scheme.count)))
        switch scheme.lowercased() {
        case "bearer" where !credentials.isEmpty:
            return .auth(.bearer(token: credentials))
        case "basic" where !credentials.isEmpty:
            return basic(credentials).map { .auth($0) } ?? .header
        case "digest", "aws":
            return HTTPFileSchemeAuth.read(scheme: scheme, credentials: credentials).map { .auth(.scheme($0)) } ?? .unsupported(scheme: scheme)
        case "azuread", "ntlm", "negotiate":
            return .unsupported(scheme: scheme)
        default:
            return .header
        }
    }

    private static func basic(_ credentials: String) -> RequestDefinition.Auth? {
        if let space = credentials.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            return .basic(user: String(credentials[..<space]),
                          password: HTTPFileText.trim(String(credentials[credentials.index(after: space)...])))
        }
        if !credentials.contains("{{"), let data = Data(base64Encoded: credentials),
           let decoded = String(data: data, encoding: .utf8), let colon = decoded.firstIndex(of: ":") {
            return .basic(user: String(decoded[..<colon]), password: String(decoded[decoded.index(after: colon)...]))
        }
        if let colon = credentials.firstIndex(of: ":") {
            return .basic(user: String(credentials[..<colon]), password: String(credentials[credentials.index(after: colon)...]))
        }
        return nil
    }
}
