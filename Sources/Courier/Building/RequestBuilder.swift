import Foundation

/// Turns a request object into the bytes and options the transport sends: URL building as
/// YTKNetwork does it, argument encoding, headers and authorization.
enum RequestBuilder {
    /// The full URL of a request (YTK's `buildRequestUrl:`): an absolute `requestURL` is used
    /// as it is; otherwise the config's URL filters run in order and the result is resolved
    /// against the base (or CDN) URL per RFC 3986, the base always treated as a directory.
    static func url(for request: Request, settings: NetworkSettings) -> String {
        url(for: request, filters: settings.urlFilters, baseURL: settings.baseURL, cdnURL: settings.cdnURL)
    }

    /// ``url(for:settings:)`` from the three settings it reads: the builder passes them
    /// rather than the settings struct, which would be copied whole.
    static func url(for request: Request, filters: [any URLFilter], baseURL: String, cdnURL: String) -> String {
        var detail = request.requestURL
        if let parts = URLParts(detail), parts.hasHost { return detail }
        for filter in filters { detail = filter.filterURL(detail, for: request) }
        let base: String
        if request.useCDN {
            base = request.cdnURL.isEmpty ? cdnURL : request.cdnURL
        } else {
            base = request.baseURL.isEmpty ? baseURL : request.baseURL
        }
        guard !base.isEmpty else { return detail }
        let directory = base.hasSuffix("/") ? base : base + "/"
        guard let baseURL = URL(string: directory), let joined = URL(string: detail, relativeTo: baseURL) else {
            return directory + detail
        }
        return joined.absoluteString
    }

    /// Everything the transport needs, or the error that makes the request unsendable.
    /// `snapshot` rather than `NetworkSettings`: passing the struct would copy it whole.
    static func prepare(_ request: Request, snapshot: SettingsSnapshot) throws(RequestError) -> PreparedRequest {
        var prepared = PreparedRequest(url: "", method: request.method, headers: [], body: nil,
                                       timeoutInterval: timeoutInterval(request.timeoutInterval),
                                       tlsPolicy: request.tlsPolicy ?? snapshot.settings.tlsPolicy,
                                       proxy: snapshot.settings.proxy, userAgent: snapshot.settings.userAgent)
        // Filled in another function: returned from the one that filled it field by field, it
        // was copied whole and the original destroyed once more (about ten retains and releases).
        try fill(&prepared, from: request, snapshot: snapshot)
        return prepared
    }

    private static func fill(_ prepared: inout PreparedRequest, from request: Request,
                             snapshot: SettingsSnapshot) throws(RequestError) {
        let custom = request.buildCustomRequest()
        if let custom {
            prepared.url = custom.url
            prepared.method = custom.method
            prepared.headers = custom.headers
            prepared.body = custom.body
        } else {
            // Checked as written: joining a relative URL with the base percent-encodes a line
            // break, which would then be sent.
            try refuseControlCharacters(request.requestURL)
            prepared.url = url(for: request, filters: snapshot.settings.urlFilters,
                               baseURL: snapshot.settings.baseURL, cdnURL: snapshot.settings.cdnURL)
            try encodeArguments(of: request, into: &prepared)
            try attachBodySource(of: request, to: &prepared)
            prepared.discardsResponseBody = request.discardsResponseBody
            if let basic = request.basicAuthorization {
                let token = Data("\(basic.user):\(basic.password)".utf8).base64EncodedString()
                prepared.headers.append((name: "Authorization", value: "Basic \(token)"))
            }
            for (name, value) in (request.headers ?? [:]).sorted(by: { $0.key < $1.key }) {
                prepared.headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
                prepared.headers.append((name: name, value: value))
            }
            for (name, value) in snapshot.settings.defaultHeaders.sorted(by: { $0.key < $1.key })
            where !prepared.headers.contains(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
                prepared.headers.append((name: name, value: value))
            }
        }
        prepared.httpVersion = request.httpVersion ?? snapshot.settings.httpVersion
        prepared.connectionRoute = request.connectionRoute.flatMap { $0.isEmpty ? nil : $0 }
        if let authentication = request.httpAuthentication {
            try authenticate(&prepared, with: authentication)
            // A header the request writes itself wins over the one its scheme sets, as it did
            // when basic and bearer were headers (the scheme still signs what goes out).
            if custom == nil {
                for (name, value) in request.headers ?? [:] { prepared.replaceHeader(name, with: value) }
            }
        }
        prepared.transferOptions = request.requestSettings.transferOptions
        prepared.transferOptions.keepsCredentialsOnRedirect = request.keepsCredentialsOnRedirect
        for header in prepared.headers where request.isCredentialHeader(name: header.name, value: header.value) {
            prepared.credentialHeaderNames.insert(header.name.lowercased())
        }
        prepared.maximumBodyBytes = max(0, request.maximumResponseBodySize ?? snapshot.settings.maximumResponseBodyBytes)
        // A body spools when it passes the threshold before the memory limit.
        if let threshold = snapshot.settings.spoolResponseBodiesOver, threshold < prepared.maximumBodyBytes,
           !prepared.discardsResponseBody, request.resumableDownloadPath == nil, request.grpcCall == nil,
           request.externalTransport == nil {
            let directory = snapshot.settings.spoolDirectory.map { URL(fileURLWithPath: $0) } ?? SpoolPlan.defaultDirectory
            prepared.spool = SpoolPlan(threshold: max(0, threshold), directory: directory,
                                       maximumBytes: snapshot.settings.maximumSpooledResponseBodyBytes)
        }
        if request.externalTransport != nil {
            prepared.stream = StreamSettings(mode: .messages, limits: request.streamLimits)
        } else if request.streamMode != .off, !prepared.discardsResponseBody, request.resumableDownloadPath == nil {
            prepared.stream = StreamSettings(mode: request.streamMode, limits: request.streamLimits, reconnect: request.streamReconnect)
        }
        prepared.deadline = request.deadline.flatMap { $0.isFinite && $0 > 0 ? max(0.001, $0) : nil }
        if let call = request.grpcCall { try shapeGRPCCall(call, &prepared, limits: request.streamLimits) }
        try validate(prepared.url, schemes: request.externalTransport?.schemes ?? [])
        if let error = HeaderFieldCheck.error(in: prepared.headers) { throw error }
    }

    /// The scheme applies itself (a header, libcurl's authentication, the URL in the form a
    /// signature needs); one that signs the outgoing request is kept to sign each transfer.
    private static func authenticate(_ prepared: inout PreparedRequest, with authentication: HTTPAuthentication) throws(RequestError) {
        prepared.httpAuthentication = authentication
        try authentication.scheme.authorize(&prepared)
        if authentication.scheme.signsOutgoingRequest { prepared.signer = authentication }
    }

    /// A timeout of zero or less means none (a year); tiny ones are raised to a millisecond.
    static func timeoutInterval(_ interval: TimeInterval) -> TimeInterval {
        let year: TimeInterval = 365 * 24 * 3600
        guard interval > 0, interval.isFinite else { return year }
        return min(max(interval, 0.001), year)
    }

    private static func encodeArguments(of request: Request, into prepared: inout PreparedRequest) throws(RequestError) {
        let arguments = request.arguments
        if request.multipartForm != nil { return }
        if prepared.method.encodesArgumentsInQuery || request.bodyFilePath != nil || request.rawBody != nil {
            let query = FormEncoding.encode(arguments)
            guard !query.isEmpty else { return }
            prepared.url = URLQuery.appending(query, to: prepared.url)
            return
        }
        switch request.requestSerializer {
        case .http:
            prepared.headers.append((name: "Content-Type", value: "application/x-www-form-urlencoded; charset=utf-8"))
            prepared.body = Data(FormEncoding.encode(arguments).utf8)
        case .json:
            prepared.headers.append((name: "Content-Type", value: "application/json"))
            prepared.body = arguments.map { $0.serialized() } ?? Data()
        }
    }

    /// Multipart forms, body files and downloads: checked here so that a request that cannot
    /// be sent fails before any network use.
    private static func attachBodySource(of request: Request, to prepared: inout PreparedRequest) throws(RequestError) {
        let method = prepared.method
        if request.resumableDownloadPath != nil, method != .get {
            throw RequestError(family: .parameter, code: .invalidParameters,
                               message: "Invalid parameters: a resumable download must use GET, not \(method.rawValue).")
        }
        if var form = request.multipartForm {
            guard method == .post || method == .put || method == .patch else {
                throw RequestError(family: .parameter, code: .invalidParameters,
                                   message: "Invalid parameters: a multipart form needs POST, PUT or PATCH, not \(method.rawValue).")
            }
            if let unreadable = form.unreadableFiles.first {
                throw RequestError(family: .transport, code: .cannotOpenFile, message: "Cannot read the file \(unreadable).")
            }
            // As AFNetworking does: the arguments travel as the form's leading fields.
            let fields = FormEncoding.fields(request.arguments).map { MultipartForm.Part.field(name: $0.0, value: $0.1 ?? "") }
            form.parts.insert(contentsOf: fields, at: 0)
            prepared.multipart = form
            prepared.body = nil
            prepared.headers.removeAll { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
        } else if let path = request.bodyFilePath {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw RequestError(family: .transport, code: .cannotOpenFile, message: "Cannot read the file \(path).")
            }
            prepared.bodyFile = path
            prepared.body = nil
            prepared.headers.removeAll { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
            prepared.headers.append((name: "Content-Type", value: "application/octet-stream"))
        } else if let data = request.rawBody {
            prepared.body = data
            prepared.headers.removeAll { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
            prepared.headers.append((name: "Content-Type", value: "application/octet-stream"))
        }
    }

    /// Only http(s) URLs with a host are sent — and those of an external transport's
    /// `schemes`; libcurl's own parser rejects what is malformed beyond that (as `badURL`).
    private static func validate(_ url: String, schemes: Set<String>) throws(RequestError) {
        guard let parts = URLParts(url) else { throw RequestError.badURL(url) }
        guard parts.scheme == "http" || parts.scheme == "https" || schemes.contains(parts.scheme) else {
            throw RequestError(family: .transport, code: .unsupportedURL,
                               message: "The URL \"\(url)\" uses \(parts.scheme):, only http: and https: are sent.")
        }
        guard parts.hasHost else { throw RequestError.badURL(url) }
        try refuseControlCharacters(url)
    }

    /// A control character (a line break above all) has no place in a URL: it could split
    /// the request line. Found by the URL fuzzer (Fuzz/, make fuzz).
    private static func refuseControlCharacters(_ url: String) throws(RequestError) {
        func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }
        // Over the string's own buffer when it has one: a tight loop, where walking the UTF-8
        // view checks every index (a tenth of a microsecond a request in a profile).
        let found = url.utf8.withContiguousStorageIfAvailable { $0.contains(where: isControl) } ?? url.utf8.contains(where: isControl)
        guard !found else {
            throw RequestError(family: .transport, code: .badURL,
                               message: "The URL has a control character (a line break, a tab, …); such a URL is not sent.")
        }
    }
}
