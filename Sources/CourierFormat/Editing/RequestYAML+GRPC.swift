import Courier

extension RequestYAML {
    /// A gRPC request's own keys — `grpc:` (block style), `message:` (a flow mapping),
    /// `metadata:` (one key per line) and `messages:` (one step per line) — in place of
    /// `method:` and `url:`, which a call has none of.
    static func grpcLines(_ grpc: GRPCDefinition) -> [String] {
        func text(_ value: String) -> String { YAMLScalar.string(value, at: .blockValue) }
        func list(_ items: [String]) -> String {
            "[" + items.map { YAMLScalar.string($0, at: .flowValue) }.joined(separator: ", ") + "]"
        }
        var lines = ["  grpc:", "    target: " + text(grpc.target), "    service: " + text(grpc.service), "    method: " + text(grpc.method)]
        switch grpc.schema {
        case .protos(let files, let importPaths):
            lines.append("    proto: " + (files.count == 1 ? text(files[0]) : list(files)))
            if !importPaths.isEmpty { lines.append("    importPaths: " + list(importPaths)) }
        case .descriptorSet(let path): lines.append("    descriptorSet: " + text(path))
        case .reflection: lines.append("    reflection: true")
        }
        if grpc.plaintext { lines.append("    plaintext: true") }
        if let compression = grpc.compression { lines.append("    compression: " + compression.rawValue) }
        if let message = grpc.message { lines.append("  message: " + YAMLScalar.json(message.json, at: .blockValue)) }
        if !grpc.metadata.isEmpty {
            lines.append("  metadata:")
            lines += grpc.metadata.map { "    " + YAMLScalar.blockKey($0.key, indentation: 4) + ": " + text($0.value) }
        }
        if !grpc.steps.isEmpty {
            lines.append("  messages:")
            lines += grpc.steps.map { step in
                switch step {
                case .send(let message): "    - send: " + YAMLScalar.json(message.json, at: .blockValue)
                case .expect(let condition, let timeout) where timeout == 5:
                    "    - expect: " + text(condition.text)
                case .expect(let condition, let timeout):
                    "    - {expect: " + YAMLScalar.string(condition.text, at: .flowValue) + ", timeout: " + YAMLScalar.seconds(timeout) + "}"
                case .wait(let seconds): "    - wait: " + YAMLScalar.seconds(seconds)
                case .close: "    - close"
                }
            }
        }
        return lines
    }
}
