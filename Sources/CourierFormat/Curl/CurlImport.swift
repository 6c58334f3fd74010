import Courier
import Foundation

/// `courier import-curl 'curl …'`: the workspace YAML of an equivalent request.
///
/// Understands the method (`-X`, `-I`, `-G`), the URL, headers (`-H`, `-A`, `-e`, `-b`),
/// bodies (`-d`/`--data*`, `--json`, `--data-urlencode`, `-F`/`--form-string`), `-u` with
/// `--digest`/`--ntlm`/`--negotiate`/`--aws-sigv4`, TLS files and a client certificate, the HTTP
/// version and the route (``Options``); refuses `-k`, which would silently turn off certificate checks.
public enum CurlImport {
    /// Why a command cannot be imported.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Flags that change nothing Courier would send.
    static let ignoredFlags: Set<String> = ["-s", "--silent", "-S", "--show-error", "-L", "--location", "-i", "--include",
                                            "-v", "--verbose", "--compressed", "-f", "--fail", "-#", "--progress-bar", "-sS", "-sSL", "-fsSL"]

    /// The YAML of a request named `name`, as it would appear under `requests:`, its secrets
    /// inline as the command has them (what `courier import-curl` prints to paste).
    public static func yaml(from command: String, name: String = "imported") throws(Failure) -> String {
        try yaml(from: command, name: name, secretsFromEnvironment: false).yaml
    }

    /// The YAML of a request named `name`; with `secretsFromEnvironment`, each secret of the
    /// command (a bearer token, a password, a sensitive header such as `Cookie` or `X-Api-Key`,
    /// an AWS secret key or session token, a client key's password) is written as
    /// `{{env.NAME}}` instead — for a file that goes into git — and `environment` names them.
    public static func yaml(from command: String, name: String = "imported",
                            secretsFromEnvironment: Bool) throws(Failure) -> (yaml: String, environment: [String]) {
        let words: [String]
        do {
            words = try ShellWords.split(command)
        } catch {
            throw Failure(description: "the command has an unterminated quote")
        }
        var rest = words[...]
        if rest.first == "curl" { rest = rest.dropFirst() }
        var method: String?
        var url: String?
        var headers: [(String, String)] = []
        var data: [String] = []
        var dataIsJSON = false
        var formParts: [RequestDefinition.Part] = []
        var user: String?
        var getWithData = false
        var tls: [String] = []
        var options = Options()
        func value(_ flag: String) throws(Failure) -> String {
            guard let next = rest.first else { throw Failure(description: "\(flag) needs a value") }
            rest = rest.dropFirst()
            return next
        }
        while let word = rest.first {
            rest = rest.dropFirst()
            switch word {
            case "-X", "--request":
                let text = try value(word)
                guard let known = HTTPMethod(normalizing: text) else {
                    throw Failure(description: "\(word) \(text): not an HTTP method (an RFC 9110 token)")
                }
                method = known.rawValue
            case "-I", "--head": method = "HEAD"
            case "-G", "--get": getWithData = true
            case "--url": url = try value(word)
            case "-H", "--header":
                let header = try value(word)
                guard let colon = header.firstIndex(of: ":") else { throw Failure(description: "header \"\(header)\" has no colon") }
                headers.append((String(header[..<colon]).trimmingCharacters(in: .whitespaces),
                                String(header[header.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
            case "-A", "--user-agent": headers.append(("User-Agent", try value(word)))
            case "-e", "--referer": headers.append(("Referer", try value(word)))
            case "-b", "--cookie": headers.append(("Cookie", try value(word)))
            case "-d", "--data", "--data-ascii", "--data-binary", "--data-raw": data.append(try value(word))
            case "--data-urlencode":
                let field = try value(word)
                if let equals = field.firstIndex(of: "=") {
                    data.append(String(field[..<equals]) + "=" + FormEncoding.escape(String(field[field.index(after: equals)...])))
                } else {
                    data.append(FormEncoding.escape(field))
                }
            case "--json":
                data.append(try value(word))
                dataIsJSON = true
            case "-F", "--form", "--form-string":
                formParts.append(try part(try value(word), literal: word == "--form-string"))
            case "-u", "--user": user = try value(word)
            case "--cacert": tls.append("caFile: \(quoted(try value(word)))")
            case "--pinnedpubkey": tls.append("pinnedKey: \(quoted(try value(word)))")
            case "-k", "--insecure":
                throw Failure(description: """
                    -k/--insecure turns off TLS certificate checks, and Courier verifies TLS by default. \
                    For a private CA, use --cacert (imported as tls: {caFile: …}); if you really mean to \
                    skip verification, import without -k and add tls: {verify: false} to the request yourself.
                    """)
            default:
                if ignoredFlags.contains(word) { continue }
                if try options.read(word, value: { () throws(Failure) in try value(word) }) { continue }
                if word.hasPrefix("-") { throw Failure(description: "unsupported curl option \(word)") }
                guard url == nil else { throw Failure(description: "more than one URL: \(url!) and \(word)") }
                url = word
            }
        }
        guard let url else { throw Failure(description: "the command has no URL") }
        var secrets = EnvironmentSecrets(isOn: secretsFromEnvironment)
        secrets.move(user: &user, headers: &headers, options: &options)
        var lines = ["\(name):"]
        let contentType = headers.first { $0.0.caseInsensitiveCompare("Content-Type") == .orderedSame }?.1.lowercased()
        let joinedData = data.joined(separator: "&")
        var body: [String] = []
        var finalURL = url
        if getWithData, !data.isEmpty {
            finalURL = URLQuery.appending(joinedData, to: url)
        } else if !formParts.isEmpty {
            body.append("  body:")
            body.append("    multipart:")
            for part in formParts {
                var fields = ["name: \(quoted(part.name))"]
                if let value = part.value { fields.append("value: \(quoted(value))") }
                if let file = part.file { fields.append("file: \(quoted(file))") }
                if let filename = part.filename { fields.append("filename: \(quoted(filename))") }
                if let type = part.contentType { fields.append("contentType: \(quoted(type))") }
                body.append("      - {\(fields.joined(separator: ", "))}")
            }
        } else if data.count == 1, data[0].hasPrefix("@") {
            body.append("  body:")
            body.append("    file: \(quoted(String(data[0].dropFirst())))")
            if let contentType { body.append("    contentType: \(quoted(contentType))") }
        } else if !data.isEmpty {
            body.append("  body:")
            if (dataIsJSON || contentType?.hasPrefix("application/json") == true),
               let json = try? JSONValue(parsing: Data(joinedData.utf8)) {
                body.append("    json: \(String(decoding: json.serialized(), as: UTF8.self))")
                headers.removeAll { $0.0.caseInsensitiveCompare("Content-Type") == .orderedSame }
            } else if contentType == nil || contentType!.hasPrefix("application/x-www-form-urlencoded"),
                      let form = formFields(joinedData) {
                body.append("    form: {\(form.map { "\(quoted($0.0)): \(quoted($0.1))" }.joined(separator: ", "))}")
                headers.removeAll { $0.0.caseInsensitiveCompare("Content-Type") == .orderedSame }
            } else {
                body.append("    text: \(quoted(joinedData))")
                body.append("    contentType: \(quoted(contentType ?? "application/x-www-form-urlencoded"))")
                headers.removeAll { $0.0.caseInsensitiveCompare("Content-Type") == .orderedSame }
            }
        }
        let resolvedMethod = method ?? (!data.isEmpty && !getWithData || !formParts.isEmpty ? "POST" : "GET")
        if resolvedMethod != "GET" { lines.append("  method: \(YAMLScalar.string(resolvedMethod, at: .blockValue))") }
        lines.append("  url: \(quoted(finalURL))")
        var auth = try options.authLines(user: user, headers: &headers)
        if auth == nil, let user {
            let (name, password) = Options.userAndPassword(user)
            auth = ["  auth: {basic: {user: \(quoted(name)), password: \(quoted(password))}}"]
        }
        if let index = headers.firstIndex(where: { $0.0.caseInsensitiveCompare("Authorization") == .orderedSame && $0.1.hasPrefix("Bearer ") }),
           auth == nil {
            auth = ["  auth: {bearer: \(quoted(String(headers[index].1.dropFirst(7))))}"]
            headers.remove(at: index)
        }
        if !headers.isEmpty {
            lines.append("  headers:")
            for (name, value) in headers { lines.append("    \(name): \(quoted(value))") }
        }
        lines += auth ?? []
        lines += body
        let certificate = try options.clientCertificate()
        if !tls.isEmpty || certificate != nil {
            lines.append("  tls:")
            lines += tls.map { "    " + $0 } + RequestYAML.clientCertificateLines(certificate)
        }
        lines += RequestYAML.connectionLines(options.connection)
        lines += TransferOptionFields.yamlLines(options.transfer)
        return (lines.joined(separator: "\n") + "\n", secrets.names)
    }

    /// `name=value` / `name=@path;filename=f;type=t`.
    private static func part(_ spec: String, literal: Bool) throws(Failure) -> RequestDefinition.Part {
        guard let equals = spec.firstIndex(of: "=") else { throw Failure(description: "form part \"\(spec)\" has no =") }
        let name = String(spec[..<equals])
        let value = String(spec[spec.index(after: equals)...])
        guard !literal, value.hasPrefix("@") else { return RequestDefinition.Part(name: name, value: value) }
        var fields = value.dropFirst().split(separator: ";").map(String.init)
        var part = RequestDefinition.Part(name: name, file: fields.isEmpty ? "" : fields.removeFirst())
        for field in fields {
            if field.hasPrefix("filename=") { part.filename = String(field.dropFirst(9)) }
            if field.hasPrefix("type=") { part.contentType = String(field.dropFirst(5)) }
        }
        return part
    }

    /// `a=1&b=2` decoded, or nil when it is not form data.
    private static func formFields(_ text: String) -> [(String, String)]? {
        var fields: [(String, String)] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, let name = parts[0].removingPercentEncoding,
                  let value = parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding else { return nil }
            fields.append((name, value))
        }
        return fields
    }

    /// A YAML double-quoted scalar (JSON string syntax is valid YAML).
    static func quoted(_ text: String) -> String {
        String(decoding: JSONValue.string(text).serialized(), as: UTF8.self)
    }
}
