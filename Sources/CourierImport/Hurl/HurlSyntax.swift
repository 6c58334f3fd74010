import Foundation

/// A Hurl file as written (https://hurl.dev/docs/hurl-file.html): entries, each a request
/// and an optional response with its captures and asserts. Strings are kept as Hurl reads
/// them (escapes decoded, `{{templates}}` left in); nothing is mapped to Courier yet.
struct HurlFile {
    var entries: [HurlEntry]
}

/// One `METHOD URL` request and what follows it up to the next request.
struct HurlEntry {
    /// The comment lines right above the request line (no blank line between), without `#`.
    var comments: [String] = []
    var line: Int
    var method: String
    var url: String
    var headers: [HurlKeyValue] = []
    /// `[Query]`, `[Form]`, `[Multipart]`, `[Cookies]`, `[BasicAuth]`, `[Options]`, under
    /// their long names too (`[QueryStringParams]`…), in file order.
    var sections: [HurlSection] = []
    var body: HurlBody?
    var bodyLine = 0
    var response: HurlResponse?
}

/// `key: value` — a header, a section's parameter, an option.
struct HurlKeyValue {
    var key: String
    var value: String
    var line: Int
}

/// A request section and its `key: value` lines.
struct HurlSection {
    /// The name as written, without brackets.
    var name: String
    var line: Int
    var items: [HurlKeyValue] = []

    /// The section's short name: `QueryStringParams` is `Query`, `FormParams` `Form`,
    /// `MultipartFormData` `Multipart`.
    var kind: String {
        switch name {
        case "QueryStringParams": "Query"
        case "FormParams": "Form"
        case "MultipartFormData": "Multipart"
        default: name
        }
    }
}

/// `HTTP 200` (or `HTTP/2 *`) with the response's implicit header asserts, its
/// `[Captures]` and `[Asserts]`, and an implicit body assert.
struct HurlResponse {
    var line: Int
    /// `HTTP`, `HTTP/1.0`, `HTTP/1.1`, `HTTP/2`, `HTTP/3`.
    var version: String
    /// Nil for `*` (any status).
    var status: Int?
    var headers: [HurlKeyValue] = []
    var captures: [HurlCapture] = []
    var asserts: [HurlAssert] = []
    /// Sections other than `[Captures]` and `[Asserts]`.
    var otherSections: [(name: String, line: Int)] = []
    var body: HurlBody?
    var bodyLine = 0
}

/// `name: QUERY FILTERS` in `[Captures]`.
struct HurlCapture {
    var name: String
    var query: HurlQuery
    var filters: [HurlFilter]
    var line: Int
    /// The line as written, trimmed, for the report.
    var text: String
}

/// `QUERY FILTERS PREDICATE` in `[Asserts]`.
struct HurlAssert {
    var query: HurlQuery
    var filters: [HurlFilter]
    var predicate: HurlPredicate
    var line: Int
    var text: String
}

/// What a capture or assert looks at: `status`, `header "Name"`, `jsonpath "$.id"`, …
struct HurlQuery {
    /// `status`, `version`, `url`, `header`, `cookie`, `body`, `xpath`, `jsonpath`, `regex`,
    /// `variable`, `duration`, `bytes`, `sha256`, `md5`, `certificate`, `ip`, `redirects`.
    var name: String
    /// The quoted (or `/regex/`) argument of those that take one.
    var argument: HurlValue?

    /// The queries that take an argument.
    static let withArgument: Set<String> = ["header", "cookie", "xpath", "jsonpath", "regex", "variable", "certificate"]
}

/// A filter after a query: `count`, `nth 0`, `regex "(\\d+)"`, `toDate "%+"`, …
struct HurlFilter {
    var name: String
    var arguments: [HurlValue]
}

/// `[not] NAME [VALUE]`: the name in its symbol form for the comparisons (`equals` is `==`).
struct HurlPredicate {
    var negated: Bool
    var name: String
    var value: HurlValue?

    /// The word forms of the comparison symbols.
    static let symbolWords = ["equals": "==", "notEquals": "!=", "greaterThan": ">", "greaterThanOrEquals": ">=",
                              "lessThan": "<", "lessThanOrEquals": "<="]
    /// The predicates that take no value.
    static let withoutValue: Set<String> = [
        "exists", "isEmpty", "isInteger", "isFloat", "isBoolean", "isString", "isCollection", "isDate", "isIsoDate",
        "isList", "isObject", "isNumber", "isIpv4", "isIpv6", "isUuid",
    ]
    /// Every predicate name Hurl has, in symbol form for the comparisons.
    static let names: Set<String> = withoutValue.union(["==", "!=", ">", ">=", "<", "<=", "startsWith", "endsWith",
                                                        "contains", "includes", "matches"])
}

/// A value in a capture, assert or filter.
enum HurlValue: Equatable {
    /// `"quoted"` or `` `backtick` `` text, escapes decoded.
    case string(String)
    /// `/pattern/`.
    case regex(String)
    /// An integer or a float, as written.
    case number(String)
    case bool(Bool)
    case null
    /// `{{name}}`, the name trimmed.
    case template(String)
    /// `hex,…;` or `base64,…;`.
    case bytes(Data)
}

/// A request's or response's body.
enum HurlBody {
    /// A JSON object or array, as written.
    case json(String)
    /// An XML document, as written.
    case xml(String)
    /// A ``` multiline string, with its language hint (`json`, `xml`, `graphql`, `raw`…).
    case multiline(String, language: String?)
    /// A `` `one line` `` string.
    case oneline(String)
    /// `base64,…;` or `hex,…;`.
    case bytes(Data)
    /// `file,path;`.
    case file(String)
}

/// A mistake that stops the file from being read, at a line and column (both from 1).
struct HurlSyntaxError: Error {
    var line: Int
    var column: Int
    var message: String
}
