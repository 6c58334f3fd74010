import Foundation

/// The XDG base directories Courier keeps its files in. A variable that is unset, empty or not
/// an absolute path is ignored, as the XDG Base Directory specification says.
public enum XDGDirectories {
    /// `$XDG_CACHE_HOME`, or `~/.cache`: responses and incomplete downloads.
    public static func cacheHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base(environment["XDG_CACHE_HOME"], fallback: ".cache")
    }

    /// `$XDG_STATE_HOME`, or `~/.local/state`: the history.
    public static func stateHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base(environment["XDG_STATE_HOME"], fallback: ".local/state")
    }

    /// `$XDG_DATA_HOME`, or `~/.local/share`: the user's copy of the installed demo workspace.
    public static func dataHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base(environment["XDG_DATA_HOME"], fallback: ".local/share")
    }

    private static func base(_ value: String?, fallback: String) -> String {
        if let value, value.hasPrefix("/") { return value }
        return FileManager.default.homeDirectoryForCurrentUser.path + "/" + fallback
    }
}
