import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// The imported HAR sent to the demo server with `origin` pointed at it and the secret
/// variables filled in with `--var`: the requests arrive as the browser sent them.
@Suite struct HARRunTests {
    @Test func theImportedEntriesRunAgainstTheDemoServer() async throws {
        var workspace = try HARImport.result(har: try fixture("har/shop.har"), file: "shop.har").workspace
        let origin = try #require(workspace.variables.firstIndex { $0.name == "origin" })
        workspace.variables[origin].value = "{{demo}}"
        let run = try await runAgainstDemo(
            workspace.yaml(), ["get-anything-search", "post-anything-orders", "post-anything-login", "get-basic-auth-alice-wonderland"],
            variables: ["access_token=at-1", "x_api_key=key-3", "cookie_sid=sid-2", "cookie_theme=dark", "token=tok-4",
                        "password=pw-5", "password2=wonderland"])
        #expect(run.status == 0, "\(run.errors) \(run.results)")
        #expect(run.results.filter { $0["name"] != nil }.map { $0["status"] as? Int } == [200, 200, 200, 200])

        let search = try #require(run.received("/anything/search"))
        expectEqual(search.method, "GET")
        expectEqual(search.query, "q=red%20shoes&page=2&access_token=at-1")
        expectEqual(search.header("Cookie"), "sid=sid-2; theme=dark")
        expectEqual(search.header("X-Api-Key"), "key-3")
        expectEqual(search.header("Accept-Language"), "en-GB,en;q=0.9")
        expectEqual(search.header("Referer")?.hasSuffix("/shop"), true)
        expectEqual(search.header("Sec-Fetch-Mode"), nil)
        let orders = try #require(run.received("/anything/orders"))
        expectEqual(orders.header("Authorization"), "Bearer tok-4")
        expectEqual(orders.header("Content-Type"), "application/json")
        expectEqual(run.received("/anything/login")?.header("Content-Type")?.hasPrefix("application/x-www-form-urlencoded"), true)
        #expect(run.received("/basic-auth/alice/wonderland")?.header("Authorization")
                == "Basic " + Data("alice:wonderland".utf8).base64EncodedString())
    }
}
