import Courier

extension VariableScope {
    /// `text` rendered for a header value. A placeholder whose value holds a control character
    /// (a capture, `{{env.NAME}}`, a variable from `--var` or an environment) fails here, named,
    /// instead of at the engine's gate (``HeaderFieldCheck``), which cannot say where the value
    /// came from: a line break in it would inject a header or smuggle a request.
    public func renderHeaderValue(_ text: String) throws(TemplateError) -> String {
        let expansion = TemplateExpansion { [self] name in source(of: name) }
        let rendered = try expansion.render(text)
        guard HeaderFieldCheck.controlCharacter(in: rendered) != nil else { return rendered }
        for name in Template.references(in: text) {
            if let value = try expansion.value(of: name), let character = HeaderFieldCheck.controlCharacter(in: value) {
                throw TemplateError(name: name, reason: "its value holds a control character, \(character), "
                    + "which cannot go in a header; the request is not sent")
            }
        }
        return rendered
    }
}
