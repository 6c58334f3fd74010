import Courier
import CourierChecks
import CourierFormatCore
import Foundation

/// `grpc:` on a request, with `message:`, `metadata:` and `messages:` beside it: a call of a
/// gRPC method, its messages written as proto3 JSON (YAML or JSON, templates allowed) and
/// encoded by the method's schema when the call is made.
///
/// ```yaml
/// get-place:
///   grpc:
///     target: "{{placesApi}}"            # http://HOST:PORT (no TLS), https://HOST:PORT, or
///                                        # HOST:PORT (TLS; plaintext: true for none)
///     service: courier.demo.Places
///     method: GetPlace
///     proto: protos/places.proto         # or a list; importPaths: [protos]
///                                        # or descriptorSet: places.pb, or reflection: true (the default)
///     compression: gzip                  # what is sent; gzip answers are always read
///   message: {latitude: 1, longitude: 1}
///   metadata: {x-tenant: "{{tenant}}"}   # a -bin key's value in base64
///   deadline: 2                          # sent as grpc-timeout
///   expect: [status == OK, $.name == "Lisbon"]
///
/// route-chat:                            # client or bidirectional streaming
///   grpc: {target: "{{placesApi}}", service: courier.demo.Places, method: Chat, proto: protos/places.proto}
///   messages:
///     - send: {text: hello}
///     - expect: $.text == "hello"        # the `when:` syntax, on the server's next messages
///     - wait: 0.5
///     - close                            # half-close: the server has every message
/// ```
public struct GRPCDefinition: Sendable, Hashable {
    /// Where the method's schema comes from.
    public enum SchemaSource: Sendable, Hashable {
        /// `.proto` files compiled with protoc (paths relative to the workspace file).
        case protos(files: [String], importPaths: [String])
        /// A descriptor set file (`protoc --include_imports --descriptor_set_out`).
        case descriptorSet(String)
        /// The server's reflection service (`grpc.reflection.v1`, or `v1alpha`).
        case reflection
    }

    /// A message as written, and where each of its values was written, for errors that point
    /// at the field.
    public struct MessageTemplate: Sendable, Hashable {
        /// The message as JSON, strings still templates.
        public var json: JSONValue
        /// Where each value was written, by the JSON path the codec's errors name
        /// (`$`, `$.location.latitude`, `$.tags[0]`).
        public var locations: [String: SourceLocation]

        /// A message written by the workbench (a template made from a method): no locations.
        public init(json: JSONValue, locations: [String: SourceLocation] = [:]) {
            self.json = json
            self.locations = locations
        }

        /// Where the value at `path` (or the nearest value holding it) was written.
        public func location(of path: String) -> SourceLocation? {
            var path = path
            while true {
                if let location = locations[path] { return location }
                guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return locations["$"] }
                path = String(path[..<cut])
            }
        }
    }

    /// One step of `messages:` on a streaming call.
    package enum Step: Sendable, Hashable {
        /// A message to send.
        case send(MessageTemplate)
        /// Waits up to `timeout` seconds for a message from the server meeting the condition.
        case expect(Condition, timeout: Double)
        /// Pauses.
        case wait(Double)
        /// Half-closes the call.
        case close
    }

    /// The server: `http://HOST:PORT`, `https://HOST:PORT` or `HOST:PORT` (a template).
    public var target: String
    /// The service's full name, `package.Service`.
    public var service: String
    /// The method's name.
    public var method: String
    public var schema: SchemaSource = .reflection
    /// `HOST:PORT` without TLS (HTTP/2 with prior knowledge).
    public var plaintext = false
    public var compression: GRPCCompression?
    /// `message:` — the request message (a unary or server-streaming call's one message, the
    /// first of a client stream). None: an empty message.
    public var message: MessageTemplate?
    /// `metadata:` in file order; values are templates.
    public var metadata: [Metadata] = []
    /// `messages:` — a streaming call's script.
    package var steps: [Step] = []

    /// One `metadata:` entry.
    public struct Metadata: Sendable, Hashable {
        public var key: String
        public var value: String
    }

    /// The method's path, `/package.Service/Method`.
    public var path: String { "/\(service)/\(method)" }

    /// The URL the call goes to once `target` is filled in: its scheme kept, `HOST:PORT`
    /// given `https://` (or `http://` when plaintext).
    public func url(target rendered: String) -> String {
        var base = rendered.contains("://") ? rendered : (plaintext ? "http://" : "https://") + rendered
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }

    /// A call of `service.method` on `target`, its schema from `schema`, with no message yet.
    public init(target: String, service: String, method: String, schema: SchemaSource = .reflection, plaintext: Bool = false) {
        self.target = target
        self.service = service
        self.method = method
        self.schema = schema
        self.plaintext = plaintext
    }

    static let keys = ["target", "service", "method", "proto", "importPaths", "descriptorSet", "reflection", "plaintext", "compression"]
    static let stepKinds = ["send", "expect", "wait", "close"]

    init(yaml: YAMLValue, message: YAMLValue?, metadata: YAMLValue?, messages: YAMLValue?, templates: inout [TemplateUse]) throws(WorkspaceError) {
        let map = try yaml.mapping(allowed: Self.keys, expected: "{target, service, method, proto | descriptorSet | reflection}")
        let targetValue = try map.required("target", hint: "the server: http://HOST:PORT, https://HOST:PORT or HOST:PORT")
        target = try targetValue.string(expected: "the server: http://HOST:PORT, https://HOST:PORT or HOST:PORT")
        templates.append(TemplateUse(text: target, location: targetValue.location))
        service = try Self.name(map.required("service", hint: "the service's full name, package.Service"), what: "a service's full name")
        method = try Self.name(map.required("method", hint: "the method's name"), what: "a method's name")
        if method.contains(".") || method.contains("/") {
            throw map["method"]!.error(.invalidValue, "a method's name alone (\"\(method)\" has a . or /); the service goes in service:")
        }
        schema = try Self.schema(map)
        plaintext = try map["plaintext"]?.bool() ?? false
        if let value = map["compression"] {
            let raw = try value.string(expected: "gzip")
            guard let compression = GRPCCompression(rawValue: raw) else {
                throw value.error(.invalidValue, "unknown compression \"\(raw)\" (expected gzip)")
            }
            self.compression = compression
        }
        if let message {
            self.message = try Self.template(message)
            RequestDefinition.collectTemplates(in: message, into: &templates)
        }
        for entry in try metadata?.mapping(expected: "a mapping of metadata keys to values").entries ?? [] {
            let value = try entry.value.string(expected: "a metadata value (text; base64 for a -bin key)")
            templates.append(TemplateUse(text: value, location: entry.value.location))
            self.metadata.append(Metadata(key: entry.name, value: value))
        }
        if let messages {
            for item in try messages.list(expected: "a list of steps: send, expect, wait, close") {
                steps.append(try Self.step(item))
                if let send = try? item.mapping()["send"] { RequestDefinition.collectTemplates(in: send, into: &templates) }
            }
        }
    }

    private static func name(_ value: YAMLValue, what: String) throws(WorkspaceError) -> String {
        let text = try value.string(expected: what)
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else { throw value.error(.invalidValue, "expected \(what), found \"\(text)\"") }
        return text
    }

    private static func schema(_ map: YAMLMapping) throws(WorkspaceError) -> SchemaSource {
        let given = ["proto", "descriptorSet", "reflection"].filter { map[$0] != nil }
        if given.count > 1 {
            throw map[given[1]]!.error(.invalidValue, "one schema source: proto, descriptorSet or reflection (found \(given.joined(separator: " and ")))")
        }
        if let value = map["importPaths"], map["proto"] == nil { throw value.error(.invalidValue, "importPaths: goes with proto:") }
        if let value = map["proto"] {
            let files: [String]
            if case .sequence = value.node {
                files = try value.list(expected: "a .proto file or a list of them").map { item throws(WorkspaceError) in try item.string(expected: "a .proto file") }
            } else {
                files = [try value.string(expected: "a .proto file or a list of them")]
            }
            guard !files.isEmpty else { throw value.error(.invalidValue, "name at least one .proto file") }
            let importPaths = try map["importPaths"]?.list(expected: "a list of folders").map { item throws(WorkspaceError) in
                try item.string(expected: "a folder protoc looks for imports in")
            } ?? []
            return .protos(files: files, importPaths: importPaths)
        }
        if let value = map["descriptorSet"] { return .descriptorSet(try value.string(expected: "a descriptor set file")) }
        if let value = map["reflection"], try !value.bool() {
            throw value.error(.invalidValue, "without reflection, name the schema: proto: FILE or descriptorSet: FILE")
        }
        return .reflection
    }

    private static func step(_ item: YAMLValue) throws(WorkspaceError) -> Step {
        if case .scalar = item.node, (try? item.string()) == "close" { return .close }
        let map = try item.mapping(allowed: stepKinds + ["timeout"], expected: "a step: {send: MESSAGE}, {expect: CONDITION}, {wait: S} or close")
        let kinds = map.entries.filter { stepKinds.contains($0.name) }
        guard kinds.count == 1, let entry = kinds.first else {
            throw item.error(.invalidValue, "a step has one of send, expect, wait, close (found \(kinds.count))")
        }
        if map["timeout"] != nil, entry.name != "expect" { throw item.error(.invalidValue, "timeout: belongs to an expect: step") }
        switch entry.name {
        case "send":
            return .send(try template(entry.value))
        case "expect":
            let condition = try StreamDefinition.eventCondition(entry.value, key: "expect")
            return .expect(condition, timeout: try map["timeout"]?.double(in: 0.001...3_600, "seconds to wait for the message") ?? 5)
        case "wait":
            return .wait(try entry.value.double(in: 0...3_600, "seconds to wait"))
        default:
            guard entry.value.isNull || (try? entry.value.bool()) == true else {
                throw entry.value.error(.invalidValue, "close takes no value (write - close)")
            }
            return .close
        }
    }

    /// A message as JSON with where each value was written.
    static func template(_ value: YAMLValue) throws(WorkspaceError) -> MessageTemplate {
        var locations: [String: SourceLocation] = [:]
        func walk(_ node: YAMLValue, _ path: String) throws(WorkspaceError) {
            locations[path] = node.location
            switch node.node {
            case .mapping:
                for entry in try node.mapping().entries {
                    locations[path + "." + entry.name] = entry.key.location
                    locations[path + "[\(entry.name)]"] = entry.key.location
                    try walk(entry.value, path + "." + entry.name)
                    locations[path + "." + entry.name] = entry.key.location
                }
            case .sequence:
                for (index, item) in try node.list().enumerated() { try walk(item, path + "[\(index)]") }
            default:
                break
            }
        }
        let json = try value.json()
        guard case .object = json else { throw value.wrongType(expected: "a message: a mapping of its fields (proto3 JSON)") }
        try walk(value, "$")
        return MessageTemplate(json: json, locations: locations)
    }
}
