import Courier

extension RequestDefinition {
    /// The keys of `auth:` for the schemes libcurl performs itself.
    static let schemeAuthKeys = ["digest", "ntlm", "negotiate", "aws"]

    /// `auth: {digest: {user, password}}`, `{ntlm: {user, password}}`, `{negotiate: {}}` (or
    /// `negotiate: true`) and `{aws: {accessKey, secretKey, sessionToken, region, service}}`;
    /// nil when `map` has none of them. Strings stay templates until the request is sent.
    static func schemeAuth(_ map: YAMLMapping, text: (YAMLValue) throws(WorkspaceError) -> String) throws(WorkspaceError) -> Auth? {
        if let value = map["digest"] {
            let fields = try value.mapping(allowed: ["user", "password"], expected: "digest: {user, password}")
            return .scheme(.digest(user: try text(fields.required("user")), password: try text(fields.required("password"))))
        }
        if let value = map["ntlm"] {
            let fields = try value.mapping(allowed: ["user", "password"], expected: "ntlm: {user, password}")
            return .scheme(.ntlm(user: try text(fields.required("user")), password: try text(fields.required("password"))))
        }
        if let value = map["negotiate"] {
            if case .scalar = value.node {
                guard try value.bool() else { throw value.error(.invalidValue, "negotiate: true or {} turns Negotiate on") }
            } else {
                _ = try value.mapping(allowed: [], expected: "negotiate: {} (the ticket cache supplies the credentials)")
            }
            return .scheme(.negotiate)
        }
        guard let value = map["aws"] else { return nil }
        let fields = try value.mapping(allowed: ["accessKey", "secretKey", "sessionToken", "region", "service"],
                                       expected: "aws: {accessKey, secretKey, sessionToken, region, service}")
        let hint = "SigV4 signs with accessKey, secretKey, region and service"
        return .scheme(.aws(AWSCredentials(
            accessKey: try text(fields.required("accessKey", hint: hint)),
            secretKey: try text(fields.required("secretKey", hint: hint)),
            sessionToken: try fields["sessionToken"].map { node throws(WorkspaceError) in try text(node) },
            region: try text(fields.required("region", hint: hint)),
            service: try text(fields.required("service", hint: hint)))))
    }
}

extension HTTPAuthentication {
    /// The same scheme with every template filled in.
    func rendered(_ render: (String) throws(TemplateError) -> String) throws(TemplateError) -> HTTPAuthentication {
        switch self {
        case .digest(let user, let password): .digest(user: try render(user), password: try render(password))
        case .ntlm(let user, let password): .ntlm(user: try render(user), password: try render(password))
        case .negotiate: .negotiate
        case .aws(let aws):
            .aws(AWSCredentials(accessKey: try render(aws.accessKey), secretKey: try render(aws.secretKey),
                                sessionToken: try aws.sessionToken.map { token throws(TemplateError) in try render(token) },
                                region: try render(aws.region), service: try render(aws.service)))
        }
    }
}
