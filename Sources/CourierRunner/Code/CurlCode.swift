import CourierFormat

/// curl's command for a request: ``CurlExport``'s words, each secret as `"$NAME"`, and a
/// basic authorization as `-u user:password`.
enum CurlCode {
    static func command(for request: CodeRequest) -> String {
        let prepared = request.prepared
        var words = CurlExport.words(for: prepared, hidingSecrets: false) { CodeLiteral.shellWord(request.secrets.text($0)) }
        if let basic = request.basicAuth {
            // After `curl [-X METHOD | -I] URL`.
            let afterURL = prepared.method == .get ? 2 : prepared.method == .head ? 3 : 4
            words.insert(contentsOf: ["-u", CodeLiteral.shellWord(basic.user + SecretText(":") + basic.password)], at: afterURL)
        }
        return (CodeLanguage.preamble(request, comment: "#") + [words.joined(separator: " ")]).joined(separator: "\n") + "\n"
    }
}
