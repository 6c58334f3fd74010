import Courier
import CourierWorkspace

extension ExchangePane {
    /// The Auth tab's lines for any scheme, read from its description: its title and how it
    /// works, then each field that has a value (or a default) under its label, secrets
    /// hidden unless `reveal`.
    static func authLines(_ authentication: HTTPAuthentication, reveal: Bool) -> [StyledLine] {
        let description = authentication.schemeDescription
        let values = authentication.values
        func row(_ name: String, _ value: String, _ style: Style = .plain) -> StyledLine {
            StyledLine.build { $0.append(" " + DisplayWidth.padded(name, to: 14), .syntaxKey); $0.append(value, style) }
        }
        var lines = [StyledLine.build { $0.append(" " + description.title + "  ", .syntaxKey); $0.append(description.summary, .dim) }]
        for field in description.fields {
            guard let value = values.value(of: field) else { continue }
            let shown = field.isSensitive && !reveal ? Redaction.placeholder
                : field.kind == .list ? AuthValues.words(value).joined(separator: " ") : value
            lines.append(row(field.label, shown))
        }
        if description.fields.contains(where: { $0.isSensitive && values[$0.key] != nil }) {
            lines.append(StyledLine(" v shows or hides secrets", .dim))
        }
        return lines
    }
}
