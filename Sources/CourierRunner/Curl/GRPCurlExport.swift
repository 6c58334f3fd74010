import Courier
import CourierFormat
import CourierFormatCore
import Foundation

/// A `grpc:` request as a grpcurl command — what `C` (copy as curl) gives for a call, since
/// curl cannot frame protobuf messages: the server as grpcurl names it (`-plaintext` for
/// `http://`), the schema (`-proto` with `-import-path`, `-protoset`, or the server's
/// reflection), TLS files, the headers and metadata (`-H`), the deadline (`-max-time`), the
/// message(s) as JSON (`-d`), and `package.Service/Method`.
enum GRPCurlExport {
    static func command(for request: WorkspaceRequest, grpc: GRPCDefinition, prepared: PreparedRequest,
                        quote: (String) -> String) throws -> String {
        let scope = request.scope
        var words = ["grpcurl"]
        let url = prepared.url
        if url.hasPrefix("http://") { words.append("-plaintext") }
        let tls = prepared.tlsPolicy
        if !tls.verifyPeer || !tls.verifyHost { words.append("-insecure") }
        if let caFile = tls.caFile { words += ["-cacert", quote(caFile)] }
        if let certificate = tls.clientCertificate {
            words += ["-cert", quote(certificate.certificateFile)]
            if let key = certificate.keyFile { words += ["-key", quote(key)] }
        }
        switch grpc.schema {
        case .protos(let files, let importPaths):
            for folder in importPaths { words += ["-import-path", quote(request.workspace.resolvePath(try scope.render(folder)))] }
            for file in files {
                let path = request.workspace.resolvePath(try scope.render(file))
                if importPaths.isEmpty { words += ["-import-path", quote((path as NSString).deletingLastPathComponent)] }
                words += ["-proto", quote((path as NSString).lastPathComponent)]
            }
        case .descriptorSet(let path): words += ["-protoset", quote(request.workspace.resolvePath(try scope.render(path)))]
        case .reflection: break
        }
        // The request's own headers (authorization, say); not those every call has, which
        // grpcurl sends itself.
        let callHeaders: Set<String> = ["content-type", "te", "grpc-accept-encoding", "grpc-encoding", "grpc-timeout", "user-agent"]
        for header in prepared.headers where !callHeaders.contains(header.name.lowercased()) {
            words += ["-H", quote("\(header.name): \(header.value)")]
        }
        for entry in grpc.metadata { words += ["-H", quote("\(entry.key): \(try scope.render(entry.value))")] }
        if let deadline = prepared.deadline { words += ["-max-time", YAMLScalar.seconds(deadline)] }
        var messages: [JSONValue] = []
        if let message = grpc.message { messages.append(try scope.render(message.json)) }
        for step in grpc.steps {
            if case .send(let message) = step { messages.append(try scope.render(message.json)) }
        }
        if !messages.isEmpty {
            words += ["-d", quote(messages.map { String(decoding: $0.serialized(), as: UTF8.self) }.joined(separator: " "))]
        }
        let address = url.dropFirst(url.hasPrefix("https://") ? 8 : url.hasPrefix("http://") ? 7 : 0)
        words.append(quote(String(address.prefix { $0 != "/" })))
        words.append(quote(grpc.service + "/" + grpc.method))
        return words.joined(separator: " ")
    }
}
