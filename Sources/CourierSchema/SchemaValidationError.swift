/// Where in an instance a value is: a path of member names and array indices from the root.
public struct InstanceLocation: Sendable, Hashable, CustomStringConvertible {
    /// One step: an object member or an array element.
    public enum Segment: Sendable, Hashable {
        case member(String)
        case index(Int)
    }

    /// The steps from the root, outermost first; empty for the root itself.
    public private(set) var segments: [Segment] = []

    /// The location `segments` lead to.
    public init(_ segments: [Segment] = []) { self.segments = segments }

    func appending(_ segment: Segment) -> InstanceLocation {
        var copy = self
        copy.segments.append(segment)
        return copy
    }

    /// The path as the capture syntax writes it: `$.items[3].price`, `$["a b"]`.
    public var description: String {
        var out = "$"
        for segment in segments {
            switch segment {
            case .index(let index): out += "[\(index)]"
            case .member(let name):
                let plain = !name.isEmpty && name.first.map { $0.isLetter || $0 == "_" } == true
                    && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
                out += plain ? ".\(name)" : "[\(JSONText.quoted(name))]"
            }
        }
        return out
    }

    /// The path as a JSON Pointer: `/items/3/price`.
    public var pointer: String {
        JSONPointer.text(segments.map {
            switch $0 {
            case .member(let name): return name
            case .index(let index): return String(index)
            }
        })
    }
}

/// One way an instance fails its schema.
public struct SchemaValidationError: Sendable, Hashable, CustomStringConvertible {
    /// The value that failed, from the instance's root.
    public let instanceLocation: InstanceLocation
    /// The failing keyword as reached from the root schema, through every `$ref`:
    /// `/properties/items/$ref/items/properties/price/type`.
    public let keywordLocation: String
    /// The failing keyword in the document that holds it: `#/components/schemas/Pet/properties/price/type`,
    /// prefixed with the document's URI when the document was registered under one.
    public let absoluteKeywordLocation: String
    /// What is wrong, readably: `expected number, got string`.
    public let message: String

    /// `$.items[3].price: expected number, got string (#/…/price/type)`.
    public var description: String {
        "\(instanceLocation): \(message) (\(absoluteKeywordLocation))"
    }
}

/// Why a schema could not be compiled; `location` is the schema location at fault.
public struct SchemaCompileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the schema.
    public enum Reason: Sendable, Hashable {
        /// A `$ref` or `$dynamicRef` names nothing the registry holds.
        case unresolvableReference(String)
        /// A `pattern` or `patternProperties` name is not a regular expression.
        case invalidPattern(String)
        /// The schema fails its metaschema: each failure.
        case invalidSchema([SchemaValidationError])
        /// `$schema` names a metaschema the registry does not hold.
        case unknownMetaschema(String)
        /// The metaschema requires a vocabulary this validator does not implement.
        case unsupportedVocabulary(String)
        /// The value is neither an object nor a boolean.
        case notASchema
    }

    public let reason: Reason
    /// The absolute location of the faulty keyword, as in `SchemaValidationError.absoluteKeywordLocation`.
    public let location: String

    /// An error of `reason` at `location`.
    public init(reason: Reason, location: String) {
        self.reason = reason
        self.location = location
    }

    public var description: String {
        switch reason {
        case .unresolvableReference(let ref): return "\(location): cannot resolve the reference \(JSONText.quoted(ref))"
        case .invalidPattern(let pattern): return "\(location): not a valid regular expression: \(JSONText.quoted(pattern))"
        case .invalidSchema(let errors):
            return "\(location): not a valid schema:\n" + errors.map { "  \($0.instanceLocation.pointer): \($0.message)" }.joined(separator: "\n")
        case .unknownMetaschema(let uri): return "\(location): unknown metaschema \(JSONText.quoted(uri))"
        case .unsupportedVocabulary(let uri): return "\(location): the required vocabulary \(JSONText.quoted(uri)) is not supported"
        case .notASchema: return "\(location): a schema must be an object or a boolean"
        }
    }
}
