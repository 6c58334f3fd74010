import Courier

/// The languages a request can be copied as (`courier export code --lang`, the workbench's
/// copy-as-code menu), each a program that sends the same request and prints the response's body.
public enum CodeLanguage: String, CaseIterable, Sendable {
    case curl
    case httpie
    /// Python with `requests`.
    case python
    /// JavaScript's `fetch` (Node 18 or later).
    case javaScript = "js"
    /// Go's `net/http`.
    case go
    /// Swift's `URLSession` (Foundation; FoundationNetworking on Linux).
    case swift
    /// Swift on Courier's engine (the `Courier` library).
    case courier

    /// Its name in menus.
    public var title: String {
        switch self {
        case .curl: "curl"
        case .httpie: "HTTPie"
        case .python: "Python (requests)"
        case .javaScript: "JavaScript (fetch)"
        case .go: "Go (net/http)"
        case .swift: "Swift (URLSession)"
        case .courier: "Swift (Courier's engine)"
        }
    }

    /// The usual extension of a file of the program (`sh` for the commands).
    public var fileExtension: String {
        switch self {
        case .curl, .httpie: "sh"
        case .python: "py"
        case .javaScript: "js"
        case .go: "go"
        case .swift, .courier: "swift"
        }
    }

    /// The program (or command) that sends `request`.
    public func program(for request: CodeRequest) -> String {
        switch self {
        case .curl: CurlCode.command(for: request)
        case .httpie: HTTPieCode.command(for: request)
        case .python: PythonCode.program(for: request)
        case .javaScript: JavaScriptCode.program(for: request)
        case .go: GoCode.program(for: request)
        case .swift: SwiftCode.program(for: request)
        case .courier: CourierCode.program(for: request)
        }
    }

    /// The lines of the comment a program starts with: which environment variables it reads
    /// and what the engine would do that it does not; none when neither applies.
    static func preamble(_ request: CodeRequest, comment: String) -> [String] {
        var lines: [String] = []
        let names = request.environmentNames
        if !names.isEmpty {
            lines.append("\(comment) Secrets are read from the environment: \(names.joined(separator: ", ")).")
        }
        if !request.notCarriedOver.isEmpty {
            lines.append("\(comment) Not carried over: \(request.notCarriedOver.joined(separator: ", ")).")
        }
        return lines
    }
}

/// A workspace request as a program of a ``CodeLanguage``.
public enum CodeExport {
    /// The program that sends `request` as it would start now; its secrets are read from
    /// environment variables unless `revealingSecrets`. See ``CodeRequest/init(_:revealingSecrets:token:)``.
    public static func program(for request: Request, language: CodeLanguage, revealingSecrets: Bool = false,
                               token: (name: String, value: String)? = nil) throws(RequestError) -> String {
        // The languages' HTTP clients cannot frame protobuf messages.
        if (request as? WorkspaceRequest)?.source.grpc != nil {
            throw RequestError(family: .parameter, code: .invalidParameters,
                               message: "a gRPC call is not exported as code (C copies it as a grpcurl command)")
        }
        return language.program(for: try CodeRequest(request, revealingSecrets: revealingSecrets, token: token))
    }
}
