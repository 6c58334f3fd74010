import CourierChecks

extension Workspace {
    /// The folder configs that apply to request `name`, outermost first: `requests/`'s, then
    /// each folder's down to the request's own. Empty for a request of the root file or an
    /// included file, and in a one-file workspace.
    public func folderConfigs(for name: String) -> [FolderConfig] {
        guard !folderConfigs.isEmpty, let folder = requestFileFolder(of: name) else { return [] }
        var configs: [FolderConfig] = []
        if let top = folderConfigs[""] { configs.append(top) }
        var path = ""
        for part in folder.split(separator: "/") where !folder.isEmpty {
            path += (path.isEmpty ? "" : "/") + part
            if let config = folderConfigs[path] { configs.append(config) }
        }
        return configs
    }

    /// The folder under `requests/` whose file defines request `name` (empty: `requests/`
    /// itself); nil when it is not in a request file.
    func requestFileFolder(of name: String) -> String? {
        if let folder = requestFolders[name] { return folder }
        guard isFolder, let file = requests[name]?.location.file else { return nil }
        return file.hasPrefix(WorkspaceLayout(path: self.file).requestsDirectory + "/") ? "" : nil
    }

    /// The base URL template of request `name`: its innermost folder's that sets one; nil: the
    /// workspace's (`config.baseUrl`).
    public func baseURL(for name: String) -> String? {
        folderConfigs(for: name).last { $0.baseURL != nil }?.baseURL
    }

    /// `config`'s headers and args, then `environment`'s, then those of the folders of request
    /// `name` from the outermost in: what the request is sent with besides its own.
    public func serviceDefaults(environment: String?, request name: String) -> ServiceDefaults {
        folderConfigs(for: name).reduce(serviceDefaults(environment: environment)) { $0.overlaid(by: $1.defaults) }
    }

    /// The auth request `name` has when it writes none: its innermost folder's that says
    /// one (or `auth: none`); nil when the request itself says `auth: none`.
    package func folderAuth(for name: String) -> RequestDefinition.Auth? {
        guard requests[name]?.noAuth != true else { return nil }
        return folderConfigs(for: name).last { $0.auth != nil || $0.noAuth }?.auth
    }

    /// The contract that judges request `name`, with the base URL template that goes with it
    /// (the folder's that names the contract, else the workspace's): nil when the request
    /// says `contract: false`, its innermost folder choosing one says `false`, or there is none.
    public func contractScope(for name: String) -> (contract: Contract, baseURL: String?)? {
        guard requests[name]?.judgedByContract != false else { return nil }
        let configs = folderConfigs(for: name)
        guard let index = configs.lastIndex(where: { $0.contract != nil }) else {
            return config.contract.map { ($0, config.baseURL) }
        }
        guard case .document(let contract)? = configs[index].contract else { return nil }
        let base = configs[...index].last { $0.baseURL != nil }?.baseURL ?? config.baseURL
        return (contract, base)
    }

    /// Whether any contract judges a request: `config.contract` or a folder's.
    public var hasContract: Bool {
        config.contract != nil || folderConfigs.values.contains { if case .document? = $0.contract { true } else { false } }
    }
}
