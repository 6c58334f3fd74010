import Foundation

/// A Swift program that sends the request with `URLSession` (FoundationNetworking on Linux)
/// and prints the response's body; secrets are `ProcessInfo.processInfo.environment["NAME"]`.
/// `swift FILE.swift` runs it.
enum SwiftCode {
    static func program(for request: CodeRequest) -> String {
        var lines = CodeLanguage.preamble(request, comment: "//")
        lines += ["import Foundation", "#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif", ""]
        lines.append("var request = URLRequest(url: URL(string: \(expression(request.url)))!)")
        lines.append("request.httpMethod = \(literal(request.method))")
        for (name, value) in request.headers {
            lines.append("request.addValue(\(expression(value)), forHTTPHeaderField: \(literal(name)))")
        }
        if let basic = request.basicAuth {
            let credentials = expression(basic.user + SecretText(":") + basic.password)
            lines.append("request.addValue(\"Basic \" + Data((\(credentials)).utf8).base64EncodedString(), forHTTPHeaderField: \"Authorization\")")
        }
        switch request.body {
        case .none: break
        case .text(let text): lines.append("request.httpBody = Data((\(expression(text))).utf8)")
        case .bytes(let data): lines.append("request.httpBody = Data(base64Encoded: \(literal(data.base64EncodedString())))!")
        case .file(let path): lines.append("request.httpBody = try Data(contentsOf: URL(fileURLWithPath: \(literal(path))))")
        case .multipart(let parts): lines += multipart(parts)
        }
        lines += [
            "let (data, _) = try await URLSession.shared.data(for: request)",
            "print(String(decoding: data, as: UTF8.self))",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// The form written out, its boundary a UUID.
    private static func multipart(_ parts: [CodeRequest.Part]) -> [String] {
        var lines = ["let boundary = \"Boundary-\" + UUID().uuidString", "var body = Data()"]
        func disposition(_ name: String, filename: String?) -> String {
            "Content-Disposition: form-data; name=\"\(quoted(name))\"" + (filename.map { "; filename=\"\(quoted($0))\"" } ?? "")
        }
        for part in parts {
            lines.append("body.append(Data((\"--\" + boundary + \"\\r\\n\").utf8))")
            switch part {
            case .field(let name, let value):
                lines.append("body.append(Data(\(literal(disposition(name, filename: nil) + "\r\n\r\n")).utf8))")
                lines.append("body.append(Data((\(expression(value))).utf8))")
            case .file(let name, let path, let filename, let type):
                let head = disposition(name, filename: filename) + "\r\nContent-Type: \(type ?? "application/octet-stream")\r\n\r\n"
                lines.append("body.append(Data(\(literal(head)).utf8))")
                lines.append("body.append(try Data(contentsOf: URL(fileURLWithPath: \(literal(path)))))")
            case .data(let name, let data, let filename, let type):
                let head = disposition(name, filename: filename) + (type.map { "\r\nContent-Type: \($0)" } ?? "") + "\r\n\r\n"
                lines.append("body.append(Data(\(literal(head)).utf8))")
                lines.append("body.append(Data(base64Encoded: \(literal(data.base64EncodedString())))!)")
            }
            lines.append("body.append(Data(\"\\r\\n\".utf8))")
        }
        lines += ["body.append(Data((\"--\" + boundary + \"--\\r\\n\").utf8))",
                  "request.setValue(\"multipart/form-data; boundary=\" + boundary, forHTTPHeaderField: \"Content-Type\")",
                  "request.httpBody = body"]
        return lines
    }

    /// A name inside a disposition's quotes.
    private static func quoted(_ name: String) -> String {
        name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    static func literal(_ text: String) -> String { CodeLiteral.quoted(text, .swift) }

    /// Literal pieces and `(ProcessInfo.processInfo.environment["NAME"] ?? "")`, joined by `+`.
    static func expression(_ text: SecretText) -> String {
        text.expression(literal: literal, variable: { "(ProcessInfo.processInfo.environment[\(literal($0))] ?? \"\")" })
    }
}
