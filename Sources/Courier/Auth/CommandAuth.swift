/// A token a shell command prints (`gh auth token`), reused for its TTL, sent in a header.
/// The command is run when the request is sent (in a workspace, by the runner's
/// `CommandTokenSource`); this is what runs and where the token goes.
/// Written `auth: {command: "gh auth token", ttl: 300, header:, prefix:, timeout:}`.
public struct CommandAuth: TokenScheme {
    /// The command line, written `command`, run with `/bin/sh -c`; its standard output, with
    /// the whitespace around it trimmed, is the token (a secret once printed). The command
    /// itself is not a secret: keep credentials in the tool it runs, not in its arguments.
    public var command: String
    /// Seconds the output is reused; nil: for the whole session.
    public var ttl: Int?
    /// The header the token goes in.
    public var header = "Authorization"
    /// Written before the token in the header.
    public var prefix = "Bearer "
    /// Seconds the command may run.
    public var timeout: Double = 30

    /// A token printed by `command`, kept for the whole session (no TTL), sent as
    /// `Authorization: Bearer TOKEN`, the command given 30 seconds.
    public init(command: String) {
        self.command = command
    }

    public static let schemeDescription = AuthSchemeDescription(
        key: "command", title: "Command", summary: "the token a command prints, reused for its TTL", shape: .leading,
        fields: [AuthField("command", required: true),
                 AuthField("ttl", label: "TTL", kind: .integer(0...31_536_000)),
                 AuthField("header", default: "Authorization", template: false),
                 AuthField("prefix", default: "Bearer ", template: false),
                 AuthField("timeout", kind: .seconds(0.1...3600), default: "30")])

    public init(values: AuthValues) throws(AuthValueError) {
        let values = try values.checked(against: Self.schemeDescription)
        self.init(command: Self.text(values, "command"))
        ttl = values["ttl"].flatMap { Int($0) }
        header = Self.text(values, "header")
        prefix = Self.text(values, "prefix")
        timeout = Double(Self.text(values, "timeout")) ?? 30
    }

    public var values: AuthValues {
        var values = AuthValues(["command": command, "header": header, "prefix": prefix, "timeout": AuthValues.number(timeout)])
        values["ttl"] = ttl.map { String($0) }
        return values
    }

    public var tokenHeader: (name: String, prefix: String) { (header, prefix) }
}
