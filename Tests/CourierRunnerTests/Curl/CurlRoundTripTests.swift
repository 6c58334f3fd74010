import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner
import Foundation
import Testing

@Suite("curl import and export")
struct CurlRoundTripTests {
    /// Method, URL, headers, body and body sources of what a request would send, and the
    /// authentication libcurl performs, the client certificate, HTTP version, route and transfer options.
    /// An oauth2 or command token's header counts as its placeholder (it is set at send time).
    static func summary(of request: Request) throws -> [String] {
        var prepared = try request.preparedRequest()
        if let token = (request as? WorkspaceRequest)?.tokenHeader, prepared.header(token.name) == nil { prepared.headers.append(token) }
        return [prepared.method.rawValue, prepared.url]
            + prepared.headers.map { "\($0.name.lowercased()): \($0.value)" }.sorted()
            + [prepared.body.map { String(decoding: $0, as: UTF8.self) } ?? "no body",
               prepared.bodyFile ?? "no body file", String(describing: prepared.multipart?.parts),
               String(describing: prepared.libcurlAuthentication), String(describing: prepared.tlsPolicy.clientCertificate),
               prepared.httpVersion.rawValue, String(describing: prepared.connectionRoute),
               String(describing: prepared.transferOptions)]
    }

    /// `original` exported with export-curl and imported back with import-curl as a request of
    /// `runner`'s scope; the command and the YAML for messages.
    static func copy(of original: Request, runner: WorkspaceRunner) throws -> (copy: Request, command: String, yaml: String) {
        let command = try CurlExport.command(for: original)
        let yaml = try CurlImport.yaml(from: command, name: "copy")
        // Beside the demo workspace, as an import into the user's folder would be: its files
        // (the upload's) are inside the workspace's folder, whatever the current directory.
        let imported = try Workspace.parse(yaml: "requests:\n" + yaml.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"),
                                           file: repositoryRoot + "/workspaces/imported.yaml")
        let copy = WorkspaceRequest(try #require(imported.requests["copy"]), scope: runner.scope, workspace: imported)
        copy.agent = runner.agent
        return (copy, command, yaml)
    }

    @Test("every demo request survives export-curl then import-curl unchanged")
    func roundTrip() throws {
        let workspace = try Workspace.load(path: repositoryRoot + "/workspaces/demo.yaml")
        var options = RunOptions()
        options.demoURL = "http://127.0.0.1:8080"
        options.overrides = ["token": "t-123", "orderId": "101"]
        let runner = try WorkspaceRunner(workspace: workspace, options: options)
        var unfilled: [String] = []
        for name in workspace.requestNames {
            let original = runner.makeRequest(name)
            // Without the demo server's TLS listeners their variables are undefined (and one request
            // is meant to miss an environment variable): such a
            // request cannot be filled in, and export-curl refuses it as its send would (#41).
            if let problem = original.argumentsProblem() {
                #expect(problem.contains("undefined"), "\(name): \(problem)")
                #expect(throws: RequestError.self) { try CurlExport.command(for: original) }
                unfilled.append(name)
                continue
            }
            let (copy, command, yaml) = try Self.copy(of: original, runner: runner)
            #expect(try Self.summary(of: copy) == Self.summary(of: original), "\(name): \(command)\n\(yaml)")
        }
        // The gRPC requests' {{demoGRPC}} is one of those listeners' too.
        let unfilledHTTP = unfilled.filter { !$0.hasPrefix("grpc-") }
        #expect(unfilledHTTP.count <= 8 && workspace.requestNames.count - unfilled.count >= 40, "\(unfilled)")
    }

    @Test("import reads headers, data, JSON, forms, files and -u")
    func importOptions() throws {
        #expect(try CurlImport.yaml(from: #"curl -u ann:pw -H 'X-A: 1' -H "Authorization: Bearer tok" https://api.example.org/x"#) == """
            imported:
              url: "https://api.example.org/x"
              headers:
                X-A: "1"
                Authorization: "Bearer tok"
              auth: {basic: {user: "ann", password: "pw"}}

            """)
        #expect(try CurlImport.yaml(from: "curl --json '{\"a\": [1, 2]}' https://h/p") == """
            imported:
              method: POST
              url: "https://h/p"
              body:
                json: {"a":[1,2]}

            """)
        #expect(try CurlImport.yaml(from: "curl -d a=1 -d 'b=two+words' -X PUT https://h/p") == """
            imported:
              method: PUT
              url: "https://h/p"
              body:
                form: {"a": "1", "b": "two words"}

            """)
        expectEqual(try CurlImport.yaml(from: "curl -G -d q=x https://h/search"), "imported:\n  url: \"https://h/search?q=x\"\n")
        #expect(try CurlImport.yaml(from: "curl -F 'f=@/tmp/a.png;type=image/png' -F n=v https://h/u") == """
            imported:
              method: POST
              url: "https://h/u"
              body:
                multipart:
                  - {name: "f", file: "/tmp/a.png", contentType: "image/png"}
                  - {name: "n", value: "v"}

            """)
        #expect(try CurlImport.yaml(from: "curl -H 'Authorization: Bearer tok' https://h/") == """
            imported:
              url: "https://h/"
              auth: {bearer: "tok"}

            """)
    }

    @Test("-k is refused with an explanation; bad commands say why")
    func refusals() {
        #expect(throws: CurlImport.Failure.self) { try CurlImport.yaml(from: "curl -k https://self-signed.example") }
        do {
            _ = try CurlImport.yaml(from: "curl --insecure https://x")
        } catch {
            #expect(error.description.contains("Courier verifies TLS by default"))
        }
        #expect(throws: CurlImport.Failure.self) { try CurlImport.yaml(from: "curl 'https://x") }
        #expect(throws: CurlImport.Failure.self) { try CurlImport.yaml(from: "curl --frobnicate https://x") }
        #expect(throws: CurlImport.Failure.self) { try CurlImport.yaml(from: "curl -H NoColon https://x") }
    }

    @Test("shell words split and quote as a POSIX shell does")
    func shellWords() throws {
        #expect(try ShellWords.split(#"curl -H 'A: b c' "d \"e\"" f\ g \$x"#) == ["curl", "-H", "A: b c", "d \"e\"", "f g", "$x"])
        expectEqual(try ShellWords.split("a \\\n b"), ["a", "b"])
        #expect(ShellWords.quote("it's") == #"'it'\''s'"#)
        expectEqual(ShellWords.quote("plain/path"), "plain/path")
    }
}
