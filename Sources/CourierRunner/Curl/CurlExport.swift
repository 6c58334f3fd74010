import Courier
import CourierFormat
import Foundation

/// `courier export-curl`: a curl command that sends the same request as a workspace
/// request — built from what the engine would send (URL filters, base URL, arguments,
/// authorization, body), secrets included, since the command is meant to be run. An
/// `oauth2:` or `command:` token, which only exists at send time, is a placeholder
/// (``WorkspaceRequest/tokenHeader``) unless the caller fetched it (`token`).
public enum CurlExport {
    /// The command for `request` as it would start now; with `hidingSecrets`, the values
    /// of secret headers (authorization, cookies, API keys) are replaced, for the screen.
    public static func command(for request: Request, hidingSecrets: Bool = false,
                               token: (name: String, value: String)? = nil) throws(RequestError) -> String {
        // A request that could not be filled in (a placeholder's value that cannot go in a
        // header, say) is refused as its send would be, not exported without the part.
        // A call whose schema is not loaded has all a grpcurl command needs.
        if let problem = request.argumentsProblem(), (request as? WorkspaceRequest)?.needsSchema != true {
            throw RequestError(family: .parameter, code: .invalidParameters, message: problem)
        }
        var prepared = try request.preparedRequest()
        if let header = token ?? (request as? WorkspaceRequest)?.tokenHeader, prepared.header(header.name) == nil {
            prepared.headers.append(header)
        }
        if hidingSecrets { prepared.headers = Redaction.headers(prepared.headers) }
        // curl cannot frame a call's messages: a gRPC request is a grpcurl command.
        if let call = request as? WorkspaceRequest, let grpc = call.source.grpc {
            do { return try GRPCurlExport.command(for: call, grpc: grpc, prepared: prepared, quote: ShellWords.quote) } catch {
                throw RequestError(family: .parameter, code: .invalidParameters, message: "\(error)")
            }
        }
        return words(for: prepared, hidingSecrets: hidingSecrets, quote: ShellWords.quote).joined(separator: " ")
    }

    /// The words of curl's command for `prepared`, each value written by `quote` (a shell
    /// word; copy-as-code's reads secrets from the environment, ``CodeLanguage/curl``).
    static func words(for prepared: PreparedRequest, hidingSecrets: Bool, quote: (String) -> String) -> [String] {
        var words = ["curl"]
        switch prepared.method {
        case .get: break
        case .head: words.append("-I")
        default: words += ["-X", prepared.method.rawValue]
        }
        words.append(quote(prepared.url))
        for header in prepared.headers {
            if prepared.multipart != nil && header.name.caseInsensitiveCompare("Content-Type") == .orderedSame { continue }
            words += ["-H", quote("\(header.name): \(header.value)")]
        }
        if let multipart = prepared.multipart {
            for part in multipart.parts {
                switch part {
                case .field(let name, let value):
                    words += ["--form-string", quote("\(name)=\(value)")]
                case .file(let name, let path, let filename, let contentType):
                    var spec = "\(name)=@\(path)"
                    if let filename { spec += ";filename=\(filename)" }
                    if let contentType { spec += ";type=\(contentType)" }
                    words += ["-F", quote(spec)]
                case .data(let name, let data, _, _):
                    words += ["--form-string", quote("\(name)=\(String(decoding: data, as: UTF8.self))")]
                }
            }
        } else if let file = prepared.bodyFile {
            words += ["--data-binary", quote("@" + file)]
        } else if let body = prepared.body, !body.isEmpty || prepared.method.encodesArgumentsInQuery == false {
            words += ["--data-binary", quote(String(decoding: body, as: UTF8.self))]
        }
        if !prepared.tlsPolicy.verifyPeer { words.append("--insecure") }
        if let caFile = prepared.tlsPolicy.caFile { words += ["--cacert", quote(caFile)] }
        if let pinned = prepared.tlsPolicy.pinnedPublicKey { words += ["--pinnedpubkey", quote(pinned)] }
        words += optionWords(prepared, hidingSecrets: hidingSecrets, quote: quote)
        return words
    }
}
