import Foundation
import Testing
@testable import Workbench

/// A response that cannot be cached is said, and the run goes on.
@Suite struct CacheWriteWarningTests {
    @Test func aCacheDirectoryThatIsAFileIsSaidOnStandardError() async throws {
        let path = writeWorkspace("""
        config: {baseUrl: "{{demo}}"}
        requests:
          cities: {url: /anything/cities, cache: 600}
        """)
        let blocker = temporaryDirectory("courier-blocked") + "/cache"
        try "not a directory".write(toFile: blocker, atomically: true, encoding: .utf8)
        let run = await headlessRun(path, ["cities"]) { $0.cacheDirectory = blocker }
        #expect(run.status == 0, "the request itself succeeded")
        let warning = run.errors.first { $0.contains("was not cached") }
        #expect(warning?.hasPrefix("courier run: warning: the response of GET") == true, "\(run.errors)")
        #expect(warning?.contains("is not a directory") == true)
    }
}
