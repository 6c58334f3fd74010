import Courier

/// A request definition written as workspace YAML (see `workspaces/README.md`).
package enum RequestYAML {
    /// `name:` at the first column and the definition's keys under it, two spaces in, in the
    /// README's order, ending with a newline. Arguments, headers and form fields are block
    /// mappings, one per line, so that the workspace writer can later edit them in place;
    /// nested values and lists are flow collections. Defaults (GET, `useCDN: false`, …) are
    /// left out. Parsing the result gives back an equal definition.
    package static func block(for definition: RequestDefinition, name: String) -> String {
        var lines = [YAMLScalar.blockKey(name, indentation: 0) + ":"]
        func add(_ key: String, _ value: String, level: Int = 1) {
            lines.append(String(repeating: "  ", count: level) + key + (value.isEmpty ? ":" : ": " + value))
        }
        if let description = definition.description { add("description", text(description)) }
        if let grpc = definition.grpc {
            lines += grpcLines(grpc)
        } else {
            if definition.method != .get { add("method", text(definition.method.rawValue)) }
            add("url", text(definition.url))
        }
        if definition.useCDN { add("useCDN", "true") }
        if let args = definition.args { lines += mapping("args", args, order: definition.argumentOrder, level: 1) }
        if !definition.headers.isEmpty || !definition.removedHeaders.isEmpty {
            add("headers", "")
            for row in RequestDraft.headerRows(definition) {
                add(YAMLScalar.blockKey(row.name, indentation: 4), row.type == .null ? "null" : text(row.value), level: 2)
            }
        }
        if let auth = definition.auth { lines += authLines(auth.authentication) } else if definition.noAuth { add("auth", "none") }
        if let body = definition.body {
            add("body", "")
            lines += self.body(body)
        }
        if let timeout = definition.timeout { add("timeout", YAMLScalar.seconds(timeout)) }
        if let deadline = definition.deadline { add("deadline", YAMLScalar.seconds(deadline)) }
        if let limit = definition.maxBodyBytes { add("maxBodyBytes", String(limit)) }
        if let priority = definition.priority { add("priority", self.priority(priority)) }
        if let cache = definition.cache {
            add("cache", "")
            add("seconds", String(cache.seconds), level: 2)
            if cache.version != 0 { add("version", String(cache.version), level: 2) }
            if let sensitive = cache.sensitive { add("sensitive", text(sensitive), level: 2) }
            if !cache.async { add("async", "false", level: 2) }
        }
        if let validate = definition.validate {
            add("validate", validate.statusCodes == nil && validate.json == nil ? "{}" : "")
            if let codes = validate.statusCodes {
                let items = statusItems(codes)
                add("status", items.count == 1 ? items[0] : "[" + items.joined(separator: ", ") + "]", level: 2)
            }
            if let template = validate.json { add("json", self.template(template), level: 2) }
        }
        if let types = definition.acceptedContentTypes { add("accept", list(types.sorted())) }
        if let response = definition.response { add("response", response.rawValue) }
        if let download = definition.download {
            add("download", "")
            add("path", text(download.path), level: 2)
            add("resumable", download.resumable ? "true" : "false", level: 2)
        }
        // The mode only (an import or a recording sets no more of `stream:`).
        switch definition.stream.mode {
        case .events: add("stream", "events")
        case .lines: add("stream", "lines")
        case .chunks: add("stream", "chunks")
        case .off: add("stream", "off")
        default: break
        }
        if let retry = definition.retry { lines += self.retry(retry) }
        if let tls = definition.tls { lines += self.tls(tls) }
        lines += connectionLines(definition.connection)
        lines += TransferOptionFields.yamlLines(definition.transferOptions)
        if !definition.sendsCookies { add("cookies", "false") }
        if !definition.sensitive.isEmpty { add("sensitive", list(definition.sensitive)) }
        if let hud = definition.hud.text { add("hud", text(hud)) }
        if definition.hud.quietErrors { add("quietErrors", "true") }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func text(_ value: String) -> String { YAMLScalar.string(value, at: .blockValue) }

    private static func list(_ items: [String]) -> String {
        "[" + items.map { YAMLScalar.string($0, at: .flowValue) }.joined(separator: ", ") + "]"
    }

    /// `key:` and an object's members, one per line in `order` (members it misses last,
    /// sorted); anything but a non-empty object on the key's line.
    private static func mapping(_ key: String, _ value: JSONValue, order: [String], level: Int) -> [String] {
        let indent = String(repeating: "  ", count: level)
        guard case .object(let members) = value, !members.isEmpty else {
            return [indent + key + ": " + YAMLScalar.json(value, at: .blockValue)]
        }
        let names = order.filter { members[$0] != nil } + members.keys.filter { !order.contains($0) }.sorted()
        return [indent + key + ":"] + names.map {
            indent + "  " + YAMLScalar.blockKey($0, indentation: indent.count + 2) + ": " + YAMLScalar.json(members[$0]!, at: .blockValue)
        }
    }

    private static func body(_ body: RequestDefinition.Body) -> [String] {
        let indent = "    "
        switch body {
        case .json(let value):
            return [indent + "json: " + YAMLScalar.json(value, at: .blockValue)]
        case .form(let fields, let order):
            return mapping("form", fields, order: order, level: 2)
        case .text(let value, let contentType):
            return [indent + "text: " + text(value)] + (contentType.map { [indent + "contentType: " + text($0)] } ?? [])
        case .file(let path, let contentType):
            return [indent + "file: " + text(path)] + (contentType.map { [indent + "contentType: " + text($0)] } ?? [])
        case .graphql(let graphql):
            return graphQLLines(graphql, indent: indent)
        case .multipart(let parts):
            return [indent + "multipart:"] + parts.map { part in
                let fields = [("name", part.name), ("value", part.value), ("file", part.file),
                              ("filename", part.filename), ("contentType", part.contentType)]
                let written = fields.compactMap { key, value in value.map { key + ": " + YAMLScalar.string($0, at: .flowValue) } }
                return indent + "  - {" + written.joined(separator: ", ") + "}"
            }
        }
    }

    private static func priority(_ priority: RequestPriority) -> String {
        switch priority {
        case .low: return "low"
        case .default: return "default"
        case .high: return "high"
        default: return String(priority.rawValue)
        }
    }

    /// Codes and ranges, sorted: runs of three or more consecutive codes become `200-299`.
    private static func statusItems(_ codes: Set<Int>) -> [String] {
        var items: [String] = []
        let sorted = codes.sorted()
        var index = 0
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count, sorted[end + 1] == sorted[end] + 1 { end += 1 }
            if end - index >= 2 {
                items.append("\(sorted[index])-\(sorted[end])")
            } else {
                items += sorted[index...end].map(String.init)
            }
            index = end + 1
        }
        return items
    }

    private static func template(_ template: JSONTemplate) -> String {
        switch template {
        case .object(let members) where !members.isEmpty:
            let entries = members.keys.sorted().map { YAMLScalar.string($0, at: .flowKey) + ": " + self.template(members[$0]!) }
            return "{" + entries.joined(separator: ", ") + "}"
        case .array(let element?):
            return "[" + self.template(element) + "]"
        default:
            return template.name
        }
    }

    private static func retry(_ policy: RetryPolicy) -> [String] {
        var lines = ["  retry:", "    limit: \(policy.retryLimit)"]
        let defaults = RetryPolicy()
        if policy.exponentialBackoffScale != defaults.exponentialBackoffScale {
            lines.append("    backoff: " + YAMLScalar.seconds(policy.exponentialBackoffScale))
        }
        if policy.retryableStatusCodes != defaults.retryableStatusCodes {
            lines.append("    statuses: [" + statusItems(policy.retryableStatusCodes).joined(separator: ", ") + "]")
        }
        return lines
    }

    private static func tls(_ policy: TLSPolicy) -> [String] {
        var lines: [String] = []
        if !(policy.verifyPeer && policy.verifyHost) { lines.append("    verify: false") }
        if let caFile = policy.caFile { lines.append("    caFile: " + text(caFile)) }
        if let pinnedKey = policy.pinnedPublicKey { lines.append("    pinnedKey: " + text(pinnedKey)) }
        lines += clientCertificateLines(policy.clientCertificate)
        return lines.isEmpty ? ["  tls: {}"] : ["  tls:"] + lines
    }
}
