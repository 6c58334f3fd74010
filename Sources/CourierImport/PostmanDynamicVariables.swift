import Foundation
import Workbench

/// Postman's dynamic variables (`{{$guid}}`, `{{$timestamp}}`, `{{$randomEmail}}`, …) in
/// the texts of a collection: those with a Courier built-in become it, the others stay as
/// they are (the importer declares them as empty variables so that the file loads) and are
/// remembered with where they were used, for the report.
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

    /// `text` with `{{$name}}` placeholders replaced by their built-in where there is one;
    /// `place` (`request "Login"`) names where the text is, for the report.
    mutating func convert(_ text: String, at place: String) -> String {
        guard text.contains("{{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let inner = rest[open.upperBound..<close.lowerBound]
            let name = inner.trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("$") {
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

    /// The report's lines: one note for the converted ones, one dropped line per unknown one.
    func report(into report: inout ImportReport) {
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
