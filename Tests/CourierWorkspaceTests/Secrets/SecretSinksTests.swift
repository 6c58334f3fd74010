import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Testing

/// A secret written into a URL — a password, a token in the path, a secret query value — is
/// hidden the same way in every sink: text and JSON output, JUnit, history and cache metadata.
@Suite struct SecretSinksTests {
    @Test func everySinkHidesTheSameSecrets() async throws {
        let path = writeWorkspace("""
        config: {baseUrl: "{{demo}}"}
        variables: {token: tok-path-7731}
        requests:
          profile:
            url: "/anything/users/{{token}}?access_token=qs-tok-5512&pwd=pw-9917&page=2"
            sensitive: ["{{token}}"]
            cache: 600
        """)
        let cache = temporaryDirectory("courier-cache")
        let state = temporaryDirectory("courier-state")
        let junit = temporaryDirectory("courier-junit") + "/report.xml"
        let secrets = ["tok-path-7731", "qs-tok-5512", "pw-9917"]
        for json in [true, false] {
            let run = await headlessRun(path, ["profile"]) {
                $0.json = json
                $0.cacheDirectory = cache
                $0.stateDirectory = state
                $0.junitPath = junit
                $0.ignoreCache = true
            }
            #expect(run.status == 0, "\(run.errors)")
            let printed = (run.output + run.errors).joined(separator: "\n")
            #expect(printed.contains("page=2"), "what is not secret still shows")
            for secret in secrets { #expect(!printed.contains(secret), "\(json ? "--json" : "text"): \(secret)") }
        }
        func files(under directory: String) -> [String] {
            (FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? [])
                .map { directory + "/" + $0 }
                .filter { var isDirectory: ObjCBool = false
                          return FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue }
        }
        // The cached body is the server's own echo of the URL: data, kept as it came. What
        // describes the request — its metadata — hides the secrets.
        let metadata = files(under: cache).filter { $0.hasSuffix(".metadata") }
        let history = files(under: state)
        #expect(!metadata.isEmpty, "the response was cached")
        #expect(!history.isEmpty, "the runs were recorded")
        // The history database is binary: its bytes hold no secret, its exchanges the rest.
        for file in [junit] + metadata + history {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(bytes.range(of: Data("page=2".utf8)) != nil || file == junit || file.hasSuffix("-journal"), "\(file) still shows what is not secret")
            for secret in secrets { #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file): \(secret)") }
        }
        let recorded = try HistoryStore(stateDirectory: state).exchangesWithBodies()
        expectEqual(recorded.count, 2)
        #expect(recorded.allSatisfy { $0.url.contains("page=2") && $0.responseBody != nil })
    }

    /// Header values are judged by their names as query and JSON keys are, and a value from
    /// a secret-named `{{env.NAME}}` is a known secret under any header name: each is hidden
    /// in the run's output, the history (its rows and the database's bytes), HAR, the cache
    /// metadata, and `cache list`/`cache show` — whose body is the server's echo of them.
    @Test func secretHeadersAndEnvironmentSecretsAreHiddenInEverySink() async throws {
        let variable = "COURIER_SINKS_\(UUID().uuidString.prefix(6))_API_TOKEN"
        setenv(variable, "env-tok-4410", 1)
        defer { unsetenv(variable) }
        let path = writeWorkspace("""
        config: {baseUrl: "{{demo}}"}
        requests:
          echo:
            url: /anything/echo
            auth: {bearer: bearer-tok-8823}
            headers:
              X-Amz-Security-Token: amz-tok-1207
              Private-Token: priv-tok-3391
              X-Innocent: "{{env.\(variable)}}"
              X-Trace: trace-visible
            args: {note: "sens-val-6602", page: "2"}
            sensitive: ["sens-val-6602"]
            cache: 600
        """)
        let cacheDirectory = temporaryDirectory("courier-cache")
        let state = temporaryDirectory("courier-state")
        let secrets = ["bearer-tok-8823", "amz-tok-1207", "priv-tok-3391", "env-tok-4410", "sens-val-6602"]
        let run = await headlessRun(path, ["echo"]) {
            $0.json = true
            $0.cacheDirectory = cacheDirectory
            $0.stateDirectory = state
        }
        #expect(run.status == 0, "\(run.errors)")
        let printed = (run.output + run.errors).joined(separator: "\n")
        for secret in secrets { #expect(!printed.contains(secret), "--json: \(secret)") }

        let exchanges = try HistoryStore(stateDirectory: state).exchangesWithBodies()
        let exchange = try #require(exchanges.first)
        let har = String(decoding: HARExport.text(exchanges, creatorVersion: "test"), as: UTF8.self)
        #expect(har.contains("trace-visible"), "what is not secret still shows")
        let databaseFiles = (try FileManager.default.contentsOfDirectory(atPath: state)).map { state + "/" + $0 }
        var sinks = ["HAR": har, "history row": "\(exchange.requestHeaders) \(exchange.responseHeaders) \(exchange.url)"
                        + String(decoding: exchange.responseBody ?? Data(), as: UTF8.self)]
        for file in databaseFiles { sinks[file] = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self) }

        let cache = WorkspaceCache(workspace: try Workspace.load(path: path), directory: cacheDirectory)
        let entry = try #require(cache.list().first)
        let shown = try #require(cache.show(entry.key)?.body)
        let shownText = String(decoding: shown, as: UTF8.self)
        #expect(shownText.contains("trace-visible"), "the cached echo is shown")
        sinks["cache show"] = shownText
        sinks["cache list"] = "\(cache.list())"
        for file in try FileManager.default.subpathsOfDirectory(atPath: cacheDirectory) where file.hasSuffix(".metadata") {
            sinks[file] = try String(contentsOfFile: cacheDirectory + "/" + file, encoding: .utf8)
        }
        for (sink, text) in sinks {
            for secret in secrets { #expect(!text.contains(secret), "\(sink): \(secret)") }
        }
        let revealed = String(decoding: try #require(cache.show(entry.key, revealingSecrets: true)?.body), as: UTF8.self)
        #expect(revealed.contains("amz-tok-1207"), "revealing shows the body as stored")
    }

    /// Cookie values — a session cookie the server set (HttpOnly), one set on a redirect, one
    /// written as a header — are hidden in the run's output (a capture of one included),
    /// JUnit, the history's rows and bytes and HAR; the persisted jar (0600) is the one place
    /// that holds them.
    @Test func cookieValuesAreHiddenInEverySink() async throws {
        let path = writeWorkspace("""
        config: {baseUrl: "{{demo}}", cookies: persist}
        requests:
          login: {method: POST, url: /session/login, body: {json: {user: demo, password: secret}}}
          jar: {url: /cookies}
          note: {url: "{{demo}}/cookies/set?note=plain-cookie-7730"}
          echo: {url: /anything/echo, headers: {Cookie: "manual=hand-cookie-5521", X-Trace: trace-visible}}
        chains:
          flow:
            steps:
              - login
              - {request: jar, capture: {who: $.cookies.session}}
              - note
              - echo
        """)
        let run = try await SecretSinkRun(path, ["flow"])
        #expect(run.printed.contains("captured who="), "the capture is reported")
        let jarFile = WorkspaceCookies.file(for: try Workspace.load(path: path), stateDirectory: run.state)
        let kept = try CookieJar(contentsOfFile: jarFile).cookies
        let session = try #require(kept.first { $0.name == "session" }).value
        #expect(kept.contains { $0.value == "plain-cookie-7730" })
        expectEqual(run.exchanges.count, 8)
        #expect(run.har.contains("trace-visible") && run.har.lowercased().contains("set-cookie"), "the headers are there, their values not")
        run.expectHidden([session, "plain-cookie-7730", "hand-cookie-5521"])
    }

    /// An OAuth2 client secret, the access and refresh tokens it got (echoed back by the server)
    /// and a token command's output are hidden in the run's output, the history's rows and
    /// bytes and HAR; the 0600 token file is the one place that holds the OAuth2 tokens.
    @Test func tokenAuthSecretsAreHiddenInEverySink() async throws {
        let path = writeWorkspace("""
        config: {baseUrl: "{{demo}}"}
        requests:
          oauth:
            url: /anything/oauth
            headers: {X-Trace: trace-visible}
            auth:
              oauth2: {grant: password, tokenUrl: "{{demo}}/oauth/token", clientId: demo-client, clientSecret: demo-secret,
                       username: demo, password: secret, clientAuth: body}
          command:
            url: /anything/command
            auth: {command: "echo cmd-tok-7781", header: X-Client, prefix: ""}
        """)
        let run = try await SecretSinkRun(path, ["oauth", "command"])
        let tokenFiles = try FileManager.default.contentsOfDirectory(atPath: run.state + "/tokens")
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: run.state + "/tokens/" + tokenFiles[0]))) as? [String: Any])
        let access = try #require(saved["accessToken"] as? String)
        let refresh = try #require(saved["refreshToken"] as? String)
        expectEqual(run.exchanges.count, 4)
        #expect(run.har.contains("trace-visible"), "what is not secret still shows")
        for exchange in run.exchanges {
            let body = String(decoding: exchange.responseBody ?? Data(), as: UTF8.self)
            #expect(body.contains("X-Client") || body.contains("Authorization"), "the echo shows where the token went")
        }
        run.expectHidden(["demo-secret", access, refresh, "cmd-tok-7781"])
    }

    /// A digest password, an AWS secret key and session token (the session token is echoed
    /// back by the server) and a client key's password are hidden in the run's output, the
    /// history's rows and bytes, JUnit and HAR.
    /// `{{secret.NAME}}` values from a command, a file and the environment (#44 item 3), sent
    /// in the URL's path, a query value, a header and a JSON body under names that say nothing
    /// secret: none of their bytes is in any sink.
    @Test func providedSecretsAreHiddenInEverySink() async throws {
        let directory = temporaryDirectory("courier-secret-sinks")
        try "file-sec-3391\n".write(toFile: directory + "/token.txt", atomically: true, encoding: .utf8)
        let variable = "COURIER_SINKS_\(UUID().uuidString.prefix(6))_PLAIN"
        setenv(variable, "env-sec-2280", 1)
        defer { unsetenv(variable) }
        let path = directory + "/ws.yaml"
        try """
        config:
          baseUrl: "{{demo}}"
          secrets:
            fromCommand: {command: "printf 'cmd-sec-5518\\nnotes: not the secret\\n'"}
            fromFile: {file: \(directory)/token.txt}
            fromEnv: {env: \(variable)}
        requests:
          echo:
            method: POST
            url: "/anything/{{secret.fromCommand}}?plain={{secret.fromFile}}"
            headers: {X-Plain: "{{secret.fromEnv}}"}
            body: {json: {note: "{{secret.fromCommand}}-{{secret.fromFile}}"}}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try await SecretSinkRun(path, ["echo"])
        run.expectHidden(["cmd-sec-5518", "file-sec-3391", "env-sec-2280"])
        #expect(!run.exchanges.isEmpty)
    }

    @Test func libcurlAuthSecretsAreHiddenInEverySink() async throws {
        let path = writeWorkspace("""
        config: {baseUrl: "{{demo}}"}
        requests:
          digest:
            url: /digest-auth/auth/ada/dg-pw-4471
            headers: {X-Trace: trace-visible}
            auth: {digest: {user: ada, password: dg-pw-4471}}
          aws:
            url: /anything/aws?b=2&a=1
            auth: {aws: {accessKey: AKIAVISIBLE, secretKey: aws-sk-8120, sessionToken: aws-st-6634, region: eu-west-3, service: s3}}
            tls: {clientCert: client.pem, clientKey: client.key, keyPassword: kp-pw-3310}
        """)
        let run = try await SecretSinkRun(path, ["digest", "aws"])
        expectEqual(run.exchanges.count, 4)
        #expect(run.har.contains("trace-visible"), "what is not secret still shows")
        #expect(run.sinks.values.contains { $0.contains("X-Amz-Security-Token") }, "the echo shows where the session token went")
        run.expectHidden(["dg-pw-4471", "aws-sk-8120", "aws-st-6634", "kp-pw-3310"])
    }
}
