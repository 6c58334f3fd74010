#if GRPC
import CourierProtobuf

extension GRPCCatalog {
    /// Every service of `schema`, each method with its `.proto` text and a message template.
    package init(schema: ProtoSchema) {
        self.init(services: schema.serviceNames.map { service in
            let methods = (schema.methodNames(ofService: service) ?? []).compactMap { fullName -> Method? in
                let name = String(fullName.dropFirst(service.count + 1))
                guard let shape = schema.shape(ofMethodAt: "/\(service)/\(name)") else { return nil }
                return Method(name: name, service: service, input: shape.input, output: shape.output,
                              kind: GRPCMethodKind(clientStreaming: shape.clientStreaming, serverStreaming: shape.serverStreaming),
                              text: schema.describe(fullName) ?? "", template: schema.template(ofMessage: shape.input) ?? .object([:]))
            }
            return Service(name: service, methods: methods)
        })
    }
}
#endif
