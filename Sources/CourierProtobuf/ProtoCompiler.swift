import Foundation

/// `.proto` files made into a ``ProtoSchema`` by `protoc` (`--include_imports
/// --descriptor_set_out`): Debian's `protobuf-compiler`, protobuf's release archive, or the one
/// `COURIER_PROTOC` names. The well-known types' files (`google/protobuf/*.proto`) are found
/// beside that compiler (`../include`) or in `/usr/include` (Debian's `libprotobuf-dev`).
public struct ProtoCompiler: Sendable {
    /// Why `.proto` files could not be compiled.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// protoc's own words (file:line:column: …), or why protoc could not run, and what to do.
        public var description: String
    }

    /// The compiler's path.
    public var executable: String
    /// Folders the well-known types' files were found in, searched after the caller's.
    public var wellKnownIncludes: [String]

    /// The compiler `COURIER_PROTOC` names, or the first `protoc` on `PATH`; nil when there is none.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> ProtoCompiler? {
        let fileManager = FileManager.default
        var executable = environment["COURIER_PROTOC"].flatMap { $0.isEmpty ? nil : $0 }
        if executable == nil {
            let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
            executable = folders.map { "\($0)/protoc" }.first { fileManager.isExecutableFile(atPath: $0) }
        }
        guard let executable, fileManager.isExecutableFile(atPath: executable) else { return nil }
        let beside = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("include").path
        var seen = Set<String>()
        let includes = [beside, "/usr/local/include", "/usr/include"].filter {
            seen.insert($0).inserted && fileManager.fileExists(atPath: $0 + "/google/protobuf/timestamp.proto")
        }
        return ProtoCompiler(executable: executable, wellKnownIncludes: includes)
    }

    /// A compiler at `executable`, with the well-known types' files in `wellKnownIncludes`.
    public init(executable: String, wellKnownIncludes: [String] = []) {
        self.executable = executable
        self.wellKnownIncludes = wellKnownIncludes
    }

    /// `files` and everything they import, compiled. `importPaths` are protoc's `-I` folders;
    /// when empty, each file's own folder. protoc runs on a thread of its own, not on the
    /// concurrency pool.
    public func schema(files: [String], importPaths: [String] = []) async throws(Failure) -> ProtoSchema {
        guard !files.isEmpty else { throw Failure(description: "no .proto file given") }
        let roots = importPaths.isEmpty
            ? Array(Set(files.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })).sorted() : importPaths
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-protoc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch { throw Failure(description: "cannot make a temporary folder for protoc's output: \(error.localizedDescription)") }
        let out = folder.appendingPathComponent("set.pb").path
        let arguments = ["--include_imports", "--descriptor_set_out=" + out] + (roots + wellKnownIncludes).map { "-I" + $0 } + files
        let (status, errors) = try await run(arguments)
        guard status == 0 else {
            var text = errors.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.contains("google/protobuf/"), text.contains("not found") || text.contains("File not found") {
                text += "\nthe well-known types' .proto files were not found: install libprotobuf-dev (Debian), "
                    + "or use protoc from protobuf's release archive, whose include/ folder sits beside bin/"
            }
            throw Failure(description: text.isEmpty ? "protoc exited with status \(status)" : text)
        }
        do {
            return try ProtoSchema(descriptorSet: try Data(contentsOf: URL(fileURLWithPath: out)))
        } catch let problem as ProtoSchema.Problem {
            throw Failure(description: "protoc's descriptor set cannot be used: \(problem)")
        } catch {
            throw Failure(description: "protoc wrote no descriptor set: \(error.localizedDescription)")
        }
    }

    /// Runs protoc with `arguments` on a thread of its own: its exit status and what it wrote
    /// to standard error.
    private func run(_ arguments: [String]) async throws(Failure) -> (Int32, String) {
        let executable = executable
        let result: Result<(Int32, String), Failure> = await withCheckedContinuation { continuation in
            let thread = Thread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = arguments
                let errors = Pipe()
                process.standardError = errors
                process.standardOutput = FileHandle.nullDevice
                process.standardInput = FileHandle.nullDevice
                do {
                    try process.run()
                } catch {
                    continuation.resume(returning: .failure(Failure(description: "cannot run \(executable): \(error.localizedDescription)")))
                    return
                }
                let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                continuation.resume(returning: .success((process.terminationStatus, text)))
            }
            thread.start()
        }
        return try result.get()
    }
}
