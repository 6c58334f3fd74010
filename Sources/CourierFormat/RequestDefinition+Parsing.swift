import Courier
import CourierChecks
import CourierFormatCore
import Foundation
import Yams

extension RequestDefinition {
    static let keys = ["description", "method", "url", "useCDN", "args", "headers", "auth", "body", "timeout",
                       "deadline", "maxBodyBytes", "priority", "cache", "validate", "accept", "response", "download", "retry", "tls"]
        + TransferOptionFields.keys + ["sensitive", "cookies", "expect", "paginate", "stream", "messages", "subprotocols"]
        + ConnectionSettings.keys + HUDSettings.keys + ["contract", "grpc", "message", "metadata", "mock", "diff"]
    /// What a gRPC request does not take: its URL and method are the call's, its body its messages.
    static let keysNotForGRPC = ["url", "method", "args", "body", "useCDN", "subprotocols", "download", "paginate", "cache",
                                 "validate", "accept", "response"]

    /// Reads `requests.<name>`; every templated string is reported to `templates`.
    init(name: String, yaml: YAMLValue, templates: inout [TemplateUse]) throws(WorkspaceError) {
        self.init(name: name, location: yaml.location)
        let map = try yaml.mapping(allowed: Self.keys, expected: "a request (a mapping with url, method, …)")
        func text(_ value: YAMLValue) throws(WorkspaceError) -> String {
            let string = try value.string()
            templates.append(TemplateUse(text: string, location: value.location))
            return string
        }
        description = try map["description"]?.string()
        if let value = map["grpc"] {
            try readGRPC(value, map, templates: &templates)
        } else {
            for key in ["message", "metadata"] {
                if let value = map[key] { throw value.error(.invalidValue, "only a gRPC request (one with grpc:) has it") }
            }
            url = try text(map.required("url", hint: "the path or URL to send to"))
        }
        if let value = map["method"] { method = try Self.method(value) }
        useCDN = try map["useCDN"]?.bool() ?? false
        if let value = map["args"] {
            args = try value.json()
            argumentOrder = Self.memberOrder(of: value)
            Self.collectTemplates(in: value, into: &templates)
        }
        for entry in try map["headers"]?.mapping(expected: "a mapping of header names to values").entries ?? [] {
            if entry.value.isNull { removedHeaders.append(entry.name) } else { headers.append((entry.name, try text(entry.value))) }
            headerOrder.append(entry.name)
        }
        if let value = map["auth"] {
            if Self.isNone(value) { noAuth = true } else { auth = try Self.auth(value, text: text) }
        }
        if let value = map["body"] {
            body = try Self.body(value)
            Self.collectTemplates(in: value, into: &templates)
            if args != nil, case .json? = body { throw value.error(.invalidValue, "use either args or body.json, not both") }
            if args != nil, case .form? = body { throw value.error(.invalidValue, "use either args or body.form, not both") }
        }
        timeout = try map["timeout"]?.double(in: NumberRanges.timeout, "a number of seconds")
        deadline = try map["deadline"]?.double(in: NumberRanges.deadline, "a number of seconds")
        maxBodyBytes = try map["maxBodyBytes"]?.int(in: NumberRanges.maxBodyBytes, "a number of bytes")
        if let value = map["priority"] { priority = try Self.priority(value) }
        if let value = map["cache"] { cache = try Self.cache(value, text: text) }
        if let value = map["validate"] { validate = try Self.validation(value) }
        if let value = map["expect"] { expect = try Expectation.list(value) }
        if let value = map["contract"] {
            guard case .scalar = value.node, let judged = try? value.bool(), !judged else {
                throw value.error(.invalidValue, "contract: false is the only value here (the contract is set in config)")
            }
            judgedByContract = false
        }
        if let value = map["paginate"] { paginate = try Pagination(yaml: value) }
        if let value = map["stream"] { stream = try StreamDefinition(yaml: value) }
        if grpc == nil, map["messages"] != nil || map["subprotocols"] != nil {
            webSocket = try WebSocketDefinition(messages: map["messages"], subprotocols: map["subprotocols"])
        }
        if let value = map["accept"] {
            acceptedContentTypes = Set(try value.list(expected: "a list of content types").map { item throws(WorkspaceError) in try item.string() })
        }
        if let value = map["response"] {
            let raw = try value.string()
            guard let serializer = ResponseSerializer(rawValue: raw) else {
                throw value.error(.invalidValue, "unknown response type \"\(raw)\" (expected one of: auto, json, raw, xml)")
            }
            response = serializer
        }
        if let value = map["download"] { download = try Self.download(value, text: text) }
        if let value = map["retry"] { retry = try PolicyParsing.retry(value) }
        if let value = map["tls"] { tls = try PolicyParsing.tls(value, template: text) }
        connection = try ConnectionSettings(map)
        transferOptions = try TransferOptionFields.read(map)
        sendsCookies = try map["cookies"]?.bool() ?? true
        for item in try map["sensitive"]?.list(expected: "a list of values to hide") ?? [] {
            sensitive.append(try text(item))
        }
        hud = try HUDSettings(map, templates: &templates)
        if let value = map["mock"] { mock = try MockDefinition(yaml: value, templates: &templates) }
        if let value = map["diff"] { diff = try DiffSettings(yaml: value) }
        if download != nil, let value = map["paginate"] { throw value.error(.invalidValue, "a download cannot be paginated") }
        if download != nil, method != .get {
            throw yaml.error(.invalidValue, "a download must use GET, not \(method.rawValue)")
        }
    }

    /// `grpc:` and what goes with it; the keys a call has no use for are errors.
    private mutating func readGRPC(_ value: YAMLValue, _ map: YAMLMapping, templates: inout [TemplateUse]) throws(WorkspaceError) {
        for key in Self.keysNotForGRPC {
            guard let written = map[key] else { continue }
            let why = switch key {
            case "url": "its server is grpc.target"
            case "method": "a call is always a POST"
            case "args", "body": "it sends message: or messages:"
            default: "not for a gRPC call"
            }
            throw written.error(.invalidValue, "not for a gRPC request (\(why))")
        }
        let call = try GRPCDefinition(yaml: value, message: map["message"], metadata: map["metadata"], messages: map["messages"],
                                      templates: &templates)
        grpc = call
        url = call.target + call.path
        method = .post
    }

    /// A method: a well-known one in any case (`get` is GET, as always), any other RFC 9110
    /// token as written (methods are case-sensitive).
    private static func method(_ value: YAMLValue) throws(WorkspaceError) -> HTTPMethod {
        let raw = try value.string()
        guard let method = HTTPMethod(normalizing: raw) else {
            let names = HTTPMethod.wellKnown.map(\.rawValue)
            throw value.error(.invalidValue, "\"\(raw)\" is not an HTTP method (a token of letters, digits and "
                + "\(HTTPMethod.tokenCharacters), such as \(names.joined(separator: ", ")))"
                + Suggestion.clause(for: raw.uppercased(), in: names))
        }
        return method
    }

    /// The keys of a mapping in file order (empty for anything else).
    static func memberOrder(of value: YAMLValue) -> [String] {
        guard case .mapping = value.node else { return [] }
        return (try? value.mapping().entries.map(\.name)) ?? []
    }

    /// Templates inside args and bodies (any string leaf).
    static func collectTemplates(in value: YAMLValue, into templates: inout [TemplateUse]) {
        switch value.node {
        case .scalar(let scalar):
            templates.append(TemplateUse(text: scalar.string, location: value.location))
        case .sequence:
            for item in (try? value.list()) ?? [] { collectTemplates(in: item, into: &templates) }
        case .mapping:
            for entry in (try? value.mapping().entries) ?? [] { collectTemplates(in: entry.value, into: &templates) }
        case .alias:
            break
        }
    }

    private static func body(_ value: YAMLValue) throws(WorkspaceError) -> Body {
        let kinds = ["json", "form", "text", "file", "multipart", "graphql"]
        let map = try value.mapping(allowed: kinds + ["contentType"], expected: "a body: json, form, text, file, multipart or graphql")
        let chosen = map.entries.filter { kinds.contains($0.name) }
        guard chosen.count == 1, let entry = chosen.first else {
            throw value.error(.invalidValue, "a body has exactly one of: \(kinds.joined(separator: ", "))")
        }
        let contentType = try map["contentType"]?.string()
        switch entry.name {
        case "json": return .json(try entry.value.json())
        case "form":
            _ = try entry.value.mapping(expected: "a mapping of form fields")
            return .form(try entry.value.json(), order: memberOrder(of: entry.value))
        case "text": return .text(try entry.value.string(), contentType: contentType)
        case "file": return .file(path: try entry.value.string(), contentType: contentType)
        case "graphql": return .graphql(try GraphQLBody(yaml: entry.value))
        default:
            var parts: [Part] = []
            for item in try entry.value.list(expected: "a list of parts ({name, value} or {name, file})") {
                let fields = try item.mapping(allowed: ["name", "value", "file", "filename", "contentType"])
                let part = Part(name: try fields.required("name").string(), value: try fields["value"]?.string(),
                                file: try fields["file"]?.string(), filename: try fields["filename"]?.string(),
                                contentType: try fields["contentType"]?.string())
                guard (part.value == nil) != (part.file == nil) else {
                    throw item.error(.invalidValue, "a part has either value or file")
                }
                parts.append(part)
            }
            return .multipart(parts)
        }
    }

    private static func priority(_ value: YAMLValue) throws(WorkspaceError) -> RequestPriority {
        let what = "low, default, high or a number", range = NumberRanges.priority
        if value.tagName == .int { return RequestPriority(rawValue: try value.int(in: range, what)) }
        switch try value.string() {
        case "low": return .low
        case "default", "normal": return .default
        case "high": return .high
        default: throw value.wrongType(expected: "\(what) from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    private static func cache(_ value: YAMLValue, text: (YAMLValue) throws(WorkspaceError) -> String) throws(WorkspaceError) -> Cache {
        let seconds = "a number of seconds"
        if case .scalar = value.node {
            return Cache(seconds: try value.int(in: NumberRanges.cacheSeconds, seconds, alternative: ", or {seconds, version, sensitive, async}"))
        }
        let map = try value.mapping(allowed: ["seconds", "version", "sensitive", "async"])
        var cache = Cache(seconds: try map.required("seconds").int(in: NumberRanges.cacheSeconds, seconds))
        cache.version = try map["version"]?.int(in: NumberRanges.cacheVersion, "a version") ?? 0
        cache.sensitive = try map["sensitive"].map { value throws(WorkspaceError) in try text(value) }
        cache.async = try map["async"]?.bool() ?? true
        return cache
    }

    private static func validation(_ value: YAMLValue) throws(WorkspaceError) -> Validation {
        let map = try value.mapping(allowed: ["status", "json"])
        var validation = Validation()
        if let status = map["status"] { validation.statusCodes = try statusCodes(status) }
        if let json = map["json"] { validation.json = try jsonTemplate(json) }
        return validation
    }

    /// `200`, `"200-299"`, or a list of those.
    static func statusCodes(_ value: YAMLValue) throws(WorkspaceError) -> Set<Int> {
        if case .sequence = value.node {
            var codes = Set<Int>()
            for item in try value.list() { codes.formUnion(try statusCodes(item)) }
            return codes
        }
        let range = NumberRanges.status
        let expected = "a status from \(range.lowerBound) to \(range.upperBound), a range like 200-299, or a list of them"
        let text = try value.string(expected: expected)
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(bounds.count), let low = bounds.first!, let high = bounds.last! else {
            throw value.wrongType(expected: expected)
        }
        guard range.contains(low), range.contains(high), low <= high else { throw value.outOfRange(expected: expected) }
        return Set(low...high)
    }

    /// `{id: int, name: string, tags: [string]}` — as YAML, or as a string holding it.
    static func jsonTemplate(_ value: YAMLValue) throws(WorkspaceError) -> JSONTemplate {
        switch value.node {
        case .mapping:
            var members: [String: JSONTemplate] = [:]
            for entry in try value.mapping().entries { members[entry.name] = try jsonTemplate(entry.value) }
            return .object(members)
        case .sequence:
            let items = try value.list()
            guard items.count <= 1 else { throw value.error(.invalidValue, "an array template has one element template, e.g. [string]") }
            return .array(try items.first.map { item throws(WorkspaceError) in try jsonTemplate(item) })
        default:
            let name = try value.string()
            if name.hasPrefix("{") || name.hasPrefix("["), let node = try? Yams.compose(yaml: name) {
                return try jsonTemplate(YAMLValue(node: node, file: value.file, path: value.path))
            }
            let names: [String: JSONTemplate] = ["any": .any, "string": .string, "int": .int, "number": .number,
                                                 "bool": .bool, "object": .object([:]), "array": .array(nil)]
            guard let template = names[name] else {
                throw value.error(.invalidValue, "unknown JSON type \"\(name)\"\(Suggestion.clause(for: name, in: names.keys)) "
                    + "(expected one of: any, string, int, number, bool, object, array, {…}, [type])")
            }
            return template
        }
    }

    private static func download(_ value: YAMLValue, text: (YAMLValue) throws(WorkspaceError) -> String) throws(WorkspaceError) -> Download {
        if case .scalar = value.node { return Download(path: try text(value)) }
        let map = try value.mapping(allowed: ["path", "resumable"])
        var download = Download(path: try text(map.required("path")))
        if let resumable = map["resumable"] {
            download.resumable = try resumable.bool()
            guard download.resumable else {
                throw resumable.error(.invalidValue, "downloads always keep partial bytes for a resume; omit resumable or set it to true")
            }
        }
        return download
    }
}

/// A templated string and where it was written, checked once the whole file is read.
struct TemplateUse {
    let text: String
    let location: SourceLocation
}
