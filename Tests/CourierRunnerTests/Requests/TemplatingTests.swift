import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner
import Foundation
import Testing

@Suite("Templating and environments")
struct TemplatingTests {
    @Test("placeholders resolve: overrides over captures over environment over variables over built-ins")
    func precedence() throws {
        let workspace = try parseWorkspace("""
            variables: {host: "api.{{domain}}", domain: example.org, who: variables}
            environments:
              staging: {domain: staging.example.org, who: staging}
            """)
        let plain = VariableScope(variables: try workspace.variables(environment: nil))
        #expect(try plain.render("https://{{host}}/{{ who }}") == "https://api.example.org/variables")
        let staging = VariableScope(variables: try workspace.variables(environment: "staging"))
        #expect(try staging.render("https://{{host}}/{{who}}") == "https://api.staging.example.org/staging")
        let overridden = VariableScope(variables: try workspace.variables(environment: "staging", overrides: ["who": "cli"]))
        #expect(try overridden.render("{{who}}") == "cli")
        let chain = plain.child()
        chain.capture("who", "captured")
        #expect(try chain.render("{{who}}") == "captured")
        #expect(try plain.render("{{who}}") == "variables")
    }

    @Test("built-ins, the process environment and {{demo}}")
    func builtIns() throws {
        let scope = VariableScope(variables: [:], demoURL: "http://127.0.0.1:9", environment: ["API_KEY": "k-1"])
        #expect(try scope.render("{{demo}}/x") == "http://127.0.0.1:9/x")
        #expect(try scope.render("{{env.API_KEY}}") == "k-1")
        let uuid = try scope.render("{{uuid}}")
        #expect(UUID(uuidString: uuid) != nil)
        #expect(try scope.render("{{uuid}}") != uuid)
        #expect(ISO8601DateFormatter().date(from: try scope.render("{{now}}")) != nil)
        #expect(Int(try scope.render("{{timestamp}}"))! > 1_700_000_000)
    }

    @Test("a quoted name is text: {{\"{{\"}} writes a literal {{, in a file that loads")
    func literalBraces() throws {
        let scope = VariableScope(variables: ["v": "V"], environment: [:])
        #expect(try scope.render(#"{{"{{"}}"id": 1}}"#) == #"{{"id": 1}}"#)
        #expect(try scope.render(#"{{"{{"}}{{v}}}}"#) == "{{V}}")
        #expect(try scope.render(#"{{ "{{" }}"#) == "{{")
        #expect(Template.references(in: #"{{"{{"}}{{v}}"#) == ["v"], "quoted text is no reference")
        let workspace = try parseWorkspace("""
            requests:
              literal:
                url: /anything
                headers: {X-Template: '{{"{{"}}name}}'}
            """)
        let header = try #require(workspace.requests["literal"]?.headers.first)
        #expect(try scope.render(header.value) == "{{name}}")
    }

    @Test("a missing value throws, naming it")
    func undefined() {
        let scope = VariableScope(variables: ["a": "{{b}}"], environment: [:])
        #expect(throws: TemplateError(name: "b")) { try scope.render("x {{a}}") }
        #expect((try? scope.render("{{env.NOPE}}")) == nil)
        #expect(TemplateError(name: "env.NOPE").description == "undefined environment variable NOPE in {{env.NOPE}}")
        #expect(TemplateError(name: "x").description == "undefined variable {{x}}")
    }

    @Test("args and bodies render every string, keys included")
    func jsonRendering() throws {
        let scope = VariableScope(variables: ["id": "7", "k": "name"], environment: [:])
        let rendered = try scope.render(JSONValue.object(["{{k}}": "user-{{id}}", "n": 1, "list": ["{{id}}", true]]))
        expectEqual(rendered, ["name": "user-7", "n": 1, "list": ["7", true]])
    }

    @Test("secrets are redacted wherever they appear")
    func redaction() {
        let scope = VariableScope(variables: [:], environment: [:])
        scope.addSecret("hunter2")
        let chain = scope.child()
        chain.capture("token", "tok-123", secret: true)
        expectEqual(chain.redact("/login?p=hunter2&t=tok-123"), "/login?p=\(Redaction.placeholder)&t=\(Redaction.placeholder)")
        expectEqual(scope.redact("tok-123"), "tok-123")
    }

    @Test("a request's old secrets are forgotten when it resolves again, so hiding them does not grow with history")
    func secretsFollowTheLatestResolution() throws {
        let workspace = try parseWorkspace("""
            requests:
              call:
                url: "http://ann:{{pw}}@api.example.com/x?access_token={{token}}"
                auth: {bearer: "{{token}}"}
            """, extraVariables: ["pw", "token"])
        let scope = VariableScope(variables: [:], environment: [:])
        let chain = scope.child()
        for round in 0..<2_000 {
            chain.capture("token", "tok-\(round)-xyz")
            chain.capture("pw", "pw-\(round)-xyz")
            let resolution = try RequestResolution(workspace.requests["call"]!, scope: chain, workspace: workspace)
            chain.setSecrets(resolution.secrets, for: "call")
        }
        expectEqual(chain.secrets, ["tok-1999-xyz", "Bearer tok-1999-xyz", "pw-1999-xyz"])
        expectEqual(chain.redact("sent tok-1999-xyz with pw-1999-xyz"), "sent \(Redaction.placeholder) with \(Redaction.placeholder)")
    }

    @Test("a definition resolves into the engine's settings")
    func resolution() throws {
        let workspace = try parseWorkspace("""
            config: {timeout: 7}
            variables: {user: ann, pass: pw-1, token: t-9}
            requests:
              login:
                method: POST
                url: /login/{{user}}
                headers: {X-User: "{{user}}"}
                auth: {bearer: "{{token}}"}
                body: {json: {user: "{{user}}", password: "{{pass}}"}}
              text:
                method: POST
                url: /notes
                body: {text: "hi {{user}}"}
                timeout: 1
            """)
        let scope = VariableScope(variables: try workspace.variables(environment: nil), environment: [:])
        let login = try RequestResolution(workspace.requests["login"]!, scope: scope, workspace: workspace)
        expectEqual(login.settings.requestURL, "/login/ann")
        expectEqual(login.settings.headers, ["X-User": "ann"])
        #expect(login.settings.httpAuthentication == .bearer(token: "t-9"), "the engine's bearer scheme sets the header")
        expectEqual(login.settings.arguments, ["user": "ann", "password": "pw-1"])
        expectEqual(login.settings.requestSerializer, .json)
        expectEqual(login.settings.timeoutInterval, 7)
        expectEqual(Set(login.secrets), ["t-9", "pw-1", "Bearer t-9"])
        let text = try RequestResolution(workspace.requests["text"]!, scope: scope, workspace: workspace)
        #expect(text.settings.rawBody == Data("hi ann".utf8), "the rendered text travels in memory")
        #expect(text.settings.bodyFilePath == nil, "no temporary file holds the body")
        expectEqual(text.settings.headers?["Content-Type"], "text/plain; charset=utf-8")
        expectEqual(text.settings.timeoutInterval, 1)
    }
}
