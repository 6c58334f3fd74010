import Foundation
import Testing

/// The descriptor sets the codec's tests read, compiled from Tests/Fixtures/grpc/*.proto by
/// Debian's `protoc` (or grpcio-tools' in the test venv), and Python's protobuf as the oracle
/// (Tests/Fixtures/servers/proto_oracle.py). A test that cannot have them is cancelled with
/// the reason: scripts/test-servers-bootstrap.sh installs both.
enum ProtoFixtures {
    /// Why a fixture cannot be had here.
    struct Unavailable: Error {
        let reason: String
    }

    /// ``descriptorSet(_:)`` off the concurrency pool; the test is cancelled (reported as
    /// skipped) with the reason when there is no compiler.
    static func requiredDescriptorSet(_ files: [String]) async throws -> (bytes: Data, path: String) {
        do { return try await offThePool { try descriptorSet(files) } } catch let missing as Unavailable {
            print("skipping: \(missing.reason)")
            try Test.cancel(Comment(rawValue: missing.reason))
        }
    }

    /// ``oracle(set:type:requests:)`` off the concurrency pool; cancelled like
    /// ``requiredDescriptorSet(_:)``.
    static func requiredOracle(set path: String, type: String, requests: [String]) async throws -> [OracleAnswer] {
        do { return try await offThePool { try oracle(set: path, type: type, requests: requests) } } catch let missing as Unavailable {
            print("skipping: \(missing.reason)")
            try Test.cancel(Comment(rawValue: missing.reason))
        }
    }

    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static var protos: String { root.appendingPathComponent("Tests/Fixtures/grpc").path }
    static var python: String { GRPCPlacesServer.python }

    /// `files` compiled with their imports into a descriptor set; its bytes and its path.
    static func descriptorSet(_ files: [String]) throws -> (bytes: Data, path: String) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("courier-protos-\(UUID().uuidString).pb").path
        // grpcio-tools' protoc carries the well-known types' files; Debian's finds them in
        // /usr/include with libprotobuf-dev.
        let compilers: [[String]] = [[python, "-m", "grpc_tools.protoc"], ["/usr/bin/protoc", "-I", "/usr/include"]]
        var reasons: [String] = []
        for compiler in compilers where FileManager.default.isExecutableFile(atPath: compiler[0]) {
            let result = try run(compiler + ["--include_imports", "--descriptor_set_out=" + out, "-I", protos] + files, input: nil)
            if result.status == 0 { return (try Data(contentsOf: URL(fileURLWithPath: out)), out) }
            reasons.append("\(compiler.joined(separator: " ")): \(result.output)")
        }
        throw Unavailable(reason: reasons.isEmpty ? "no protoc (apt-get install protobuf-compiler, or scripts/test-servers-bootstrap.sh)"
                                                  : reasons.joined(separator: "; "))
    }

    /// One answer of the oracle: the binary encoding in hex and the JSON it reads, or why not.
    struct OracleAnswer: Sendable {
        var binary: String?
        var json: Data?
        var error: String?
    }

    /// Python's protobuf's answers, one per request, for message type `type`.
    static func oracle(set path: String, type: String, requests: [String]) throws -> [OracleAnswer] {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Unavailable(reason: "no test venv with protobuf (scripts/test-servers-bootstrap.sh)")
        }
        let script = root.appendingPathComponent("Tests/Fixtures/servers/proto_oracle.py").path
        let result = try run([python, script, path, type], input: requests.joined(separator: "\n") + "\n")
        guard result.status == 0 else { throw Unavailable(reason: "the protobuf oracle failed: \(result.output.suffix(300))") }
        return result.output.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return OracleAnswer(binary: object["binary"] as? String,
                                json: object["json"].flatMap { try? JSONSerialization.data(withJSONObject: $0) },
                                error: object["error"] as? String)
        }
    }

    private static func run(_ arguments: [String], input: String?) throws -> (status: Int32, output: String) {
        try ChildProcess.run(arguments, input: input.map { Data($0.utf8) })
    }
}
