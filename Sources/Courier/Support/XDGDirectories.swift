import Foundation

/// The XDG base directories Courier keeps its files in. A variable that is unset, empty or not
/// an absolute path is ignored, as the XDG Base Directory specification says; the defaults are
/// under `$HOME` (the account's home directory only when `HOME` is unset), so that `HOME=/tmp/x
/// courier …` keeps everything under /tmp/x, as every XDG program does.
public enum XDGDirectories {
    /// `$XDG_CACHE_HOME`, or `~/.cache`: responses and incomplete downloads.
    public static func cacheHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base(environment["XDG_CACHE_HOME"], fallback: ".cache", environment: environment)
    }

    /// `$XDG_STATE_HOME`, or `~/.local/state`: the history.
    public static func stateHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base(environment["XDG_STATE_HOME"], fallback: ".local/state", environment: environment)
    }

    /// `$XDG_DATA_HOME`, or `~/.local/share`: the user's copy of the installed demo workspace.
    public static func dataHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base(environment["XDG_DATA_HOME"], fallback: ".local/share", environment: environment)
    }

    private static func base(_ value: String?, fallback: String, environment: [String: String]) -> String {
        if let value, value.hasPrefix("/") { return value }
        return home(environment: environment) + "/" + fallback
    }

    /// `$HOME` when it is an absolute path, else the account's home directory.
    public static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }
}
