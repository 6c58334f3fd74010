import Courier
import CourierFormatCore
import Foundation

/// A starter workspace for the user's own API, as `courier init` writes it and the
/// workbench's start screen (`i`) does: one file, `courier.yaml`, with a comment saying what
/// it is, `config.baseUrl: "{{baseUrl}}"`, the base URL as a variable and a `local`
/// environment (a production one commented out, its token read from the process
/// environment), a cache beside the file, and requests that carry a check.
///
/// What the requests are comes from a ``Source``: a base URL (one `health` request, `GET /`,
/// and a `smoke` batch), a curl command (its request, through ``CurlImport``, with its URL
/// made relative to its origin) or a workspace an importer made (written as the importer
/// wrote it, under the same header). Writing it to disk, with its `.gitignore`, is
/// ``write(_:into:force:)``.
public enum StarterWorkspace {
    /// Where the requests come from.
    public enum Source: Sendable {
        /// A base URL such as `http://localhost:8080`: a `health` request and a `smoke` batch.
        case baseURL(String)
        /// A curl command line (`curl -H … https://api.example.com/v1/users`).
        case curl(String)
        /// A workspace an importer made (OpenAPI, Postman, `.http`, HAR), and the file it came from.
        case imported(ImportedWorkspace, from: String)
    }

    /// Why a starter workspace cannot be made.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong, as a sentence for the user.
        public var description: String
        /// True when the workspace file is already there (and `force` was not given).
        public var fileExists = false
    }

    /// The workspace's file name in its folder.
    public static let fileName = "courier.yaml"
    /// The base URL used when none is given.
    public static let placeholderBaseURL = "http://localhost:8080"
    /// The sample check every starter request carries: true of any response a server sends
    /// but a 5xx, so the first run passes against whatever answers.
    public static let sampleCheck = "status < 500"

    /// Why `url` cannot be a base URL (nil when it can): it must be `http://` or `https://`
    /// with a host, or a `{{variable}}`.
    public static func problem(withBaseURL url: String) -> String? {
        if url.hasPrefix("{{") { return nil }
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", components.host?.isEmpty == false else {
            return "the base URL \"\(url)\" is not an http:// or https:// URL with a host (e.g. http://localhost:8080)"
        }
        return nil
    }

    /// The workspace's text for `source`, named `name`.
    public static func yaml(for source: Source, name: String) throws(Failure) -> String {
        let header = headerLines(name: name)
        switch source {
        case .baseURL(let url):
            if let problem = problem(withBaseURL: url) { throw Failure(description: problem) }
            return (header + settings(name: name, baseURL: url) + healthRequest()).joined(separator: "\n") + "\n"
        case .curl(let command):
            let (baseURL, request) = try curlRequest(command)
            return (header + settings(name: name, baseURL: baseURL) + request).joined(separator: "\n") + "\n"
        case .imported(let workspace, let file):
            var imported = workspace
            if imported.name == nil { imported.name = name }
            let from = ["# Imported from \(ImportedWorkspace.oneLine(file)) (courier init --from)."]
            return (header + from + [""]).joined(separator: "\n") + "\n" + imported.yaml()
        }
    }

    /// The environment variables a workspace made from the curl `command` reads in place of
    /// its secrets (`API_TOKEN`, `X_API_KEY`, …), for `courier init` to say what to export.
    public static func environmentSecrets(inCurl command: String) -> [String] {
        (try? CurlImport.yaml(from: command, name: "request", secretsFromEnvironment: true).environment) ?? []
    }

    /// A name for the workspace from its folder: `~/src/My API` → `my-api`.
    public static func name(forDirectory directory: String) -> String {
        let last = URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
        let slug = ImportNaming.slug(last)
        return slug.isEmpty ? "my-api" : slug
    }

    private static func headerLines(name: String) -> [String] {
        [
            "# \(ImportedWorkspace.oneLine(name)): a Courier workspace — the requests of an API, their checks,",
            "# batches and environments. Made by `courier init`; edit it freely.",
            "# The format: docs/workspaces.md in Courier's sources, or `man 5 courier-workspace`.",
            "#   courier run \(fileName) NAME...     send requests, batches or chains; exit 1 if a check fails",
            "#   courier tui \(fileName)             the workbench",
        ]
    }

    /// `name`, `config`, `variables` and `environments`.
    private static func settings(name: String, baseURL: String) -> [String] {
        let url = YAMLScalar.string(baseURL, at: .blockValue)
        return [
            "name: " + YAMLScalar.string(name, at: .blockValue),
            "",
            "config:",
            "  baseUrl: \"{{baseUrl}}\"           # relative request URLs are joined to it",
            "  cacheDirectory: .courier/cache   # cached responses, beside this file (in .gitignore)",
            "  timeout: 30",
            "",
            "variables:",
            "  baseUrl: \(url)   # without --env",
            "",
            "environments:                      # courier run \(fileName) --env NAME …",
            "  local:",
            "    baseUrl: \(url)",
            "  # production:",
            "  #   baseUrl: https://api.example.com",
            "  #   token: \"{{env.API_TOKEN}}\"   # read from the process environment: no secret in this file",
            "",
        ]
    }

    private static func healthRequest() -> [String] {
        [
            "requests:",
            "  health:",
            "    description: The API answers at all. Add requests beside it (or press a in the workbench).",
            "    url: /",
            "    # auth: {bearer: \"{{token}}\"}",
            "    expect:",
            "      - \(sampleCheck)                # any answer but a server error",
            "",
            "batches:",
            "  smoke:                           # courier run \(fileName) smoke",
            "    requests: [health]",
        ]
    }

    /// The curl command's request, its URL relative to its origin, which becomes the base URL.
    private static func curlRequest(_ command: String) throws(Failure) -> (baseURL: String, lines: [String]) {
        let probe: String
        do {
            probe = try CurlImport.yaml(from: command, name: "request")
        } catch {
            throw Failure(description: "the curl command cannot be imported: \(error.description)")
        }
        let parsed: Workspace
        do {
            let indented = probe.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
            parsed = try Workspace.parse(yaml: "requests:\n" + indented + "\n", file: "curl",
                                         extraVariables: Set(Template.references(in: command)))
        } catch {
            throw Failure(description: "the curl command cannot be imported: \(error)")
        }
        let url = parsed.requests["request"]?.url ?? ""
        guard let split = origin(of: url) else {
            throw Failure(description: "the curl command's URL \"\(url)\" is not an http:// or https:// URL with a host")
        }
        let name = ImportNaming.slug(split.path.split(separator: "?").first.map { $0.split(separator: "/").last.map(String.init) ?? "" } ?? "")
        let requestName = name.isEmpty ? "request" : name
        let moved = (try? CurlImport.yaml(from: command, name: requestName, secretsFromEnvironment: true)) ?? (yaml: probe, environment: [])
        let block = moved.yaml.replacingOccurrences(of: "\n  url: \(CurlImport.quoted(url))\n",
                                                    with: "\n  url: \(CurlImport.quoted(split.path))\n")
        var lines = ["requests:"]
        if !moved.environment.isEmpty {
            lines.append("  # The command's secrets are read from the environment, never written here:")
            lines.append("  #   export \(moved.environment.map { "\($0)=…" }.joined(separator: " "))")
        }
        lines += block.split(separator: "\n").map { "  " + $0 }
        lines.append("    expect:")
        lines.append("      - \(sampleCheck)                # any answer but a server error")
        lines += ["", "batches:", "  smoke:                           # courier run \(fileName) smoke",
                  "    requests: [\(YAMLScalar.string(requestName, at: .flowValue))]"]
        return (split.origin, lines)
    }

    /// `https://api.example.com:8443/v1/users?x=1` → (`https://api.example.com:8443`, `/v1/users?x=1`).
    private static func origin(of url: String) -> (origin: String, path: String)? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.percentEncodedHost, !host.isEmpty else {
            return nil
        }
        guard let range = components.rangeOfPath else { return (url, "/") }
        let origin = String(url[..<range.lowerBound])
        let rest = String(url[range.lowerBound...])
        return (origin, rest.hasPrefix("/") ? rest : "/" + rest)
    }
}
