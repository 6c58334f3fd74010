import Courier
import CourierFormat
import CourierFormatCore

extension RequestDefinition.Auth {
    /// The auth with its placeholders filled in from `scope` — every templated field its
    /// description names; a value that goes into a header as it is refused with a control
    /// character; a file's path resolved against `workspace` — and the values to hide (its
    /// sensitive fields'). Throws a ``TemplateError``, or an ``AuthValueError`` when a value
    /// filled in does not fit its field.
    func rendered(in scope: VariableScope, workspace: Workspace) throws -> (auth: Self, secrets: [String]) {
        let authentication = self.authentication
        let description = authentication.schemeDescription
        let values = try authentication.values.rendered(description) { field, text throws(TemplateError) in
            switch field.kind {
            case .file: workspace.resolvePath(try scope.render(text))
            default: field.isHeaderValue ? try scope.renderHeaderValue(text) : try scope.render(text)
            }
        }
        let rendered = try with(values: values)
        return (rendered, rendered.authentication.secrets)
    }
}
