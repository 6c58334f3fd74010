#if GRPC
import Courier
import CourierFormat
import CourierFormatCore
import CourierProtobuf
import Foundation

/// A `grpc:` request's schema without sending it — for the workbench's kind badges and its
/// service browser: where the schema comes from, the method's shape when it is loaded, and
/// loading it as the request's own send would (its TLS, client certificate, headers and
/// metadata for reflection).
package enum GRPCSchemaLookup {
    /// The source of `definition`'s schema: its target and paths filled in from `scope` and
    /// resolved (inside the directories the workspace may use). Nil for a request without `grpc:`.
    package static func source(of definition: RequestDefinition, scope: VariableScope,
                               workspace: Workspace) throws -> GRPCSchemaStore.Source? {
        guard let grpc = definition.grpc else { return nil }
        var paths = ConfinedPaths(workspace: workspace, scope: scope)
        return try GRPCCallResolution.schemaSource(of: grpc, url: grpc.url(target: try scope.render(grpc.target))) { text, purpose in
            try paths.path(text, for: purpose)
        }
    }

    /// The shape of the method `definition` calls, when its schema is loaded and has it.
    package static func loadedShape(of definition: RequestDefinition, source: GRPCSchemaStore.Source) -> ProtoMethodShape? {
        guard let grpc = definition.grpc else { return nil }
        return GRPCSchemaStore.shared.schema(for: source)?.shape(ofMethodAt: grpc.path)
    }

    /// `definition`'s schema, loaded first when it is not: protoc, the file, or the server's
    /// reflection with the settings the request itself would be sent with.
    package static func load(for definition: RequestDefinition, scope: VariableScope, workspace: Workspace,
                             agent: NetworkAgent?) async throws -> (source: GRPCSchemaStore.Source, schema: ProtoSchema) {
        guard let source = try source(of: definition, scope: scope, workspace: workspace) else {
            throw GRPCSchemaStore.Failure(description: "\(definition.name) is not a gRPC request")
        }
        if let schema = GRPCSchemaStore.shared.schema(for: source) { return (source, schema) }
        var settings = RequestSettings()
        do {
            _ = try RequestResolution(definition, scope: scope, workspace: workspace)
        } catch let needed as GRPCSchemaNeeded {
            settings = needed.settings
        }
        return (source, try await GRPCSchemaStore.shared.load(source, settings: settings, agent: agent))
    }
}
#endif
