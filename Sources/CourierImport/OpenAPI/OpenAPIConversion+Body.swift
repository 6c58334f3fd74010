import Courier
import Foundation
import OpenAPIKit
import CourierWorkspace

/// Request bodies: JSON (preferred when the operation takes several types) as a `json:`
/// body, `application/x-www-form-urlencoded` as `form:`, `multipart/form-data` as
/// `multipart:` (file parts with a placeholder path), binary types as `file:` (a placeholder
/// path), anything else as `text:`. The content is the media type's `example`, else its first
/// `examples` entry, else the schema's example, else a sample built from the schema.
extension OpenAPIConversion {
    /// Where a placeholder file for an upload is expected, relative to the workspace.
    static func placeholderPath(_ name: String) -> String { "path/to/" + name }

    mutating func convertBody(_ body: Either<OpenAPI.Reference<OpenAPI.Request>, OpenAPI.Request>?,
                              into request: inout ImportedWorkspace.Request) {
        let name = request.definition.name
        guard let body else { return }
        guard let resolved = try? components.lookup(body) else {
            report.dropped.append("request \"\(name)\": its request body, whose $ref could not be looked up")
            return
        }
        var contents: [(type: OpenAPI.ContentType, media: OpenAPI.Content)] = []
        for (type, entry) in resolved.content {
            if let media = try? components.lookup(entry) { contents.append((type, media)) }
        }
        guard let chosen = contents.first(where: { Self.isJSON($0.type) }) ?? contents.first else { return }
        let others = contents.filter { $0.type != chosen.type }.map(\.type.rawValue)
        if !others.isEmpty {
            report.notes.append("request \"\(name)\": body as \(chosen.type.rawValue); the operation also takes \(others.joined(separator: ", "))")
        }
        let media = chosen.media
        let mediaType = chosen.type.typeAndSubtype.lowercased()
        let sample = bodyValue(media, request: name)
        if Self.isJSON(chosen.type) {
            request.definition.body = .json(sample ?? .object([:]))
            if mediaType != "application/json" { request.definition.headers.append(("Content-Type", chosen.type.rawValue)) }
        } else if mediaType == "application/x-www-form-urlencoded" {
            request.definition.body = formBody(sample, schema: media.schema)
        } else if mediaType == "multipart/form-data" {
            request.definition.body = .multipart(multipartParts(sample, media: media, request: name))
        } else if Self.isBinary(mediaType) || media.schema.map(isBinary) == true {
            request.definition.body = .file(path: Self.placeholderPath("body"), contentType: Self.contentType(chosen.type))
            report.notes.append("request \"\(name)\": the \(chosen.type.rawValue) body is read from the placeholder \(Self.placeholderPath("body")): put the file there or change the path")
        } else {
            var text = ""
            switch sample {
            case .string(let string)?: text = string
            case nil, .null?: break
            case let value?:
                text = String(decoding: value.serialized(), as: UTF8.self)
                report.notes.append("request \"\(name)\": the \(chosen.type.rawValue) body's example is not text; written as JSON")
            }
            request.definition.body = .text(text, contentType: Self.contentType(chosen.type))
        }
    }

    /// The example or a sample of a media type's schema.
    private mutating func bodyValue(_ media: OpenAPI.Content, request name: String) -> JSONValue? {
        var external: URL?
        if let value = OpenAPIExampleValues.first(example: media.example, examples: media.examples,
                                                  components: components, external: &external) {
            return value
        }
        if let external { report.dropped.append("request \"\(name)\": its body example in \(external.absoluteString)") }
        guard let schema = media.schema else { return nil }
        var sampler = OpenAPISchemaSample(components: components)
        let value = sampler.sample(schema)
        if sampler.recursion {
            report.notes.append("request \"\(name)\": the body's schema refers to itself; the sample stops where it would recur")
        }
        if sampler.truncated {
            report.notes.append("request \"\(name)\": the body's schema is large; the sample stops after \(OpenAPISchemaSample.maximumDepth) levels or \(OpenAPISchemaSample.maximumValues) values")
        }
        for reference in sampler.unresolved {
            report.dropped.append("request \"\(name)\": schema \(reference) (not in the document), null in the sample")
        }
        return value
    }

    private func formBody(_ sample: JSONValue?, schema: JSONSchema?) -> RequestDefinition.Body {
        guard case .object(let members)? = sample else {
            if case .string(let text)? = sample { return .text(text, contentType: "application/x-www-form-urlencoded") }
            return .form(.object([:]))
        }
        let fields = members.mapValues { value -> JSONValue in
            switch value {
            case .array, .object: return .string(OpenAPIExampleValues.text(value))
            default: return value
            }
        }
        let sampler = OpenAPISchemaSample(components: components)
        let order = (schema.map(sampler.propertyOrder) ?? []).filter { members[$0] != nil }
        return .form(.object(fields), order: order + members.keys.filter { !order.contains($0) }.sorted())
    }

    private mutating func multipartParts(_ sample: JSONValue?, media: OpenAPI.Content, request name: String) -> [RequestDefinition.Part] {
        let sampler = OpenAPISchemaSample(components: components)
        let members = sample?.objectValue ?? [:]
        let order = (media.schema.map(sampler.propertyOrder) ?? []).filter { members[$0] != nil }
            + members.keys.filter { key in !(media.schema.map(sampler.propertyOrder) ?? []).contains(key) }.sorted()
        var parts: [RequestDefinition.Part] = []
        for field in order {
            let property = media.schema.flatMap { sampler.property(field, of: $0) }
            let encodingType = media.encodingMap?[field]?.contentTypes.first?.rawValue
            let textual = encodingType.map { $0.hasPrefix("text/") || $0.contains("json") } ?? true
            if property.map(isBinary) == true || !textual {
                let type = encodingType ?? property.flatMap(contentMediaType)
                parts.append(.init(name: field, file: Self.placeholderPath(field), contentType: type))
                report.notes.append("request \"\(name)\": multipart file part \"\(field)\" is read from the placeholder \(Self.placeholderPath(field)): put the file there or change the path")
            } else {
                parts.append(.init(name: field, value: members[field].map(OpenAPIExampleValues.text) ?? "", contentType: encodingType))
            }
        }
        if parts.isEmpty {
            report.notes.append("request \"\(name)\": the multipart body has no fields the document describes")
        }
        return parts
    }

    /// A schema for bytes: `format: binary`, a `contentMediaType`, or a list of those.
    private func isBinary(_ schema: JSONSchema) -> Bool {
        var schema = schema
        var seen: Set<String> = []
        while case .reference(let reference, _) = schema.value, seen.insert(reference.absoluteString).inserted,
              let target = components[reference] {
            schema = target
        }
        if let items = schema.arrayContext?.items { return isBinary(items) }
        return schema.formatString == "binary" || contentMediaType(schema) != nil
    }

    private func contentMediaType(_ schema: JSONSchema) -> String? {
        schema.stringContext?.contentMediaType?.rawValue
    }

    static func isJSON(_ type: OpenAPI.ContentType) -> Bool {
        let value = type.typeAndSubtype.lowercased()
        return value == "application/json" || value.hasSuffix("+json") || value.hasSuffix("/json")
    }

    static func isBinary(_ mediaType: String) -> Bool {
        mediaType == "application/octet-stream" || mediaType == "application/pdf" || mediaType == "application/zip"
            || ["image/", "audio/", "video/"].contains { mediaType.hasPrefix($0) }
    }

    /// A media type as a `Content-Type`; nil for a range like `*/*`, which is none.
    static func contentType(_ type: OpenAPI.ContentType) -> String? {
        type.rawValue.contains("*") ? nil : type.rawValue
    }
}
