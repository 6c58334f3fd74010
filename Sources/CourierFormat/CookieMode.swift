import CourierFormatCore
/// `config.cookies:` — how long a workspace keeps the cookies its responses set.
public enum CookieMode: String, Sendable, CaseIterable {
    /// One jar for a `courier run`, a workbench session, a chain: kept in memory, gone after.
    case session
    /// One jar kept in a file of the user's alone (``WorkspaceCookies/file(for:stateDirectory:)``),
    /// read when a run or session starts and written as responses change it.
    case persist
    /// No cookies are kept or sent.
    case none

    init(yaml: YAMLValue) throws(WorkspaceError) {
        let raw = try yaml.string(expected: "session, persist or none")
        guard let mode = CookieMode(rawValue: raw) else {
            throw yaml.error(.invalidValue, "unknown cookies mode \"\(raw)\" (expected one of: session, persist, none)")
        }
        self = mode
    }
}
