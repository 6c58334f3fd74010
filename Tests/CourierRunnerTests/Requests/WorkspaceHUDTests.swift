import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner
import Foundation
import Testing

/// `hud:` and `quietErrors:` on requests, batches and chains: read and checked like every
/// other key, and carried to the engine's objects with placeholders filled in and secrets
/// hidden.
@Suite("Workspace HUD keys")
struct WorkspaceHUDTests {
    static let workspace = """
        variables: {user: demo}
        requests:
          orders:
            url: /orders
            hud: "Loading orders for {{user}}…"
            quietErrors: true
          login:
            url: /login
            auth: {bearer: "{{token}}"}
            hud: "Signing in with {{token}}"
          plain: {url: /get}
        batches:
          basket:
            requests: [orders, plain]
            hud: Refreshing the basket…
            quietErrors: true
          listed: [plain]
        chains:
          checkout:
            hud: "Checking out as {{user}}…"
            steps: [login, plain]
          quiet:
            quietErrors: true
            steps: [plain]
        """

    @Test("hud and quietErrors are read on requests, batches and chains; both are off by default")
    func parsed() throws {
        let workspace = try parseWorkspace(Self.workspace, extraVariables: ["token"])
        #expect(workspace.requests["orders"]?.hud == HUDSettings(text: "Loading orders for {{user}}…", quietErrors: true))
        expectEqual(workspace.requests["plain"]?.hud, HUDSettings())
        expectEqual(workspace.batches["basket"]?.hud, HUDSettings(text: "Refreshing the basket…", quietErrors: true))
        expectEqual(workspace.batches["listed"]?.hud, HUDSettings())
        #expect(workspace.chains["checkout"]?.hud == HUDSettings(text: "Checking out as {{user}}…"))
        expectEqual(workspace.chains["quiet"]?.hud, HUDSettings(quietErrors: true))
    }

    @Test("a misspelt key, a wrong type, an empty or multi-line text and an undefined variable are reported at their line and column")
    func invalid() {
        #expect(parseError("requests:\n  a:\n    url: /get\n    hdu: Loading…\n")?.description
            == "test.yaml:4:5: error: requests.a: unknown key \"hdu\"; did you mean \"hud\"? (expected one of: description, method, url, "
            + "useCDN, args, headers, auth, body, timeout, deadline, maxBodyBytes, priority, cache, validate, accept, response, download, "
            + "retry, tls, redirects, expect100Timeout, sensitive, cookies, expect, paginate, stream, messages, subprotocols, http, resolve, connectTo, unixSocket, hud, quietErrors, contract, grpc, message, metadata, mock, diff)")
        #expect(parseError("batches:\n  b:\n    requests: []\n    quietError: true\n")?.description
            == "test.yaml:4:5: error: batches.b: unknown key \"quietError\"; did you mean \"quietErrors\"? "
            + "(expected one of: requests, continueOnFailure, description, hud, quietErrors)")
        #expect(parseError("chains:\n  c:\n    steps: []\n    huds: x\n")?.description
            == "test.yaml:4:5: error: chains.c: unknown key \"huds\"; did you mean \"hud\"? "
            + "(expected one of: steps, stepMode, each, description, hud, quietErrors)")
        #expect(parseError("requests:\n  a:\n    url: /get\n    quietErrors: sometimes\n")?.description
            == "test.yaml:4:18: error: requests.a.quietErrors: expected true or false, found the string \"sometimes\"")
        #expect(parseError("requests:\n  a:\n    url: /get\n    hud: [Loading]\n")?.description
            == "test.yaml:4:10: error: requests.a.hud: expected the text to show while it runs, found a list")
        #expect(parseError("batches:\n  b:\n    requests: []\n    hud: \"  \"\n")?.description
            == "test.yaml:4:10: error: batches.b.hud: hud is empty; write the text to show while it runs, or leave hud out")
        #expect(parseError("chains:\n  c:\n    steps: []\n    hud: \"Paying\\nnow\"\n")?.description
            == "test.yaml:4:10: error: chains.c.hud: hud is one line of text (it shows in the status line); no line breaks or tabs")
        let undefined = parseError("chains:\n  c:\n    steps: []\n    hud: \"Paying {{ordr}}\"\n")
        expectEqual(undefined?.kind, .undefinedVariable)
        #expect(undefined?.description.hasPrefix("test.yaml:4:10: error: undefined variable {{ordr}}") == true, "\(String(describing: undefined))")
    }

    @Test("the runner's requests, batches and chains carry their HUD text, filled in and without secrets, and quietErrors")
    func carried() throws {
        let workspace = try parseWorkspace(Self.workspace, extraVariables: ["token"])
        var options = RunOptions()
        options.overrides = ["token": "s3cr3t-token"]
        let runner = try WorkspaceRunner(workspace: workspace, options: options)

        let orders = runner.makeRequest("orders")
        expectEqual(orders.hudText, "Loading orders for demo…")
        #expect(orders.quietErrors)
        let login = runner.makeRequest("login")
        #expect(login.hudText == "Signing in with \(Redaction.placeholder)", "a bearer token is a secret")
        #expect(!login.quietErrors)
        expectEqual(runner.makeRequest("plain").hudText, nil)

        let members = [runner.makeRequest("plain")]
        let basket = runner.makeBatch(members, continueOnFailure: false, hud: try #require(workspace.batches["basket"]).hud)
        #expect(basket.hudText == "Refreshing the basket…" && basket.quietErrors)
        #expect(members[0].quietErrors, "a quiet batch's requests are quiet")
        expectEqual(runner.makeBatch([runner.makeRequest("plain")], continueOnFailure: false).hudText, nil)

        let checkout = ChainRun(runner: runner, chain: try #require(workspace.chains["checkout"]))
        expectEqual(checkout.chain.hudText, "Checking out as demo…")
        #expect(!checkout.chain.quietErrors && checkout.stepRequests.joined().allSatisfy { !$0.quietErrors })
        let quiet = ChainRun(runner: runner, chain: try #require(workspace.chains["quiet"]))
        #expect(quiet.chain.quietErrors && quiet.chain.hudText == nil)
        #expect(quiet.stepRequests.joined().allSatisfy { $0.quietErrors })
    }

    @Test("a placeholder without a value yet stays as written in the text")
    func unresolved() throws {
        let workspace = try parseWorkspace("requests:\n  a: {url: /get, hud: \"Paying {{env.COURIER_HUD_UNSET}}\"}\n")
        var options = RunOptions()
        options.processEnvironment = [:]
        let runner = try WorkspaceRunner(workspace: workspace, options: options)
        #expect(runner.makeRequest("a").hudText == "Paying {{env.COURIER_HUD_UNSET}}")
    }

    @Test("a request block written by the workbench keeps hud and quietErrors")
    func written() throws {
        var definition = RequestDefinition(name: "a", location: SourceLocation(file: "x", line: 1, column: 1))
        definition.url = "/get"
        definition.hud = HUDSettings(text: "Loading: {{user}} #1", quietErrors: true)
        let block = RequestYAML.block(for: definition, name: "a")
        #expect(block.contains("hud:") && block.contains("quietErrors: true"), "\(block)")
        expectEqual(try parseBlock(block, name: "a").hud, definition.hud)
    }
}
