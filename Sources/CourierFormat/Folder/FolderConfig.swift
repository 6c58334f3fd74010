import CourierChecks
import CourierFormatCore

/// `config:` in a request file of a folder workspace: what applies to every request of that
/// file's folder and the folders under it — so one workspace can hold several services.
///
/// ```yaml
/// # requests/billing/folder.yaml
/// config:
///   baseUrl: "{{billingUrl}}"
///   headers: {X-Team: payments}
///   auth: {bearer: "{{secret.billing}}"}
///   contract: openapi/billing.yaml   # or false: no contract judges these requests
/// ```
///
/// A nested folder's config is over its parent's; a request's own headers, args and auth win
/// over both. One file per folder may have one.
public struct FolderConfig: Sendable {
    /// What a folder's `contract:` says.
    public enum ContractChoice: Sendable {
        /// `contract: FILE` — this document judges the folder's requests.
        case document(Contract)
        /// `contract: false` — none does, not even the workspace's.
        case none
    }

    /// The folder under `requests/` (`billing/invoices`; empty for `requests/` itself).
    public var folder: String
    /// Where `config:` is written, for messages.
    public var location: SourceLocation
    /// A template: the base URL of the folder's requests instead of `config.baseUrl`.
    public var baseURL: String?
    /// Headers and args sent with the folder's requests, over the workspace's.
    public var defaults = ServiceDefaults()
    /// The auth of the folder's requests that write none.
    package var auth: RequestDefinition.Auth?
    /// `auth: none`: the folder's requests have no auth unless they write one, whatever an
    /// enclosing folder's config says.
    public var noAuth = false
    /// Nil: the enclosing folder's or the workspace's contract stands.
    public var contract: ContractChoice?

    static let keys = ["baseUrl", "headers", "args", "auth", "contract"]

    /// Reads `config:` of a request file in `folder`; a contract's path is relative to the
    /// workspace folder, as `config.contract`'s is.
    init(folder: String, yaml: YAMLValue, workspaceDirectory: String, templates: inout [TemplateUse]) throws(WorkspaceError) {
        self.folder = folder
        location = yaml.location
        let map = try yaml.mapping(allowed: Self.keys, expected: "a folder's config (baseUrl, headers, args, auth, contract)")
        func text(_ value: YAMLValue) throws(WorkspaceError) -> String {
            let string = try value.string()
            templates.append(TemplateUse(text: string, location: value.location))
            return string
        }
        baseURL = try map["baseUrl"].map(text)
        defaults = try ServiceDefaults(headers: map["headers"], args: map["args"], templates: &templates)
        if let value = map["auth"] {
            if RequestDefinition.isNone(value) { noAuth = true } else { auth = try RequestDefinition.auth(value, text: text) }
        }
        if let value = map["contract"] {
            if case .scalar = value.node, let flag = try? value.bool() {
                guard !flag else { throw value.error(.invalidValue, "contract: an OpenAPI document's path, or false for none") }
                contract = ContractChoice.none
            } else {
                contract = .document(try Contract.load(value, relativeTo: workspaceDirectory))
            }
        }
    }
}
