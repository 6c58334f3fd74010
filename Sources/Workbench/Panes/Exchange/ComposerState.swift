import CourierWorkspace

/// Where the composer is: its tab, the selected row (0 is the method and URL line), and
/// whether the URL shows as written or as sent.
struct ComposerState {
    enum Tab: Int, CaseIterable {
        case params, headers, body, auth, options

        var title: String { ["Params", "Headers", "Body", "Auth", "Options"][rawValue] }
    }

    var tab: Tab = .params
    var row = 0
    /// First line shown of a read-only tab.
    var scroll = 0
    var showsTemplate = false
}

/// A composer field being typed into.
struct FieldEdit {
    enum Target: Equatable {
        case url
        case name(row: Int)
        case value(row: Int)
    }

    var request: String
    var tab: ComposerState.Tab
    var target: Target
    var editor: LineEditor
    /// Made by `a`: cancelling removes it again.
    var isNewRow: Bool
}
