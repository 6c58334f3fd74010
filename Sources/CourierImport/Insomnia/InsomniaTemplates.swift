import Foundation

/// Insomnia's Nunjucks templates in Courier's terms: `{{ _.name }}` and `{{ name }}` become
/// `{{name}}`; the tags `{% uuid %}` and `{% now %}` the built-ins `{{uuid}}`, `{{now}}` and
/// `{{timestamp}}`; a `{% response 'body', 'req_…', '$.id' %}` reference to another request's
/// response a variable that request captures (a JSON path, a header or the whole body), so
/// that the chain runs it first. Any other tag (`prompt`, `base64`, `faker`, …) becomes an
/// empty variable, and the report says so.
struct InsomniaTemplates {
    /// The source's request titles by id, for the variables' names and the report.
    let titles: [String: String]
    /// What each request referred to by id must capture: variable ← source.
    private(set) var captures: [String: [(variable: String, source: String)]] = [:]
    /// Report lines, without the place.
    private(set) var dropped: [String] = []
    private var variableByReference: [String: String] = [:]
    private var taken: Set<String> = []

    init(titles: [String: String]) {
        self.titles = titles
    }

    /// `text` with its Insomnia templates converted; what does not map is listed in
    /// ``dropped`` under `place`.
    mutating func convert(_ text: String, at place: String) -> String {
        guard text.contains("{{") || text.contains("{%") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = Self.opening(in: rest) {
            result += rest[..<open.lowerBound]
            let isTag = rest[open].hasPrefix("{%")
            guard let close = rest[open.upperBound...].range(of: isTag ? "%}" : "}}") else {
                result += rest[open.lowerBound...]
                return result
            }
            let inside = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            result += isTag ? tag(inside, at: place) : variable(inside)
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The first `{{` or `{%` in `text`.
    private static func opening(in text: Substring) -> Range<Substring.Index>? {
        var index = text.startIndex
        while let brace = text[index...].firstIndex(of: "{") {
            let next = text.index(after: brace)
            guard next < text.endIndex else { return nil }
            if text[next] == "{" || text[next] == "%" { return brace..<text.index(after: next) }
            index = next
        }
        return nil
    }

    /// `_.name`, `_['name']`, `name` → `{{name}}`; a filter (`| upper`) is left out.
    private func variable(_ expression: String) -> String {
        var name = expression.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? expression
        if name.hasPrefix("_.") { name.removeFirst(2) }
        if name.hasPrefix("_['"), name.hasSuffix("']") { name = String(name.dropFirst(3).dropLast(2)) }
        if name.hasPrefix("_[\""), name.hasSuffix("\"]") { name = String(name.dropFirst(3).dropLast(2)) }
        return "{{" + name + "}}"
    }

    private mutating func tag(_ body: String, at place: String) -> String {
        let words = Self.arguments(body)
        guard let name = words.first else { return "" }
        let arguments = Array(words.dropFirst())
        switch name {
        case "uuid":
            return "{{uuid}}"
        case "now":
            return ["millis", "unix"].contains(arguments.first ?? "") ? "{{timestamp}}" : "{{now}}"
        case "response":
            if let variable = response(arguments, at: place) { return "{{" + variable + "}}" }
        default:
            break
        }
        let variable = fresh(ImportedNames.slug(name).replacingOccurrences(of: "-", with: "_"))
        dropped.append("\(place): template tag {% \(ImportedNames.shown(body)) %} not carried over; {{\(variable)}} stands for it, declared empty")
        return "{{" + variable + "}}"
    }

    /// `response FIELD, REQUEST_ID, FILTER, TRIGGER, MAX_AGE` as a capture of `REQUEST_ID`.
    private mutating func response(_ arguments: [String], at place: String) -> String? {
        guard arguments.count >= 2 else { return nil }
        let field = arguments[0], id = arguments[1]
        let filter = arguments.count > 2 ? Self.decoded(arguments[2]) : ""
        let source: String
        switch field {
        case "body" where filter.isEmpty: source = "body"
        case "body" where filter.hasPrefix("$"): source = filter
        case "header" where !filter.isEmpty: source = "header:" + filter
        case "raw": source = "body"
        default:
            dropped.append("\(place): a response reference to \(field) \(filter.isEmpty ? "" : "(\(filter)) ")of request \(titles[id] ?? id) "
                           + "has no Courier capture (JSON paths, headers and whole bodies do)")
            return nil
        }
        let key = id + "\u{0}" + source
        if let known = variableByReference[key] { return known }
        let last = source.split(whereSeparator: { ".$[]:".contains($0) }).last.map(String.init) ?? source
        let variable = fresh(HARSecretVariables.name((titles[id] ?? "response") + "_" + last))
        variableByReference[key] = variable
        captures[id, default: []].append((variable, source))
        return variable
    }

    private mutating func fresh(_ base: String) -> String {
        let stem = base.isEmpty ? "tag" : base
        var name = stem
        var counter = 2
        while taken.contains(name) {
            name = "\(stem)_\(counter)"
            counter += 1
        }
        taken.insert(name)
        return name
    }

    /// `b64::JC5pZA==::46b` → `$.id`; anything else as it is.
    static func decoded(_ argument: String) -> String {
        guard argument.hasPrefix("b64::") else { return argument }
        let parts = argument.components(separatedBy: "::")
        guard parts.count >= 2, let data = Data(base64Encoded: parts[1]), let text = String(data: data, encoding: .utf8) else { return argument }
        return text
    }

    /// A tag's words: its name, then its comma-separated arguments, quotes removed.
    static func arguments(_ body: String) -> [String] {
        let trimmed = body.trimmingCharacters(in: .whitespaces)
        guard let space = trimmed.firstIndex(where: \.isWhitespace) else { return trimmed.isEmpty ? [] : [trimmed] }
        var words = [String(trimmed[..<space])]
        var current = ""
        var quote: Character?
        var quoted = false
        for character in trimmed[space...] {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                quoted = true
            } else if character == "," {
                words.append(quoted ? current : current.trimmingCharacters(in: .whitespaces))
                current = ""
                quoted = false
            } else if !character.isWhitespace || !current.isEmpty {
                current.append(character)
            }
        }
        if !current.isEmpty || quoted { words.append(quoted ? current : current.trimmingCharacters(in: .whitespaces)) }
        return words
    }
}
