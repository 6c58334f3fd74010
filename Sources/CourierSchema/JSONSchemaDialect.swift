/// The JSON Schema dialect a schema is read in when it does not name one with `$schema`.
public enum JSONSchemaDialect: Sendable, Hashable {
    /// Draft 2020-12, all its vocabularies.
    case draft2020_12
    /// Draft-07: `definitions`, `items` as a list with `additionalItems`, `dependencies`, and a
    /// `$ref` whose sibling keywords are ignored.
    case draft07
    /// OpenAPI 3.0's Schema Object: draft-07 plus `nullable: true` (adds `null` to `type`) and
    /// boolean `exclusiveMinimum`/`exclusiveMaximum` (which make `minimum`/`maximum` exclusive).
    case openAPI30

    /// The `$schema` URI of draft 2020-12's metaschema.
    public static let draft2020_12URI = "https://json-schema.org/draft/2020-12/schema"
    /// The `$schema` URI of draft-07's metaschema.
    public static let draft07URI = "http://json-schema.org/draft-07/schema#"

    var vocabulary: Vocabulary {
        switch self {
        case .draft2020_12: return .draft2020_12
        case .draft07: return .draft07
        case .openAPI30: return Vocabulary.draft07.union(.openAPI)
        }
    }

    /// The dialect a `$schema` value names, if it is one of the built-in ones.
    static func named(_ uri: String) -> JSONSchemaDialect? {
        switch uri {
        case draft2020_12URI, draft2020_12URI + "#": return .draft2020_12
        case draft07URI, "http://json-schema.org/draft-07/schema": return .draft07
        default: return nil
        }
    }
}

/// The keywords that apply in a schema resource: draft 2020-12's vocabularies, as its
/// metaschema's `$vocabulary` turns them on, and the older dialects' rules.
struct Vocabulary: OptionSet, Sendable, Hashable {
    let rawValue: Int

    static let core = Vocabulary(rawValue: 1 << 0)
    static let applicator = Vocabulary(rawValue: 1 << 1)
    static let unevaluated = Vocabulary(rawValue: 1 << 2)
    static let validation = Vocabulary(rawValue: 1 << 3)
    static let format = Vocabulary(rawValue: 1 << 4)
    /// Formats are assertions because the metaschema asks for the format-assertion vocabulary.
    static let formatAssertion = Vocabulary(rawValue: 1 << 5)
    /// Draft-07's rules: `$ref` alone, array `items` with `additionalItems`, `dependencies`.
    static let legacy = Vocabulary(rawValue: 1 << 6)
    /// OpenAPI 3.0's `nullable` and boolean exclusive bounds.
    static let openAPI = Vocabulary(rawValue: 1 << 7)

    static let draft2020_12: Vocabulary = [.core, .applicator, .unevaluated, .validation, .format]
    static let draft07: Vocabulary = [.core, .applicator, .validation, .format, .legacy]

    /// The vocabulary of a draft 2020-12 vocabulary URI; nil for one this validator does not know.
    /// Meta-data and content are annotations only: known, and nothing to check.
    static func named(_ uri: String) -> Vocabulary? {
        let prefix = "https://json-schema.org/draft/2020-12/vocab/"
        guard uri.hasPrefix(prefix) else { return nil }
        switch uri.dropFirst(prefix.count) {
        case "core": return .core
        case "applicator": return .applicator
        case "unevaluated": return .unevaluated
        case "validation": return .validation
        case "format-annotation": return .format
        case "format-assertion": return [.format, .formatAssertion]
        case "meta-data", "content": return []
        default: return nil
        }
    }
}
