import Foundation

/// A Swift program that sends the request with Courier's engine (`ConfigurableRequest`, the
/// `Courier` library: docs/library.md) and prints the response's body. The engine's headers
/// are a dictionary: a name sent twice goes once, its values joined.
enum CourierCode {
    static func program(for request: CodeRequest) -> String {
        var lines = CodeLanguage.preamble(request, comment: "//")
        lines += ["// Courier's engine: a package that depends on the Courier library (docs/library.md).",
                  "import Courier", "import Foundation", ""]
        lines.append("var settings = RequestSettings()")
        lines.append("settings.requestURL = \(SwiftCode.expression(request.url))")
        lines.append("settings.method = HTTPMethod(\(SwiftCode.literal(request.method)))!")
        var merged: [(name: String, value: SecretText)] = []
        for (name, value) in request.headers {
            if let index = merged.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
                merged[index].value = merged[index].value + SecretText(", ") + value
            } else {
                merged.append((name, value))
            }
        }
        var headers = merged.map { "    \(SwiftCode.literal($0.name)): \(SwiftCode.expression($0.value))," }
        if let basic = request.basicAuth {
            let credentials = SwiftCode.expression(basic.user + SecretText(":") + basic.password)
            headers.append("    \"Authorization\": \"Basic \" + Data((\(credentials)).utf8).base64EncodedString(),")
        }
        if !headers.isEmpty { lines += ["settings.headers = ["] + headers + ["]"] }
        switch request.body {
        case .none: break
        case .text(let text): lines.append("settings.rawBody = Data((\(SwiftCode.expression(text))).utf8)")
        case .bytes(let data): lines.append("settings.rawBody = Data(base64Encoded: \(SwiftCode.literal(data.base64EncodedString())))!")
        case .file(let path): lines.append("settings.bodyFilePath = \(SwiftCode.literal(path))")
        case .multipart(let parts):
            lines.append("var form = MultipartForm()")
            for part in parts {
                switch part {
                case .field(let name, let value):
                    lines.append("form.addField(\(SwiftCode.literal(name)), \(SwiftCode.expression(value)))")
                case .file(let name, let path, let filename, let type):
                    lines.append("form.addFile(\(SwiftCode.literal(name)), path: \(SwiftCode.literal(path)), filename: \(SwiftCode.literal(filename))"
                                 + (type.map { ", contentType: \(SwiftCode.literal($0))" } ?? "") + ")")
                case .data(let name, let data, let filename, let type):
                    lines.append("form.addData(\(SwiftCode.literal(name)), Data(base64Encoded: \(SwiftCode.literal(data.base64EncodedString())))!, "
                                 + "filename: \(SwiftCode.literal(filename))" + (type.map { ", contentType: \(SwiftCode.literal($0))" } ?? "") + ")")
                }
            }
            lines.append("settings.multipartForm = form")
        }
        lines += [
            "let request = ConfigurableRequest(settings)",
            "do {",
            "    try await request.run()",
            "} catch {",
            "    // A status the request does not accept (4xx, 5xx) is an error too; the body is still there.",
            "    FileHandle.standardError.write(Data(\"\\(error)\\n\".utf8))",
            "}",
            "print(request.responseString ?? \"\")",
            "",
        ]
        return lines.joined(separator: "\n")
    }
}
