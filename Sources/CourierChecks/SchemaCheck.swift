import Courier
import CourierFormatCore
import CourierSchema
import Foundation

/// An `expect:` item `{schema: FILE | {inline schema}, at: $.path, formats: true}`: the body
/// (or the part at `at`) must match a JSON Schema, draft 2020-12 unless the schema's
/// `$schema` says otherwise. Each violation is a failed ``CheckResult`` with the instance
/// path and the schema location; a match is one passed result.
package struct SchemaCheck: Sendable, Hashable {
    package enum Source: Sendable, Hashable {
        /// A file, relative to the workspace's folder; `{{variables}}` allowed.
        case file(String)
        case inline(JSONValue)
    }

    package var source: Source
    /// Where in the body the instance is; nil: the whole body.
    package var at: JSONPath?
    /// Whether `format` is asserted (`date-time`, `email`, `uuid`, …) rather than an annotation.
    package var assertsFormats: Bool
    package var location: SourceLocation
    /// Where the `schema:` key is written: errors about the schema itself point there.
    package var schemaLocation: SourceLocation

    static let keys = ["schema", "at", "formats"]

    /// How results name the schema: `schema schemas/pet.json` or `schema (inline)`.
    package var text: String {
        switch source {
        case .file(let path): return "schema \(path)"
        case .inline: return "schema (inline)"
        }
    }

    package init(yaml: YAMLValue) throws(WorkspaceError) {
        let map = try yaml.mapping(allowed: Self.keys, expected: "a schema check: {schema: FILE or {…}, at: $.path, formats: true}")
        let schema = try map.required("schema", hint: "a JSON Schema file or an inline schema")
        schemaLocation = map.entries.first { $0.name == "schema" }?.key.location ?? schema.location
        if case .mapping = schema.node {
            source = .inline(try schema.json())
        } else {
            source = .file(try schema.string(expected: "a JSON Schema file (.json or .yaml) or an inline schema"))
        }
        if let value = map["at"] {
            let text = try value.string()
            do throws(JSONPath.ParseError) {
                at = try JSONPath(parsing: text)
            } catch {
                throw value.error(.invalidValue, "\(error.reason) in \"\(text)\"")
            }
        }
        assertsFormats = try map["formats"]?.bool() ?? false
        location = yaml.location
    }

    /// Reads and compiles the schema as ``results(on:render:load:)`` will, from `workspace`'s
    /// folder: a file that is missing, outside the folders a workspace may use, unreadable,
    /// not JSON (or YAML), or not a valid schema is an error at the `schema:` key saying what
    /// is wrong (a parse error at the file's own line and column). A file named with
    /// `{{placeholders}}` is left for when a response is checked.
    package func compile(workspace: some WorkspaceFileResolving) throws(WorkspaceError) {
        var registry = SchemaRegistry()
        var reference: String?
        if case .file(let path) = source {
            guard !path.contains("{{") else { return }
            do throws(SchemaFile.Failure) {
                let (document, uri) = try SchemaFile.read(path, workspace: workspace)
                registry.add(document, uri: uri)
                reference = uri
            } catch {
                throw WorkspaceError(error.kind, at: schemaLocation, "expect: \(text) cannot be used: \(error.description)")
            }
        }
        do throws(SchemaCompileError) {
            if let reference {
                _ = try JSONSchema(reference: reference, registry: registry, options: options)
            } else if case .inline(let schema) = source {
                _ = try JSONSchema(schema, registry: registry, options: options)
            }
        } catch {
            throw WorkspaceError(.invalidValue, at: schemaLocation, "expect: \(text) cannot be used: \(SchemaFile.explain(error))")
        }
    }

    /// The check on `facts`: `load` reads a schema file (a path as written, placeholders
    /// filled in) as JSON and returns it with the URI its `$ref`s resolve against.
    package func results(on facts: ResponseFacts, render: (String) throws(TemplateError) -> String,
                        load: (String) throws -> (document: JSONValue, uri: String)) -> [CheckResult] {
        let check = Check(subject: .json(at ?? JSONPath(components: [])), predicate: CheckPredicate(.matchesSchema, .text(schemaName)),
                          text: text, location: location)
        func failure(_ actual: String, note: String? = nil) -> CheckResult {
            CheckResult(check: check, passed: false, expected: "a match of the \(text)", actual: actual, note: note)
        }
        let compiled: JSONSchema
        do {
            var registry = SchemaRegistry()
            switch source {
            case .inline(let schema):
                compiled = try JSONSchema(schema, registry: registry, options: options)
            case .file(let path):
                let (document, uri) = try load(try render(path))
                registry.add(document, uri: uri)
                compiled = try JSONSchema(reference: uri, registry: registry, options: options)
            }
        } catch {
            return [failure("nothing", note: "the schema cannot be used: \(error)")]
        }
        guard let body = facts.wholeJSON else { return [failure("nothing", note: facts.wholeJSONRefusal ?? "the body is not JSON")] }
        guard let instance = at.map({ $0.evaluate(in: body) }) ?? body else {
            return [failure("nothing", note: "nothing at \(at?.description ?? "$")")]
        }
        let errors = compiled.validate(instance)
        guard !errors.isEmpty else {
            return [CheckResult(check: check, passed: true, expected: "a match of the \(text)", actual: "a match")]
        }
        return errors.map { error in
            var failed = CheckResult(check: check, passed: false, expected: "a match of the \(text)", actual: error.message,
                                     note: error.absoluteKeywordLocation)
            failed.check.subject = .json(JSONPath(components: (at?.components ?? []) + JSONPath(error.instanceLocation).components))
            return failed
        }
    }

    private var options: JSONSchema.Options { JSONSchema.Options(assertsFormats: assertsFormats) }

    private var schemaName: String {
        if case .file(let path) = source { return path }
        return "(inline)"
    }
}

extension JSONPath {
    /// The path of these components (`$` for none).
    init(components: [Component]) {
        self = try! JSONPath(parsing: "$")
        self.components = components
    }
}
