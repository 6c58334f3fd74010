/// One rendering by a ``VariableScope`` (a URL, a header, a whole `args` value), bounded in
/// size and nesting.
///
/// A variable whose value uses another twice, thirty levels deep, would expand to a gigabyte
/// through repeated work; here each variable is rendered once per rendering and its value
/// reused, the strings that hold placeholders may expand to at most ``maximumBytes`` together,
/// and variables may nest ``maximumDepth`` deep. Values that change on every use (`uuid`,
/// `now`, `timestamp`) are filled in afresh at each place, and so are the variables using them.
final class TemplateExpansion {
    /// What a name stands for, before rendering.
    enum Source {
        /// A variable's text, itself a template.
        case template(String)
        /// A value used as it is: a capture, the process environment, `{{demo}}`.
        case value(String)
        /// A built-in that differs on every use.
        case fresh(String)
        /// A built-in called wrongly (`{{random.int 9}}`).
        case failure(TemplateError)
    }

    /// The most a rendering may produce: 1 MiB of UTF-8 across its templated strings.
    static let maximumBytes = 1 << 20
    /// The most variables that may be rendered inside one another.
    static let maximumDepth = 32

    private let source: (String) -> Source?
    /// Variables rendered so far that use nothing fresh.
    private var values: [String: String] = [:]
    /// The variables being rendered, outermost first.
    private var path: [String] = []
    /// UTF-8 bytes of the templated strings finished so far.
    private var produced = 0
    private var freshUses = 0

    init(source: @escaping (String) -> Source?) {
        self.source = source
    }

    /// `text` with its placeholders filled in; it counts against ``maximumBytes`` when it
    /// holds any.
    func render(_ text: String) throws(TemplateError) -> String {
        guard text.contains("{{") else { return text }
        let rendered = try fill(text, variable: nil)
        produced += rendered.utf8.count
        return rendered
    }

    /// The value of one name, or nil when it has none.
    func value(of name: String) throws(TemplateError) -> String? {
        if let known = values[name] { return known }
        switch source(name) {
        case nil:
            return nil
        case .value(let value):
            return value
        case .fresh(let value):
            freshUses += 1
            return value
        case .failure(let error):
            throw error
        case .template(let text):
            if path.contains(name) {
                throw TemplateError(name: name, reason: "variables refer to each other in a cycle: " + (path + [name]).joined(separator: " → "))
            }
            guard path.count < Self.maximumDepth else {
                throw TemplateError(name: name, reason: "variables nest more than \(Self.maximumDepth) deep: "
                    + (path + [name]).joined(separator: " → "))
            }
            path.append(name)
            defer { path.removeLast() }
            let freshBefore = freshUses
            let rendered = try fill(text, variable: name)
            if freshUses == freshBefore { values[name] = rendered }
            return rendered
        }
    }

    /// `text` rendered as the value of `variable` (nil: a string of the rendering itself).
    private func fill(_ text: String, variable: String?) throws(TemplateError) -> String {
        let room = Self.maximumBytes - produced
        return try Template.render(text) { name throws(TemplateError) in
            try value(of: name)
        } filled: { name, bytes throws(TemplateError) in
            guard bytes > room else { return }
            let limit = "more than 1 MiB (\(Self.maximumBytes) bytes), the most a template may expand to"
            guard let variable else {
                throw TemplateError(name: name, reason: "filling it in would make the value \(limit)")
            }
            let through = path.count > 1 ? " (through \(path.joined(separator: " → ")))" : ""
            throw TemplateError(name: variable, reason: "its value would be \(limit), once {{\(name)}} is filled in\(through)")
        }
    }
}
