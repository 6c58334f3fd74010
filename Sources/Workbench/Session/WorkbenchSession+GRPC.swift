import CourierWorkspace
import Courier
import Foundation

/// gRPC in the workbench: the kind of each call for its badge, the schemas the service
/// browser lists (loaded off the input loop), and requests made from a method.
extension WorkbenchSession {
    /// The kind of call a `grpc:` request makes, once its schema is loaded (by a send, the
    /// browser, or protoc); nil before, and for other requests.
    func callKind(of name: String) -> GRPCMethodKind? {
        #if GRPC
        // While the demo server's TLS listeners start, `{{demoGRPC}}` would wait for them, and
        // no schema can have been loaded yet: the tree draws without badges meanwhile.
        if settings.demoServer?.tlsPending == true { return nil }
        guard let definition = effectiveDefinition(of: name), definition.grpc != nil,
              let source = callSource(of: name, definition),
              let shape = GRPCSchemaLookup.loadedShape(of: definition, source: source) else { return nil }
        return GRPCMethodKind(clientStreaming: shape.clientStreaming, serverStreaming: shape.serverStreaming)
        #else
        return nil
        #endif
    }

    /// Opens the service browser on the schemas of the workspace's `grpc:` requests (the
    /// selected request's first) and loads them. False when no request has `grpc:`: the
    /// shell then asks for a server to browse.
    func browseServices(first selected: String?) -> Bool {
        #if GRPC
        var sources: [ServiceSource] = []
        var seen: Set<String> = []
        for name in (selected.map { [$0] } ?? []) + workspace.requestNames {
            guard let definition = effectiveDefinition(of: name), let grpc = definition.grpc else { continue }
            // A source that cannot be worked out (a variable missing) is listed by its request:
            // loading it says why.
            let label = callSource(of: name, definition).map { "\($0)" } ?? "\(name)'s schema"
            guard seen.insert(label).inserted else { continue }
            var basis = GRPCDefinition(target: grpc.target, service: grpc.service, method: grpc.method, schema: grpc.schema,
                                       plaintext: grpc.plaintext)
            basis.compression = grpc.compression
            basis.metadata = grpc.metadata
            sources.append(ServiceSource(label: label, request: name, basis: basis))
        }
        guard !sources.isEmpty else { return false }
        notify(.browseServices(sources))
        sources.forEach(loadServices)
        #else
        say("this build of Courier has no gRPC (it was built without the GRPC trait)", .warning)
        #endif
        return true
    }

    /// Browses a server typed in, by its reflection; nil, or why not.
    func browseServer(_ target: String) -> String? {
        guard !target.isEmpty, !target.contains(where: \.isWhitespace) else {
            return "a server: HOST:PORT (TLS), https://HOST:PORT, or http://HOST:PORT (no TLS)"
        }
        #if GRPC
        let source = ServiceSource(label: "\(target)'s reflection", request: nil,
                                   basis: GRPCDefinition(target: target, service: "", method: "", schema: .reflection))
        notify(.browseServices([source]))
        loadServices(source)
        return nil
        #else
        return "this build of Courier has no gRPC (it was built without the GRPC trait)"
        #endif
    }

    /// Adds a request of the method chosen in the browser: the source request's `grpc:` (and
    /// its TLS, authentication and headers) with the method's service and name, and its
    /// message with every field — `message:`, or a first `send:` of a client stream. Nil, or why not.
    func addCall(named name: String, _ call: NewCall) -> String? {
        var definition = call.source.request.flatMap { effectiveDefinition(of: $0) }
            ?? RequestDefinition(name: name, location: SourceLocation(file: workspacePath, line: 1, column: 1))
        definition.description = nil
        var grpc = call.source.basis
        grpc.service = call.method.service
        grpc.method = call.method.name
        let message = GRPCDefinition.MessageTemplate(json: call.method.template)
        if call.method.kind.clientStreams { grpc.steps = [.send(message)] } else { grpc.message = message }
        definition.grpc = grpc
        let folder = workspace.isFolder ? call.source.request.flatMap { workspace.requestFolders[$0] } ?? "" : nil
        return addRequest(named: name, definition: definition, folder: folder)
    }

    /// Forgets what was loaded of `source` (a server's reflection, compiled files) and loads
    /// it again (`r` in the browser).
    func reloadServices(_ source: ServiceSource) {
        #if GRPC
        if let known = try? GRPCSchemaLookup.source(of: definition(of: source), scope: engine.scope, workspace: workspace) {
            GRPCSchemaStore.shared.forget(known)
        }
        loadServices(source)
        #endif
    }

    /// The definition whose schema `source` is: its request's, or a call of the server typed in.
    private func definition(of source: ServiceSource) -> RequestDefinition {
        var definition = source.request.flatMap { effectiveDefinition(of: $0) }
            ?? RequestDefinition(name: "browse", location: SourceLocation(file: workspacePath, line: 1, column: 1))
        definition.grpc = definition.grpc ?? source.basis
        return definition
    }

    #if GRPC
    /// Loads a source's schema off the input loop; the browser hears of it by the mailbox.
    private func loadServices(_ source: ServiceSource) {
        let definition = definition(of: source)
        let (scope, workspace, agent, mailbox) = (engine.scope, workspace, engine.agent, mailbox)
        Task.detached {
            let result: Result<GRPCCatalog, ServiceLoadFailure>
            do {
                let (_, schema) = try await GRPCSchemaLookup.load(for: definition, scope: scope, workspace: workspace, agent: agent)
                result = .success(GRPCCatalog(schema: schema))
            } catch {
                result = .failure(ServiceLoadFailure(reason: "\(error)"))
            }
            mailbox.post(.serviceCatalog(source, result))
        }
    }

    /// The request's schema source, worked out once per workspace and environment.
    private func callSource(of name: String, _ definition: RequestDefinition) -> GRPCSchemaStore.Source? {
        if let known = callSources[name] { return known }
        guard let source = try? GRPCSchemaLookup.source(of: definition, scope: engine.scope, workspace: workspace) else { return nil }
        callSources[name] = source
        return source
    }
    #endif

    /// Forgets the schema sources worked out (the workspace or the environment changed).
    func forgetCallSources() {
        #if GRPC
        callSources.removeAll()
        #endif
    }
}
