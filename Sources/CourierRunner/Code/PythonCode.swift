import Foundation

/// A Python program that sends the request with `requests` and prints the response's body;
/// secrets are `os.environ["NAME"]`.
enum PythonCode {
    static func program(for request: CodeRequest) -> String {
        var lines = CodeLanguage.preamble(request, comment: "#")
        if !request.environmentNames.isEmpty { lines.append("import os") }
        lines += ["import requests", "", "response = requests.request("]
        var arguments = [literal(request.method), expression(request.url)]
        if !request.headers.isEmpty {
            // A dict: a name sent twice goes once, its values joined as HTTP allows.
            var merged: [(name: String, value: SecretText)] = []
            for (name, value) in request.headers {
                if let index = merged.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
                    merged[index].value = merged[index].value + SecretText(", ") + value
                } else {
                    merged.append((name, value))
                }
            }
            // A value beyond ASCII goes as its UTF-8 bytes, as Courier sends it (http.client would refuse it as text).
            arguments.append("headers={\n" + merged.map { "        \(literal($0.name)): \(headerValue($0.value)),\n" }.joined() + "    }")
        }
        if let basic = request.basicAuth {
            arguments.append("auth=(\(expression(basic.user)), \(expression(basic.password)))")
        }
        switch request.body {
        case .none: break
        case .text(let text):
            let value = expression(text)
            arguments.append("data=" + (text.segments.count > 1 ? "(\(value))" : value) + ".encode()")
        case .bytes(let data): arguments.append("data=bytes.fromhex(\(literal(CodeLiteral.hex(data))))")
        case .file(let path): arguments.append("data=open(\(literal(path)), \"rb\").read()")
        case .multipart(let parts):
            // `files` keeps the parts' order; a field is a part without a filename.
            let items = parts.map { part -> String in
                switch part {
                case .field(let name, let value):
                    return "(\(literal(name)), (None, \(expression(value))))"
                case .file(let name, let path, let filename, let contentType):
                    return "(\(literal(name)), (\(literal(filename)), open(\(literal(path)), \"rb\"), \(literal(contentType ?? "application/octet-stream"))))"
                case .data(let name, let data, let filename, let contentType):
                    return "(\(literal(name)), (\(literal(filename)), bytes.fromhex(\(literal(CodeLiteral.hex(data)))), \(contentType.map(literal) ?? "None")))"
                }
            }
            arguments.append("files=[\n" + items.map { "        \($0),\n" }.joined() + "    ]")
        }
        lines += arguments.map { "    \($0)," }
        lines += [")", "print(response.text)", ""]
        return lines.joined(separator: "\n")
    }

    static func literal(_ text: String) -> String { CodeLiteral.quoted(text, .python) }

    static func headerValue(_ text: SecretText) -> String {
        guard text.description.unicodeScalars.contains(where: { !$0.isASCII }) else { return expression(text) }
        return (text.segments.count > 1 ? "(\(expression(text)))" : expression(text)) + ".encode()"
    }

    /// Literal pieces and `os.environ["NAME"]`, joined by `+`.
    static func expression(_ text: SecretText) -> String {
        text.expression(literal: literal, variable: { "os.environ[\(literal($0))]" })
    }
}
