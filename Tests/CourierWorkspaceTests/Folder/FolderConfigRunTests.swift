import Foundation
import Testing

/// A folder's `config:` (#44): a second service in the same workspace as a contract, with its
/// own base URL, headers and auth, and a contract that judges only the requests it owns.
/// URLs are relative to a base URL with a path, so they have no leading `/` (RFC 3986, as the
/// engine resolves them). Everything runs against the in-process demo server: `/anything/**` echoes what arrived,
/// `/contract/pets/{id}` is the demo contract's API (pet 2 drifts from it on purpose).
@Suite("folder workspaces: a folder's config")
struct FolderConfigRunTests {
    /// The workspace: the pets service at `{{demo}}/contract` with the demo contract, and
    /// folders for a billing service, a legacy corner without a contract and a v2 corner
    /// with a contract of its own.
    static func workspace() throws -> FolderWorkspaceFixture {
        let fixture = FolderWorkspaceFixture(empty: true)
        fixture.write("courier.yaml", """
            config:
              baseUrl: "{{demo}}/contract"
              contract: demo-openapi.yaml
            variables:
              billingToken: b-7Fq2
            requests:
              pet: {url: pets/1}
              drift: {url: pets/2}
              quiet: {url: pets/2, contract: false}
            """)
        let document = try String(contentsOfFile: repositoryRoot + "/workspaces/demo-openapi.yaml", encoding: .utf8)
        fixture.write("demo-openapi.yaml", document)
        fixture.write("contracts/pets-v2.yaml", document)
        fixture.write("requests/billing/folder.yaml", """
            # The billing service: another base URL, its own header and token.
            config:
              baseUrl: "{{demo}}/anything/billing"
              headers: {X-Team: payments}
              auth: {bearer: "{{billingToken}}"}
            """)
        fixture.write("requests/billing/invoices.yaml", """
            requests:
              invoice:
                url: invoices/7
                expect:
                  - $.url == "{{demo}}/anything/billing/invoices/7"
                  - $.headers.X-Team == "payments"
                  - $.headers.Authorization == "Bearer {{billingToken}}"
            """)
        fixture.write("requests/billing/refunds/folder.yaml", "config: {headers: {X-Team: refunds, X-Desk: 3}}\n")
        fixture.write("requests/billing/refunds/list.yaml", """
            requests:
              refunds:
                url: refunds
                headers: {X-Desk: own}
                expect:
                  - $.url == "{{demo}}/anything/billing/refunds"
                  - $.headers.X-Team == "refunds"
                  - $.headers.X-Desk == "own"
                  - $.headers.Authorization == "Bearer {{billingToken}}"
              unsigned:
                url: unsigned
                auth: {basic: {user: u, password: p}}
                expect: [$.headers.Authorization == "Basic dTpw"]
              public:
                url: public
                auth: none
                expect: [$.headers.X-Team == "refunds", $.headers.Authorization not exists]
            """)
        fixture.write("requests/billing/status/folder.yaml", "config: {auth: none}\n")
        fixture.write("requests/billing/status/ping.yaml", """
            requests:
              ping:
                url: ping
                expect: [$.headers.X-Team == "payments", $.headers.Authorization not exists]
            """)
        fixture.write("requests/legacy/pets.yaml", "config: {contract: false}\nrequests:\n  legacyDrift: {url: pets/2}\n")
        fixture.write("requests/v2/pets.yaml", "config: {contract: contracts/pets-v2.yaml}\nrequests:\n  v2Drift: {url: pets/2}\n")
        return fixture
    }

    /// The `--json` result of each request, by name.
    private func results(_ run: RunCapture) throws -> [String: [String: Any]] {
        var byName: [String: [String: Any]] = [:]
        for object in try jsonLines(run.output) { if let name = object["name"] as? String { byName[name] = object } }
        return byName
    }

    private func checkNames(_ result: [String: Any]?) -> [String] {
        ((result?["checks"] as? [[String: Any]]) ?? []).compactMap { $0["check"] as? String }
    }

    @Test func aFoldersBaseURLHeadersAndAuthReachTheServerNestedOverParentAndTheRequestOverBoth() async throws {
        let fixture = try Self.workspace()
        let names = ["invoice", "refunds", "unsigned", "public", "ping"]
        let run = await headlessRun(fixture.directory, names) { $0.json = true }
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        let byName = try results(run)
        for name in names {
            let checks = (byName[name]?["checks"] as? [[String: Any]]) ?? []
            #expect(!checks.isEmpty && checks.allSatisfy { $0["passed"] as? Bool == true }, "\(name): \(checks)")
            // Another base URL than the contract's: the contract does not judge it.
            #expect(!checkNames(byName[name]).contains { $0.hasPrefix("contract ") }, "\(name): \(checkNames(byName[name]))")
        }
    }

    @Test func theContractJudgesOnlyTheRequestsItOwns() async throws {
        let fixture = try Self.workspace()
        let run = await headlessRun(fixture.directory, ["pet", "drift", "quiet", "legacyDrift", "v2Drift", "invoice"]) { $0.json = true }
        #expect(run.status == 1, "drift and v2Drift drift: \(run.output) \(run.errors)")
        let byName = try results(run)
        #expect(checkNames(byName["pet"]) == ["contract GET /contract/pets/{id} 200"], "\(byName["pet"] ?? [:])")
        #expect(byName["drift"]?["ok"] as? Bool == false, "\(byName["drift"] ?? [:])")
        // `contract: false` on the request, and on the legacy folder: the same drifting pet passes.
        #expect(byName["quiet"]?["ok"] as? Bool == true && checkNames(byName["quiet"]).isEmpty, "\(byName["quiet"] ?? [:])")
        #expect(byName["legacyDrift"]?["ok"] as? Bool == true && checkNames(byName["legacyDrift"]).isEmpty, "\(byName["legacyDrift"] ?? [:])")
        // The v2 folder's own contract judges it, and its failure is placed in that document.
        let v2 = (byName["v2Drift"]?["checks"] as? [[String: Any]]) ?? []
        #expect(v2.contains { $0["passed"] as? Bool == false && ($0["location"] as? String)?.contains("pets-v2.yaml:") == true }, "\(v2)")
        #expect(byName["invoice"]?["ok"] as? Bool == true, "\(byName["invoice"] ?? [:])")
    }

    @Test func courierCheckListsWhatNoContractOwnsAsNotJudged() async throws {
        let fixture = try Self.workspace()
        let run = await headlessRun(fixture.directory, ["pet", "quiet", "invoice"]) { $0.checksContract = true }
        #expect(run.status == 0, "only judged requests can drift: \(run.output) \(run.errors)")
        #expect(run.output.contains { $0.hasPrefix("· quiet ") && $0.contains("not judged") }, "\(run.output)")
        #expect(run.output.contains { $0.hasPrefix("· invoice ") && $0.contains("not judged") }, "\(run.output)")
        #expect(run.output.last == "1 request checked: 1 match the contract, 0 drift; 2 not judged", "\(run.output)")
        // A workspace whose only contract is a folder's can be checked.
        let folderOnly = FolderWorkspaceFixture(empty: true)
        folderOnly.write("courier.yaml", "config: {baseUrl: \"{{demo}}/contract\"}\n")
        folderOnly.write("demo-openapi.yaml", try String(contentsOfFile: repositoryRoot + "/workspaces/demo-openapi.yaml", encoding: .utf8))
        folderOnly.write("requests/pets/pets.yaml", "config: {contract: demo-openapi.yaml}\nrequests:\n  pet: {url: pets/1}\n")
        let checked = await headlessRun(folderOnly.directory, []) { $0.checksContract = true }
        #expect(checked.status == 0 && checked.output.last == "1 request checked: 1 match the contract, 0 drift", "\(checked.output) \(checked.errors)")
    }
}
