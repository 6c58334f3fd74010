import Courier
import CourierChecks
import CourierFormat
import CourierFormatCore
import Foundation

/// A ``RequestDefinition`` with its placeholders filled in: the engine's settings for one
/// send (cache settings included), and the secrets to hide.
struct RequestResolution: Sendable {
    var settings = ConfigurableRequest.Definition()
    /// Values to hide in output: `sensitive`, the auth's sensitive fields, secret header values.
    var secrets: [String] = []
    /// An oauth2 or command auth, filled in: the request's authenticator gets its token.
    var tokenAuth: RequestDefinition.Auth?
    /// The contract that judges the response, with its base URL filled in (``Workspace/contractScope(for:)``).
    var contract: (contract: Contract, baseURL: String?)?
    #if GRPC
    /// A `grpc:` request's call, filled in.
    var call: GRPCCallResolution?
    #endif

    /// Nothing resolved yet: the engine's defaults.
    init() {}

    /// Fills in `definition` from `scope`; paths are resolved against the workspace and must
    /// stay inside the directories it may use (``PathConfinement``). `keepsCallOpen`: a
    /// client-streaming call stays open after its messages, for a reader's
    /// (``WorkspaceRequest/keepsCallOpen``). Throws a ``TemplateError`` or a ``PathOutsideError``.
    init(_ written: RequestDefinition, scope: VariableScope, workspace: Workspace, keepsCallOpen: Bool = false) throws {
        let definition = written.applyingDefaults(workspace.serviceDefaults(environment: scope.environmentName, request: written.name))
        var paths = ConfinedPaths(workspace: workspace, scope: scope)
        func filePath(_ text: String, for purpose: String) throws -> String { try paths.path(text, for: purpose) }
        var settings = ConfigurableRequest.Definition()
        settings.requestURL = try scope.render(definition.url)
        if let base = workspace.baseURL(for: written.name) { settings.baseURL = try scope.render(base) }
        settings.method = definition.method
        settings.useCDN = definition.useCDN
        settings.arguments = try definition.args.map { value throws(TemplateError) in try scope.render(value) }
        var headers: [String: String] = [:]
        for header in definition.headers { headers[header.name] = try scope.renderHeaderValue(header.value) }
        if let auth = definition.auth ?? workspace.folderAuth(for: written.name) {
            let (rendered, authSecrets) = try auth.rendered(in: scope, workspace: workspace)
            secrets += authSecrets
            if case .scheme(let authentication) = rendered {
                settings.httpAuthentication = authentication
            } else {
                tokenAuth = rendered
            }
        }
        switch definition.body {
        case .json(let value)?:
            settings.arguments = try scope.render(value)
            settings.requestSerializer = .json
        case .form(let value, _)?:
            settings.arguments = try scope.render(value)
        case .text(let text, let contentType)?:
            settings.rawBody = Data(try scope.render(text).utf8)
            headers["Content-Type"] = headers["Content-Type"] ?? contentType ?? "text/plain; charset=utf-8"
        case .file(let path, let contentType)?:
            settings.bodyFilePath = try filePath(path, for: "body file")
            if let contentType { headers["Content-Type"] = headers["Content-Type"] ?? contentType }
        case .graphql(let graphql)?:
            let document = try graphql.document(render: { try scope.render($0) }, renderJSON: { try scope.render($0) }) { path in
                let file = try filePath(path, for: "GraphQL query file")
                do { return try String(contentsOfFile: file, encoding: .utf8) } catch {
                    throw GraphQLFileError(path: file, reason: (error as NSError).localizedDescription)
                }
            }
            settings.rawBody = document.serialized()
            headers["Content-Type"] = headers["Content-Type"] ?? "application/json"
            if !headers.keys.contains(where: { $0.caseInsensitiveCompare("Accept") == .orderedSame }) { headers["Accept"] = GraphQLBody.accept }
        case .multipart(let parts)?:
            var form = MultipartForm()
            for part in parts {
                if let file = part.file {
                    form.addFile(part.name, path: try filePath(file, for: "file of part \(part.name)"),
                                 filename: part.filename, contentType: part.contentType)
                } else {
                    form.addField(part.name, try scope.render(part.value ?? ""))
                }
            }
            settings.multipartForm = form
        case nil:
            break
        }
        settings.headers = headers.isEmpty ? nil : headers
        // Unset, the engine's default stands (``RequestSettings/timeoutInterval``).
        if let timeout = definition.timeout ?? workspace.config.timeout { settings.timeoutInterval = timeout }
        settings.deadline = definition.deadline
        settings.maximumResponseBodySize = definition.maxBodyBytes
        settings.streamMode = definition.stream.mode
        settings.streamLimits = definition.stream.limits
        settings.streamReconnect = definition.stream.reconnect
        #if WebSockets
        if let scheme = URLComponents(string: settings.requestURL)?.scheme?.lowercased(), scheme == "ws" || scheme == "wss" {
            settings.externalTransport = try WebSocketSession.transport(definition.webSocket, render: { text throws(TemplateError) in
                try scope.render(text)
            }, renderJSON: { value throws(TemplateError) in try scope.render(value) })
        }
        #endif
        settings.acceptableStatusCodes = definition.validate?.statusCodes
        // `expect: [status == 404]`: the checks judge the status, not the 2xx rule.
        if WorkspaceRequest.expectationsJudgeStatus(definition) { settings.acceptableStatusCodes = Set(100...599) }
        settings.jsonValidator = definition.validate?.json
        settings.acceptableContentTypes = definition.acceptedContentTypes
        let renderFile = { (text: String) throws(TemplateError) in try scope.render(text) }
        settings.tlsPolicy = try definition.tls?.withFilesRendered(renderFile)
        if let tls = definition.tls ?? workspace.config.tls, let password = tls.clientCertificate?.keyPassword {
            // The config's policy too, since it is the one with the password to fill in.
            settings.tlsPolicy = try tls.withFilesRendered(renderFile)
            settings.tlsPolicy?.clientCertificate?.keyPassword = try scope.render(password)
            secrets.append(settings.tlsPolicy!.clientCertificate!.keyPassword!)
        }
        let connection = definition.connection.over(workspace.config.connection)
        settings.httpVersion = connection.http
        var route = connection.route
        if let socket = route.unixSocket {
            // Relative: the workspace folder's, as a body file's is, and inside it; `/…` and `~/…` as written.
            let resolved = workspace.resolvePath(socket)
            let relative = !socket.hasPrefix("/") && !socket.hasPrefix("~/")
            route.unixSocket = relative ? try PathConfinement(workspaceDirectory: workspace.directory).check(resolved, for: "unix socket")
                : resolved
        }
        settings.connectionRoute = route.isEmpty ? nil : route
        settings.transferOptions = definition.transferOptions
        settings.sendsCookies = definition.sendsCookies
        settings.retryPolicy = definition.retry
        if let download = definition.download {
            settings.resumableDownloadPath = try filePath(download.path, for: "download path")
        }
        // A workspace takes any response unless it names a serializer; the engine's own
        // default stays YTK's JSON.
        settings.responseSerializer = definition.response ?? (definition.download != nil ? .raw : .auto)
        if let grpc = definition.grpc {
            #if GRPC
            do {
                let call = try GRPCCallResolution(grpc, scope: scope, acceptsEveryStatus: WorkspaceRequest.expectationsJudgeStatus(definition),
                                                  keepsOpen: keepsCallOpen) { path, purpose in
                    try filePath(path, for: purpose)
                }
                settings.requestURL = call.url
                settings.grpc = call.call
                self.call = call
            } catch var needed as GRPCSchemaNeeded {
                // Reflection asks the server with the call's own TLS, authentication and headers.
                needed.settings = settings
                throw needed
            }
            #else
            throw GRPCUnavailable()
            #endif
        }
        self.settings = settings
        if written.judgedByContract, let (contract, base) = workspace.contractScope(for: written.name) {
            self.contract = (contract, try base.map { text throws(TemplateError) in try scope.render(text) })
        }

        if let cache = definition.cache {
            self.settings.cacheTimeInSeconds = cache.seconds
            self.settings.cacheVersion = cache.version
            self.settings.cacheSensitiveData = try cache.sensitive.map { text throws(TemplateError) in .string(try scope.render(text)) }
            self.settings.writeCacheAsynchronously = cache.async
        }
        for value in definition.sensitive { secrets.append(try scope.render(value)) }
        for (name, value) in headers where Redaction.isSensitiveHeader(name) { secrets.append(value) }
        secrets += SecretArguments.values(in: settings.arguments)
        // A password written into the URL (`https://user:pw@host`), and secret query values.
        if let components = URLComponents(string: settings.requestURL) {
            if let password = components.password, !password.isEmpty { secrets.append(password) }
            for item in components.queryItems ?? [] where Redaction.isSensitiveKey(item.name) {
                if let value = item.value, !value.isEmpty { secrets.append(value) }
            }
        }
    }
}

/// A `grpc:` request in a build without the GRPC trait.
struct GRPCUnavailable: Error, CustomStringConvertible {
    var description: String { "gRPC calls need the GRPC trait, which this build of Courier leaves out" }
}

/// Argument values under keys that name secrets (password, token, api_key, …).
enum SecretArguments {
    static func values(in arguments: JSONValue?) -> [String] {
        switch arguments {
        case .object(let members)?:
            return members.flatMap { key, value -> [String] in
                if Redaction.isSensitiveKey(key), case .string(let text) = value { return [text] }
                return values(in: value)
            }
        case .array(let items)?:
            return items.flatMap { values(in: $0) }
        default:
            return []
        }
    }
}
