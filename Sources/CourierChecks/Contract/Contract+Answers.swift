import Courier
import CourierFormatCore
import CourierSchema
import Foundation

/// What a contract documents as the answer to one call: the status, a media type and a body —
/// the document's example, or one made from the response schema (``SchemaInstanceGenerator``)
/// and checked against it. For `courier mock --from openapi.yaml`.
package struct DocumentedAnswer: Sendable {
    /// `GET /pets/{petId}`.
    package let operation: String
    package let status: Int
    package let contentType: String?
    package let body: JSONValue?
    /// Whether ``body`` is the document's example (or a made-up one).
    package let isExample: Bool
    /// Why a made-up body does not validate against the schema, when it does not.
    package let problems: [String]
}

extension Contract {
    /// Every operation: method and template, in the document's order.
    package var operationRoutes: [(method: String, template: String)] {
        operations.map { ($0.method, $0.template.text) }
    }

    /// The answer the contract documents for `method` on `path` (a URL's path): the
    /// `preferredStatus`'s response when documented, else the first success (`200` before
    /// `201` before `2XX`), else `default`; JSON before other media types; the example named
    /// `exampleName`, else the media type's first. Nil when no operation fits.
    package func documentedAnswer(method: String, path: String, preferredStatus: Int? = nil, exampleName: String? = nil) -> DocumentedAnswer? {
        guard let operation = operation(method: method, path: path).operation else { return nil }
        guard let (key, status) = Self.statusKey(of: operation, preferred: preferredStatus) else {
            return DocumentedAnswer(operation: operation.name, status: 204, contentType: nil, body: nil, isExample: false,
                                    problems: ["\(operation.name) documents no response"])
        }
        let documented = operation.responses[key]
        let types = (documented?.content.keys).map(Array.init) ?? []
        guard let type = types.sorted(by: Self.preferringJSON).first,
              let media = mediaObject(operation: operation, statusKey: key, contentType: type) else {
            return DocumentedAnswer(operation: operation.name, status: status, contentType: nil, body: nil, isExample: false, problems: [])
        }
        let contentType = type.contains("*") ? "application/json" : type
        let cacheKey = [operation.name, key, type, exampleName ?? ""].joined(separator: "\u{0}")
        if let known = answers.withLock({ $0[cacheKey] }) { return known }
        let answer = madeAnswer(operation: operation, status: status, documented: documented, type: type, contentType: contentType,
                                media: media, exampleName: exampleName)
        answers.withLock { $0[cacheKey] = answer }
        return answer
    }

    private func madeAnswer(operation: ContractOperation, status: Int, documented: ContractResponse?, type: String, contentType: String,
                            media: Place, exampleName: String?) -> DocumentedAnswer {
        if let example = example(in: media, named: exampleName) {
            return DocumentedAnswer(operation: operation.name, status: status, contentType: contentType, body: example, isExample: true,
                                    problems: [])
        }
        guard media.value["schema"] != nil else {
            return DocumentedAnswer(operation: operation.name, status: status, contentType: contentType, body: nil, isExample: false, problems: [])
        }
        let generator = SchemaInstanceGenerator(registry: registry, options: JSONSchema.Options(dialect: dialect))
        let made = generator.instance(at: media.uri + "/schema") ?? .object([:])
        var problems: [String] = []
        if let reference = documented?.content[type] ?? nil {
            switch self.schema(at: reference) {
            case .success(let compiled): problems = compiled.validate(made).map { "\($0)" }
            case .failure(let error): problems = ["the schema does not compile: \(error)"]
            }
        }
        return DocumentedAnswer(operation: operation.name, status: status, contentType: contentType, body: made, isExample: false, problems: problems)
    }

    /// The response key to answer with and its status.
    private static func statusKey(of operation: ContractOperation, preferred: Int?) -> (String, Int)? {
        if let preferred, let found = operation.response(for: preferred) { return (found.key, preferred) }
        let keys = operation.responses.keys
        let numbered = keys.compactMap { key in Int(key).map { (key, $0) } }.sorted { $0.1 < $1.1 }
        if let success = numbered.first(where: { (200...299).contains($0.1) }) { return success }
        if let range = keys.first(where: { $0.uppercased() == "2XX" }) { return (range, 200) }
        if keys.contains("default") { return ("default", 200) }
        if let first = numbered.first { return first }
        return keys.sorted().first.map { ($0, (Int(String($0.prefix(1))) ?? 2) * 100) }
    }

    /// JSON media types (`application/json`, `application/problem+json`) first, then by name.
    private static func preferringJSON(_ a: String, _ b: String) -> Bool {
        let aJSON = a.lowercased().contains("json"), bJSON = b.lowercased().contains("json")
        return aJSON != bJSON ? aJSON : a < b
    }

    /// A place in the contract's documents: the document's URI and the pointer's tokens.
    private struct Place {
        var value: JSONValue
        var resource: String
        var tokens: [String]
        /// `file:///…/api.yaml#/paths/~1pets/get`.
        var uri: String { resource + ContractPointer.fragment(tokens) }
    }

    /// The Media Type Object of a response, `$ref`s followed, and where it is.
    private func mediaObject(operation: ContractOperation, statusKey: String, contentType: String) -> Place? {
        guard let root = registry.value(at: uri) else { return nil }
        var place = Place(value: root, resource: uri, tokens: [])
        for step in ["paths", operation.template.text, operation.method.lowercased(), "responses", statusKey, "content", contentType] {
            // Status keys may be written with another case (`2xx`).
            var key = step
            if step == statusKey, case .object(let members) = place.value {
                key = members.keys.first { $0.uppercased() == statusKey.uppercased() } ?? step
            }
            guard let next = place.value[key] else { return nil }
            guard let followed = followed(Place(value: next, resource: place.resource, tokens: place.tokens + [key])) else { return nil }
            place = followed
        }
        return place
    }

    /// `place`, or where its `$ref` (and theirs) lead.
    private func followed(_ place: Place) -> Place? {
        var current = place
        for _ in 0..<16 {
            guard let reference = current.value["$ref"]?.stringValue else { return current }
            let target = SchemaRegistry.resolve(reference, against: current.uri)
            guard let found = registry.value(at: target) else { return nil }
            let resource = String(target.prefix { $0 != "#" })
            let fragment = target.contains("#") ? String(target[target.index(after: target.firstIndex(of: "#")!)...]) : ""
            current = Place(value: found, resource: resource, tokens: ContractPointer.tokens(fragment: fragment) ?? [])
        }
        return nil
    }

    /// The media type's `example`, or its `examples`' (the one named, else the first by name) `value`.
    private func example(in media: Place, named name: String?) -> JSONValue? {
        if let example = media.value["example"] { return example }
        guard case .object(let examples)? = media.value["examples"], !examples.isEmpty else { return nil }
        let key = name.flatMap { examples[$0] != nil ? $0 : nil } ?? examples.keys.sorted()[0]
        return followed(Place(value: examples[key]!, resource: media.resource, tokens: media.tokens + ["examples", key]))?.value["value"]
    }
}

extension Contract {
    /// The OpenAPI document at `file` (a path given on the command line, relative to the
    /// current directory): read as `contract: FILE` is, inside the document's own folder.
    package static func load(file: String) throws(WorkspaceError) -> Contract {
        let path = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let quoted = String(decoding: JSONValue.string(path).serialized(), as: UTF8.self)
        guard let value = try YAMLValue.document(yaml: quoted, file: "--from", subject: "the option") else {
            throw WorkspaceError(.invalidValue, at: nil, "--from names no file")
        }
        return try load(value, relativeTo: directory)
    }
}
