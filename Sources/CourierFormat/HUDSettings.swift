import CourierFormatCore
import Foundation

/// `hud:` and `quietErrors:` — how the workbench presents a request, batch or chain while it
/// runs and when it fails (YTK's HUD plugin: `animatingText`, `isHideErrorToast`). `courier
/// run` ignores both.
package struct HUDSettings: Sendable, Hashable {
    /// Shown in the status line (with the spinner) while it runs, instead of the counts;
    /// `{{variables}}` are filled in when it starts and secrets hidden.
    package var text: String?
    /// Its failure makes no toast; the Events and In flight panes still show it. A batch's
    /// or chain's requests are quiet too.
    package var quietErrors = false

    package init(text: String? = nil, quietErrors: Bool = false) {
        self.text = text
        self.quietErrors = quietErrors
    }

    static let keys = ["hud", "quietErrors"]

    /// Reads the two keys from a request's, batch's or chain's mapping; the text is
    /// reported to `templates`.
    init(_ map: YAMLMapping, templates: inout [TemplateUse]) throws(WorkspaceError) {
        if let value = map["hud"] {
            let text = try value.string(expected: "the text to show while it runs")
            if text.trimmingCharacters(in: .whitespaces).isEmpty {
                throw value.error(.invalidValue, "hud is empty; write the text to show while it runs, or leave hud out")
            }
            if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw value.error(.invalidValue, "hud is one line of text (it shows in the status line); no line breaks or tabs")
            }
            templates.append(TemplateUse(text: text, location: value.location))
            self.text = text
        }
        quietErrors = try map["quietErrors"]?.bool() ?? false
    }
}
