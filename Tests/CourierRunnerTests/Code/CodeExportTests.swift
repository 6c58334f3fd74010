import Courier
@testable import CourierFormat
@testable import CourierRunner
import Foundation
import Testing

/// The generated programs' text: string literals, secrets as environment variables (and
/// written in with `--reveal`), basic authentication, bodies, what is not carried over.
@Suite("copy as code: the generated text")
struct CodeExportTests {
    static let workspace = """
        variables:
          token: tok-en-123
          apiKey: key-456
        requests:
          bearer:
            method: POST
            url: "https://api.example.org/items?q=1"
            headers: {X-Api-Key: "{{apiKey}}", X-Quote: 'say "hi" \\ $HOME'}
            auth: {bearer: "{{token}}"}
            body:
              text: "line \\"one\\"\\nback\\\\slash $PATH café ✓ {{token}}"
          basic:
            url: "https://api.example.org/basic"
            auth: {basic: {user: ann, password: "p@ss:word"}}
          literal-key:
            url: "https://api.example.org/k?api_key=abc-secret&plain=1"
            headers: {X-Api-Key: literal-key-789}
          digest:
            url: "https://api.example.org/d"
            auth: {digest: {user: ann, password: pw-123}}
          plain:
            url: "https://api.example.org/plain"
        """

    static func request(_ name: String, yaml: String = workspace) throws -> WorkspaceRequest {
        let loaded = try Workspace.load(path: writeWorkspace(yaml))
        var options = RunOptions()
        options.demoURL = "http://127.0.0.1:8080"
        options.cacheDirectory = temporaryDirectory("courier-cache")
        options.stateDirectory = temporaryDirectory("courier-state")
        return try WorkspaceRunner(workspace: loaded, options: options).makeRequest(name)
    }

    static func program(_ name: String, _ language: CodeLanguage, reveal: Bool = false) throws -> String {
        try CodeExport.program(for: request(name), language: language, revealingSecrets: reveal)
    }

    @Test("string literals escape quotes, backslashes and control characters, and keep $, braces and unicode")
    func literals() {
        let text = "say \"hi\" \\ $HOME {x}\nnext\ttab\r\u{1}é✓\u{2028}"
        #expect(CodeLiteral.quoted(text, .python) == #""say \"hi\" \\ $HOME {x}\nnext\ttab\r\x01é✓"# + "\u{2028}\"")
        #expect(CodeLiteral.quoted(text, .go) == #""say \"hi\" \\ $HOME {x}\nnext\ttab\r\x01é✓"# + "\u{2028}\"")
        #expect(CodeLiteral.quoted(text, .javaScript) == #""say \"hi\" \\ $HOME {x}\nnext\ttab\r\u0001é✓\u2028""#)
        #expect(CodeLiteral.quoted(text + "\u{0}", .swift) == #""say \"hi\" \\ $HOME {x}\nnext\ttab\r\u{1}é✓"# + "\u{2028}" + #"\0""#)
        // A shell word: single quotes, `$'…'` for control characters, a secret as "$NAME".
        #expect(CodeLiteral.shellWord(SecretText("it's $HOME")) == #"'it'\''s $HOME'"#)
        #expect(CodeLiteral.shellWord(SecretText(segments: [.text("Authorization: Bearer "), .environment("TOKEN")]))
                    == #"'Authorization: Bearer '"$TOKEN""#)
    }

    @Test("environment variables are named after the variable, the header or the query key")
    func environmentNames() {
        expectEqual(CodeSecrets.environmentName(for: "secret.api_token"), "API_TOKEN")
        expectEqual(CodeSecrets.environmentName(for: "env.P3_KEY"), "P3_KEY")
        expectEqual(CodeSecrets.environmentName(for: "apiKey"), "API_KEY")
        expectEqual(CodeSecrets.environmentName(for: "X-Api-Key"), "X_API_KEY")
        expectEqual(CodeSecrets.environmentName(for: "token"), "TOKEN")
        expectEqual(CodeSecrets.environmentName(for: "2fa.code"), "_2FA_CODE")
    }

    @Test("a bearer token, an API key and a secret in the body are read from the environment in every language")
    func placeholders() throws {
        let expected: [CodeLanguage: [String]] = [
            .python: [#""Bearer " + os.environ["TOKEN"]"#, #""X-Api-Key": os.environ["API_KEY"]"#, #"+ os.environ["TOKEN"]).encode()"#],
            .javaScript: [#"["Authorization", "Bearer " + process.env.TOKEN]"#, #"["X-Api-Key", process.env.API_KEY]"#],
            .go: [#"request.Header.Add("Authorization", "Bearer " + os.Getenv("TOKEN"))"#, #"os.Getenv("API_KEY")"#],
            .swift: [#""Bearer " + (ProcessInfo.processInfo.environment["TOKEN"] ?? "")"#],
            .courier: [#""Authorization": "Bearer " + (ProcessInfo.processInfo.environment["TOKEN"] ?? ""),"#],
            .curl: [#"-H 'Authorization: Bearer '"$TOKEN""#, #"-H 'X-Api-Key: '"$API_KEY""#],
            .httpie: [#"'Authorization:Bearer '"$TOKEN""#, #"X-Api-Key:"$API_KEY""#],
        ]
        for language in CodeLanguage.allCases {
            let text = try Self.program("bearer", language)
            for fragment in expected[language] ?? [] { #expect(text.contains(fragment), "\(language): \(fragment)\n\(text)") }
            #expect(!text.contains("tok-en-123") && !text.contains("key-456"), "\(language) shows a secret:\n\(text)")
            #expect(text.contains("Secrets are read from the environment: TOKEN, API_KEY."), "\(language):\n\(text)")
            let revealed = try Self.program("bearer", language, reveal: true)
            #expect(revealed.contains("tok-en-123") && revealed.contains("key-456"), "\(language) --reveal:\n\(revealed)")
            #expect(!revealed.contains("Secrets are read"), "\(language) --reveal:\n\(revealed)")
        }
    }

    @Test("the body's quotes, backslashes, line breaks, $ and unicode are written as each language needs")
    func bodyText() throws {
        #expect(try Self.program("bearer", .python).contains(#"data=("line \"one\"\nback\\slash $PATH café ✓ " + os.environ["TOKEN"]).encode(),"#))
        #expect(try Self.program("bearer", .javaScript).contains(#"body: "line \"one\"\nback\\slash $PATH café ✓ " + process.env.TOKEN,"#))
        #expect(try Self.program("bearer", .go).contains(#"strings.NewReader("line \"one\"\nback\\slash $PATH café ✓ " + os.Getenv("TOKEN"))"#))
        #expect(try Self.program("bearer", .swift).contains(
            #"request.httpBody = Data(("line \"one\"\nback\\slash $PATH café ✓ " + (ProcessInfo.processInfo.environment["TOKEN"] ?? "")).utf8)"#))
        #expect(try Self.program("bearer", .curl).contains("--data-binary 'line \"one\"\nback\\slash $PATH café ✓ '\"$TOKEN\""))
    }

    @Test("basic authentication is the language's own, its password from API_PASSWORD")
    func basicAuthentication() throws {
        #expect(try Self.program("basic", .python).contains(#"auth=("ann", os.environ["API_PASSWORD"]),"#))
        #expect(try Self.program("basic", .go).contains(#"request.SetBasicAuth("ann", os.Getenv("API_PASSWORD"))"#))
        #expect(try Self.program("basic", .curl).contains(#"curl https://api.example.org/basic -u ann:"$API_PASSWORD""#))
        #expect(try Self.program("basic", .httpie).contains(#"--auth ann:"$API_PASSWORD""#))
        #expect(try Self.program("basic", .javaScript).contains(
            #"["Authorization", "Basic " + Buffer.from("ann:" + process.env.API_PASSWORD).toString("base64")]"#))
        for language in CodeLanguage.allCases {
            let text = try Self.program("basic", language)
            #expect(!text.contains("p@ss:word") && !text.contains("YW5uOnBAc3M6d29yZA=="), "\(language):\n\(text)")
            #expect(try Self.program("basic", language, reveal: true).contains("p@ss:word"), "\(language)")
        }
    }

    @Test("a literal secret header and a secret query value get names of their own")
    func literalCredentials() throws {
        let text = try Self.program("literal-key", .python)
        // API_KEY is the workspace's {{apiKey}} (not used here): the query's value is the second.
        #expect(text.contains(#""https://api.example.org/k?api_key=" + os.environ["API_KEY_2"] + "&plain=1","#), "\(text)")
        #expect(text.contains(#""X-Api-Key": os.environ["X_API_KEY"],"#), "\(text)")
        #expect(!text.contains("abc-secret") && !text.contains("literal-key-789"))
    }

    @Test("what the engine would do that the program does not is said in its first comment")
    func notCarriedOver() throws {
        #expect(try Self.program("digest", .python).hasPrefix("# Not carried over: digest authentication."))
        #expect(try Self.program("digest", .go).hasPrefix("// Not carried over: digest authentication."))
    }

    @Test("a plain GET's programs, whole")
    func plainGET() throws {
        #expect(try Self.program("plain", .python) == """
            import requests

            response = requests.request(
                "GET",
                "https://api.example.org/plain",
            )
            print(response.text)

            """)
        #expect(try Self.program("plain", .go) == """
            package main

            import (
            \t"fmt"
            \t"io"
            \t"net/http"
            )

            func main() {
            \trequest, err := http.NewRequest("GET", "https://api.example.org/plain", nil)
            \tif err != nil {
            \t\tpanic(err)
            \t}
            \tresponse, err := http.DefaultClient.Do(request)
            \tif err != nil {
            \t\tpanic(err)
            \t}
            \tdefer response.Body.Close()
            \treceived, err := io.ReadAll(response.Body)
            \tif err != nil {
            \t\tpanic(err)
            \t}
            \tfmt.Println(string(received))
            }

            """)
        expectEqual(try Self.program("plain", .curl), "curl https://api.example.org/plain\n")
        expectEqual(try Self.program("plain", .httpie), "http --ignore-stdin GET https://api.example.org/plain\n")
    }
}
