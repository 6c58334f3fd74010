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

/// Files a workspace reads and writes stay inside its folder, or a directory the user allowed.
@Suite struct PathConfinementTests {
    @Test func insideTheFolderPassesAndEveryWayOutIsRefused() throws {
        let folder = temporaryDirectory("courier-confined")
        let outside = temporaryDirectory("courier-outside")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: outside)
        let confinement = PathConfinement(workspaceDirectory: folder, environment: [:])
        expectEqual(try confinement.check(folder + "/downloads/a.bin", for: "download path"), folder + "/downloads/a.bin")
        expectEqual(try confinement.check(folder + "/", for: "download path"), folder + "/")
        for escape in [folder + "/../x", folder + "/downloads/../../x", "/etc/passwd", folder + "-sibling/x", folder + "/link/x"] {
            #expect(throws: PathOutsideError.self, "\(escape)") { try confinement.check(escape, for: "download path") }
        }
    }

    @Test func theUserCanAllowDirectoriesOrLiftTheRule() throws {
        let folder = temporaryDirectory("courier-confined")
        let other = temporaryDirectory("courier-allowed")
        let allowing = PathConfinement(workspaceDirectory: folder, environment: ["COURIER_ALLOW_PATHS": other + ":/nonexistent"])
        expectEqual(try allowing.check(other + "/x", for: "body file"), other + "/x")
        #expect(throws: PathOutsideError.self) { try allowing.check("/etc/passwd", for: "body file") }
        let lifted = PathConfinement(workspaceDirectory: folder, environment: ["COURIER_ALLOW_PATHS": "*"])
        expectEqual(try lifted.check("/etc/passwd", for: "body file"), "/etc/passwd")
    }

    @Test func aValueCannotPointADownloadOrABodyFileOutOfTheFolder() async throws {
        let path = writeWorkspace("""
        config: {baseUrl: "{{demo}}"}
        requests:
          fetch:
            url: /bytes/64
            download: "{{target}}"
          upload:
            method: POST
            url: /post
            body: {file: "{{source}}"}
        """)
        let run = await headlessRun(path, ["fetch", "upload"]) {
            $0.json = true
            $0.variables = ["target=../escaped.bin", "source=/etc/hostname"]
        }
        let objects = try jsonLines(run.output).dropLast()
        expectEqual(objects.count, 2)
        for object in objects {
            let error = try #require(object["error"] as? [String: Any])
            #expect(error["code"] as? Int == -10, "a parameter error, before any network use")
            expectEqual((error["message"] as? String)?.contains("is outside the workspace folder"), true)
        }
        let folder = (path as NSString).deletingLastPathComponent
        #expect(!FileManager.default.fileExists(atPath: (folder as NSString).deletingLastPathComponent + "/escaped.bin"))
        expectEqual(run.status, 1)
    }
}
