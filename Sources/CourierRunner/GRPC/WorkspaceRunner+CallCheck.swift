#if GRPC
import CourierFormat
import CourierFormatCore
import CourierProtobuf
import Foundation

extension WorkspaceRunner {
    /// Checks the messages of every gRPC request `names` would send against their methods'
    /// schemas before anything is sent (``GRPCMessageCheck``), loading the schemas as the sends
    /// would: a message with an unknown field or a value of the wrong type is bad input, as a
    /// workspace that does not parse is. A `.proto` that does not compile, a descriptor set that
    /// cannot be read and a method the schema lacks are too. A server whose reflection does not
    /// answer is left to the send (offline it is not asked).
    func checkCallMessages(_ names: [String]) async throws(WorkspaceError) {
        var problems: [GRPCMessageError] = []
        var seen = Set<String>()
        for name in requestNames(sentBy: names) where seen.insert(name).inserted {
            guard let definition = workspace.requests[name], let grpc = definition.grpc,
                  let source = try? GRPCSchemaLookup.source(of: definition, scope: scope, workspace: workspace) else { continue }
            if case .reflection = source, offline != nil { continue }
            let schema: ProtoSchema
            do {
                schema = try await GRPCSchemaLookup.load(for: definition, scope: scope, workspace: workspace, agent: agent).schema
            } catch {
                if case .reflection = source { continue }
                problems.append(GRPCMessageError(location: definition.location, text: "\(name): \(error)"))
                continue
            }
            guard let shape = schema.shape(ofMethodAt: grpc.path) else {
                var problem = GRPCCallResolution.noMethod(grpc, in: schema, source: source)
                problem.location = definition.location
                problems.append(problem)
                continue
            }
            let codec = GRPCMessageCodec(schema: schema, shape: shape)
            var templates = grpc.message.map { [$0] } ?? []
            for case .send(let template) in grpc.steps { templates.append(template) }
            for template in templates { problems += GRPCMessageCheck.problems(in: template, codec: codec) }
        }
        guard let first = problems.first else { return }
        let more = problems.dropFirst().map { "\n" + WorkspaceError(.invalidValue, at: $0.location, $0.text).description }
        throw WorkspaceError(.invalidValue, at: first.location, first.text + more.joined())
    }

    /// The requests `names` send, each once, in order: batches' members and chains' steps too.
    func requestNames(sentBy names: [String]) -> [String] {
        func sent(by name: String) -> [String] {
            workspace.requests[name] != nil ? [name] : workspace.requestNames(inBatch: name)
        }
        return names.flatMap { name -> [String] in
            guard case .chain(let chain) = workspace.target(named: name) else { return sent(by: name) }
            return chain.steps.flatMap { $0.items.flatMap { sent(by: $0.request.name) } }
        }
    }
}
#endif
