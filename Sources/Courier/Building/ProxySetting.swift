/// Which proxy transfers use.
public enum ProxySetting: Sendable, Hashable {
    /// libcurl's default: `http_proxy`, `https_proxy`, `all_proxy` and `no_proxy` from the environment.
    case environment
    /// Never use a proxy, whatever the environment says.
    case none
    /// Always use this proxy URL.
    case url(String)
}
