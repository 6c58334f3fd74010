import Foundation

/// HTTPie's command (3.0 or later: `--raw`): `http METHOD URL Name:value…`, the body as
/// `--raw`, from a file or bytes on standard input, or a form's `name=value` and `name@path`
/// items; each secret as `"$NAME"`.
enum HTTPieCode {
    static func command(for request: CodeRequest) -> String {
        var words = ["http"]
        var input: String?
        var items: [String] = []
        switch request.body {
        case .none: break
        case .text(let text): words += ["--raw", CodeLiteral.shellWord(text)]
        case .bytes(let data): input = "printf %s \(data.base64EncodedString()) | base64 -d |"
        case .file(let path): input = "< " + CodeLiteral.shellWord(SecretText(path))
        case .multipart(let parts):
            words.append("--multipart")
            for part in parts {
                switch part {
                case .field(let name, let value): items.append(CodeLiteral.shellWord(SecretText(escaped(name) + "=") + value))
                case .file(let name, let path, _, let contentType):
                    items.append(CodeLiteral.shellWord(SecretText(escaped(name) + "@" + path + (contentType.map { ";type=" + $0 } ?? ""))))
                case .data(let name, let data, _, _):
                    // HTTPie reads file parts from files only: the bytes go in as a field.
                    items.append(CodeLiteral.shellWord(SecretText(escaped(name) + "=" + String(decoding: data, as: UTF8.self))))
                }
            }
        }
        // The body from standard input, or none: HTTPie would otherwise wait for it.
        if input == nil { words.append("--ignore-stdin") }
        if let basic = request.basicAuth {
            words += ["--auth", CodeLiteral.shellWord(basic.user + SecretText(":") + basic.password)]
        }
        words += [request.method, CodeLiteral.shellWord(request.url)]
        for (name, value) in request.headers {
            // `Name;` is a header with an empty value; `Name:` would remove it.
            let plain = value.plain
            words.append(CodeLiteral.shellWord(plain == "" ? SecretText(escaped(name) + ";") : SecretText(escaped(name) + ":") + value))
        }
        var command = (words + items).joined(separator: " ")
        if let input {
            if case .file = request.body { command += " " + input } else { command = input + " " + command }
        }
        return (CodeLanguage.preamble(request, comment: "#") + [command]).joined(separator: "\n") + "\n"
    }

    /// A key with HTTPie's separators (`:`, `=`, `@`, `;`) escaped by a backslash.
    static func escaped(_ key: String) -> String {
        var result = ""
        for character in key {
            if ":=@;\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
