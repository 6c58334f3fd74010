import Foundation

/// A Go program that sends the request with `net/http` and prints the response's body;
/// secrets are `os.Getenv("NAME")`.
enum GoCode {
    static func program(for request: CodeRequest) -> String {
        var imports: Set<String> = ["fmt", "io", "net/http"]
        if !request.environmentNames.isEmpty { imports.insert("os") }
        var main: [String] = []
        var body = "nil"
        var contentType: String?
        switch request.body {
        case .none: break
        case .text(let text):
            imports.insert("strings")
            body = "strings.NewReader(\(expression(text)))"
        case .bytes(let data):
            imports.insert("bytes")
            body = "bytes.NewReader([]byte(\"\(data.map { "\\x" + CodeLiteral.hex(UInt32($0), digits: 2) }.joined())\"))"
        case .file(let path):
            imports.formUnion(["bytes", "os"])
            main += ["content, err := os.ReadFile(\(literal(path)))", "if err != nil {", "\tpanic(err)", "}"]
            body = "bytes.NewReader(content)"
        case .multipart(let parts):
            imports.formUnion(["bytes", "mime/multipart"])
            main += ["var body bytes.Buffer", "form := multipart.NewWriter(&body)"]
            for part in parts {
                switch part {
                case .field(let name, let value):
                    main += ["if err := form.WriteField(\(literal(name)), \(expression(value))); err != nil {", "\tpanic(err)", "}"]
                case .file(let name, let path, let filename, let type):
                    imports.formUnion(["os", "net/textproto"])
                    main += ["{"] + partHeader(name: name, filename: filename, type: type ?? "application/octet-stream").map { "\t" + $0 }
                        + ["\tcontent, err := os.ReadFile(\(literal(path)))", "\tif err != nil {", "\t\tpanic(err)", "\t}",
                           "\tif _, err := part.Write(content); err != nil {", "\t\tpanic(err)", "\t}", "}"]
                case .data(let name, let data, let filename, let type):
                    imports.insert("net/textproto")
                    main += ["{"] + partHeader(name: name, filename: filename, type: type).map { "\t" + $0 }
                        + ["\tif _, err := part.Write([]byte(\"\(data.map { "\\x" + CodeLiteral.hex(UInt32($0), digits: 2) }.joined())\")); err != nil {",
                           "\t\tpanic(err)", "\t}", "}"]
                }
            }
            main += ["if err := form.Close(); err != nil {", "\tpanic(err)", "}"]
            body = "&body"
            contentType = "form.FormDataContentType()"
        }
        main += ["request, err := http.NewRequest(\(literal(request.method)), \(expression(request.url)), \(body))",
                 "if err != nil {", "\tpanic(err)", "}"]
        for (name, value) in request.headers {
            if name.caseInsensitiveCompare("Host") == .orderedSame {
                main.append("request.Host = \(expression(value))")
            } else {
                main.append("request.Header.Add(\(literal(name)), \(expression(value)))")
            }
        }
        if let contentType { main.append("request.Header.Set(\"Content-Type\", \(contentType))") }
        if let basic = request.basicAuth { main.append("request.SetBasicAuth(\(expression(basic.user)), \(expression(basic.password)))") }
        main += ["response, err := http.DefaultClient.Do(request)", "if err != nil {", "\tpanic(err)", "}",
                 "defer response.Body.Close()", "received, err := io.ReadAll(response.Body)", "if err != nil {", "\tpanic(err)", "}",
                 "fmt.Println(string(received))"]
        var lines = CodeLanguage.preamble(request, comment: "//")
        lines += ["package main", "", "import ("] + imports.sorted().map { "\t\(literal($0))" } + [")", "", "func main() {"]
        lines += main.map { "\t" + $0 }
        lines += ["}", ""]
        return lines.joined(separator: "\n")
    }

    /// `part, err := form.CreatePart(…)` with the part's disposition and type.
    private static func partHeader(name: String, filename: String, type: String?) -> [String] {
        var header = ["\t\"Content-Disposition\": {\(literal("form-data; name=\"\(quoted(name))\"; filename=\"\(quoted(filename))\""))},"]
        if let type { header.append("\t\"Content-Type\": {\(literal(type))},") }
        return ["part, err := form.CreatePart(textproto.MIMEHeader{"] + header + ["})", "if err != nil {", "\tpanic(err)", "}"]
    }

    /// A name inside a disposition's quotes, as `mime/multipart` writes one.
    private static func quoted(_ name: String) -> String {
        name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    static func literal(_ text: String) -> String { CodeLiteral.quoted(text, .go) }

    /// Literal pieces and `os.Getenv("NAME")`, joined by `+`.
    static func expression(_ text: SecretText) -> String {
        text.expression(literal: literal, variable: { "os.Getenv(\(literal($0)))" })
    }
}
