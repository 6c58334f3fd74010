import Courier
import Foundation
import Testing
@testable import Workbench

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
        #expect(recorded.count == 2)
        #expect(recorded.allSatisfy { $0.url.contains("page=2") && $0.responseBody != nil })
    }
}
