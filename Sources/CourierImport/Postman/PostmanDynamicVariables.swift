import Foundation
import CourierWorkspace

/// The placeholders in the texts of a collection. Postman's dynamic variables (`{{$guid}}`,
/// `{{$timestamp}}`, `{{$randomEmail}}`, …) with a Courier built-in become it, the others stay
/// as they are (the importer declares them as empty variables so that the file loads) and are
/// remembered with where they were used, for the report. A `{{…}}` that cannot name a variable
/// (`{{"id": 1}}` in a JSON body) is text: its `{{` is written `{{"{{"}}`, the template
/// syntax's escape. Variable names go through ``ImportedNames/variableName(_:)`` as their
/// definitions do.
struct PostmanDynamicVariables {
    /// Postman's name (without `$`) → Courier's built-in.
    static let builtIns: [String: String] = [
        "guid": "uuid",
        "randomUUID": "uuid",
        "timestamp": "timestamp",
        "isoTimestamp": "now",
    ]

    /// Dynamic variables converted, as `{{$guid}} → {{uuid}}`, in order of first use.
    private(set) var converted: [String] = []
    /// Dynamic variables without an equivalent (`$randomEmail`), with the places that use
    /// them, in order of first use.
    private(set) var unknown: [(name: String, places: [String])] = []
    /// A literal `{{` in a workspace string.
    static let openBraces = "{{\"{{\"}}"
    /// Places whose texts have a `{{…}}` written as text, in order of first use.
    private(set) var literalPlaces: [String] = []

    /// `text` with `{{$name}}` placeholders replaced by their built-in where there is one,
    /// and `{{…}}` that name no variable made literal; `place` (`request "Login"`) names where
    /// the text is, for the report.
    mutating func convert(_ text: String, at place: String) -> String {
        guard text.contains("{{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let inner = rest[open.upperBound..<close.lowerBound]
            let name = inner.trimmingCharacters(in: .whitespaces)
            let variable = ImportedNames.variableName(name)
            if !ImportedNames.namesVariable(variable) {
                // Only the `{{` is replaced: what follows it is read again, as the loader will.
                result += Self.openBraces
                if !literalPlaces.contains(place) { literalPlaces.append(place) }
                rest = rest[open.upperBound...]
                continue
            }
            if variable != name {
                result += "{{" + variable + "}}"
            } else if name.hasPrefix("$") {
                let bare = String(name.dropFirst())
                if let builtIn = Self.builtIns[bare] {
                    result += "{{" + builtIn + "}}"
                    let mapping = "{{\(name)}} → {{\(builtIn)}}"
                    if !converted.contains(mapping) { converted.append(mapping) }
                } else {
                    result += rest[open.lowerBound..<close.upperBound]
                    remember(name, at: place)
                }
            } else {
                result += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        result += rest
        return result
    }

    private mutating func remember(_ name: String, at place: String) {
        if let index = unknown.firstIndex(where: { $0.name == name }) {
            if !unknown[index].places.contains(place) { unknown[index].places.append(place) }
        } else {
            unknown.append((name, [place]))
        }
    }

    /// The report's lines: one note for the converted ones and for the literal `{{`, one
    /// dropped line per unknown one.
    func report(into report: inout ImportReport) {
        if !literalPlaces.isEmpty {
            let shown = literalPlaces.prefix(3).joined(separator: ", ") + (literalPlaces.count > 3 ? " and \(literalPlaces.count - 3) more" : "")
            report.notes.append("{{…}} that names no variable (\(shown)) is kept as text: its {{ is written \(Self.openBraces)")
        }
        if !converted.isEmpty {
            report.notes.append("Postman dynamic variables became Courier built-ins: " + converted.joined(separator: ", "))
        }
        for (name, places) in unknown {
            let shown = places.prefix(3).joined(separator: ", ") + (places.count > 3 ? " and \(places.count - 3) more" : "")
            report.dropped.append("dynamic variable {{\(name)}} (\(shown)): Courier has no equivalent; "
                                  + "it is declared as an empty variable, give it a value")
        }
    }
}
