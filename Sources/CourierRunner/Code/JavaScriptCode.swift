import Foundation

/// A JavaScript program for Node 18 or later that sends the request with `fetch` and prints
/// the response's body; secrets are `process.env.NAME`.
enum JavaScriptCode {
    static func program(for request: CodeRequest) -> String {
        var lines = CodeLanguage.preamble(request, comment: "//")
        lines.append("// Node 18 or later: fetch, FormData and Blob are built in.")
        var readsFiles = false
        if case .file = request.body { readsFiles = true }
        if case .multipart(let parts) = request.body {
            readsFiles = parts.contains { if case .file = $0 { true } else { false } }
        }
        if readsFiles { lines.append("const fs = require(\"node:fs\");") }
        lines.append("")
        var body: String?
        switch request.body {
        case .none: break
        case .text(let text): body = expression(text)
        case .bytes(let data): body = "Buffer.from(\(literal(CodeLiteral.hex(data))), \"hex\")"
        case .file(let path): body = "fs.readFileSync(\(literal(path)))"
        case .multipart(let parts):
            lines.append("const form = new FormData();")
            for part in parts {
                switch part {
                case .field(let name, let value):
                    lines.append("form.append(\(literal(name)), \(expression(value)));")
                case .file(let name, let path, let filename, let contentType):
                    lines.append("form.append(\(literal(name)), new Blob([fs.readFileSync(\(literal(path)))], { type: "
                                 + "\(literal(contentType ?? "application/octet-stream")) }), \(literal(filename)));")
                case .data(let name, let data, let filename, let contentType):
                    let type = contentType.map { ", { type: \(literal($0)) }" } ?? ""
                    lines.append("form.append(\(literal(name)), new Blob([Buffer.from(\(literal(CodeLiteral.hex(data)))), \"hex\")]\(type)), "
                                 + "\(literal(filename)));")
                }
            }
            body = "form"
        }
        lines.append("fetch(\(expression(request.url)), {")
        lines.append("  method: \(literal(request.method)),")
        // A value beyond ASCII goes as its UTF-8 bytes, as Courier sends it (fetch takes a header as bytes in a string).
        var headers = request.headers.map { "[\(literal($0.name)), \(headerValue($0.value))]" }
        if let basic = request.basicAuth {
            let credentials = expression(basic.user + SecretText(":") + basic.password)
            headers.append("[\"Authorization\", \"Basic \" + Buffer.from(\(credentials)).toString(\"base64\")]")
        }
        if !headers.isEmpty {
            // Pairs, not an object: a name may be sent twice.
            lines.append("  headers: [")
            lines += headers.map { "    \($0)," }
            lines.append("  ],")
        }
        if let body { lines.append("  body: \(body),") }
        lines += [
            "})",
            "  .then((response) => response.text())",
            "  .then((text) => console.log(text))",
            "  .catch((error) => {",
            "    console.error(error);",
            "    process.exitCode = 1;",
            "  });",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    static func literal(_ text: String) -> String { CodeLiteral.quoted(text, .javaScript) }

    static func headerValue(_ text: SecretText) -> String {
        guard text.description.unicodeScalars.contains(where: { !$0.isASCII }) else { return expression(text) }
        return "Buffer.from(\(expression(text))).toString(\"latin1\")"
    }

    /// Literal pieces and `process.env.NAME`, joined by `+`.
    static func expression(_ text: SecretText) -> String {
        text.expression(literal: literal, variable: { "process.env.\($0)" })
    }
}
