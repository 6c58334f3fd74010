/// Where the user config is: `--config PATH`, else `$COURIER_CONFIG`, else
/// `$XDG_CONFIG_HOME/courier/config.yaml`, else `~/.config/courier/config.yaml`.
package struct ConfigLocation: Sendable, Equatable {
    package var path: String
    /// Named by `--config` or `COURIER_CONFIG`: it must exist, where the usual place may not.
    package var isExplicit: Bool

    /// The location for these arguments and environment variables.
    package init(option: String? = nil, environment: [String: String]) {
        if let option, !option.isEmpty {
            self.init(path: option, isExplicit: true)
        } else if let named = environment["COURIER_CONFIG"], !named.isEmpty {
            self.init(path: named, isExplicit: true)
        } else if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            // The XDG spec ignores a relative XDG_CONFIG_HOME.
            self.init(path: base + "/courier/config.yaml", isExplicit: false)
        } else {
            self.init(path: (environment["HOME"] ?? "") + "/.config/courier/config.yaml", isExplicit: false)
        }
    }

    init(path: String, isExplicit: Bool) {
        self.path = path
        self.isExplicit = isExplicit
    }
}
