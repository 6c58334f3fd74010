#if GRPC
import Courier
import CourierProtobuf
import Foundation
import Synchronization

/// The schemas gRPC requests are encoded by, loaded once per source and kept for the process:
/// `.proto` files compiled with protoc (again once one of them changed), a descriptor set file
/// (again once it changed), or a server's reflection (once per server, until ``forget(_:)``).
/// Loading is asynchronous — protoc is a process, reflection a call — so a request whose
/// schema is not loaded yet loads it before it is sent (``WorkspaceRequest``).
package final class GRPCSchemaStore: Sendable {
    /// The process's store.
    package static let shared = GRPCSchemaStore()

    /// A schema source with its paths resolved and its server filled in.
    package enum Source: Sendable, Hashable, CustomStringConvertible {
        /// `.proto` files (absolute paths) and protoc's import folders.
        case protos(files: [String], importPaths: [String])
        /// A descriptor set file (an absolute path).
        case descriptorSet(String)
        /// The reflection service of the server at this URL (`scheme://host:port`).
        case reflection(String)

        package var description: String {
            switch self {
            case .protos(let files, _): files.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
            case .descriptorSet(let path): URL(fileURLWithPath: path).lastPathComponent
            case .reflection(let url): "\(url)'s reflection"
            }
        }

        /// The files whose change makes a loaded schema stale.
        var files: [String] {
            switch self {
            case .protos(let files, _): files
            case .descriptorSet(let path): [path]
            case .reflection: []
            }
        }
    }

    /// Why a schema could not be loaded, naming its source.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    private struct Entry {
        let schema: ProtoSchema
        /// The files' modification dates when it was loaded.
        let stamps: [Date?]
    }

    private let entries = Mutex<[Source: Entry]>([:])

    package init() {}

    /// The schema loaded from `source`, while its files are unchanged; nil otherwise.
    package func schema(for source: Source) -> ProtoSchema? {
        let stamps = Self.stamps(of: source.files)
        return entries.withLock { entries in
            guard let entry = entries[source] else { return nil }
            guard entry.stamps == stamps else {
                entries[source] = nil
                return nil
            }
            return entry.schema
        }
    }

    /// Loads `source` and keeps its schema: protoc (``ProtoCompiler/find(environment:)``), the
    /// file, or reflection with `settings` (TLS, client certificate, authentication and
    /// metadata: the calls' own).
    package func load(_ source: Source, settings: RequestSettings, agent: NetworkAgent?) async throws(Failure) -> ProtoSchema {
        let stamps = Self.stamps(of: source.files)
        let schema: ProtoSchema
        switch source {
        case .protos(let files, let importPaths):
            guard let compiler = ProtoCompiler.find() else {
                throw Failure(description: "no protoc on PATH to compile \(source) (apt-get install protobuf-compiler, "
                    + "or COURIER_PROTOC=/path/to/protoc)")
            }
            do { schema = try await compiler.schema(files: files, importPaths: importPaths) } catch {
                throw Failure(description: "\(source): \(error)")
            }
        case .descriptorSet(let path):
            do {
                schema = try ProtoSchema(descriptorSet: try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch let problem as ProtoSchema.Problem {
                throw Failure(description: "\(source): \(problem)")
            } catch {
                throw Failure(description: "\(source): cannot read it (\(error.localizedDescription))")
            }
        case .reflection(let url):
            do { schema = try await GRPCReflection(target: url, settings: settings, agent: agent).answer().schema } catch {
                throw Failure(description: error.description)
            }
        }
        entries.withLock { $0[source] = Entry(schema: schema, stamps: stamps) }
        return schema
    }

    /// Forgets what was loaded from `source` (a server's reflection after it changed).
    package func forget(_ source: Source) {
        _ = entries.withLock { $0.removeValue(forKey: source) }
    }

    private static func stamps(of files: [String]) -> [Date?] {
        files.map { (try? FileManager.default.attributesOfItem(atPath: $0)[.modificationDate]) as? Date }
    }
}
#endif
