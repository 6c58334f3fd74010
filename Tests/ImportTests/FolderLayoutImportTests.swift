import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace
@testable import CourierFormat

/// `courier import … --layout folder` (#44): a folder workspace, one request per file in the
/// source's folders, that loads as the same workspace as the one-file import.
@Suite struct FolderLayoutImportTests {
    @Test func aPostmanCollectionAsAFolderLoadsAsTheSameWorkspace() throws {
        let (result, _, single) = try PostmanImportTests.demo()
        let files = result.workspace.folderFiles()
        expectEqual(files.first?.path, "courier.yaml")
        expectEqual(files.count, 1 + single.requestNames.count)
        #expect(files.map(\.path).contains("requests/Pets/Photos/pets-photos-add-photo.yaml"))
        #expect(files.map(\.path).contains("requests/get-pet.yaml"))
        let directory = importTemporaryDirectory("courier-import-folder")
        for file in files {
            let path = directory + "/" + file.path
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try file.text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let folder = try Workspace.load(path: directory)
        expectEqual(Set(folder.requestNames), Set(single.requestNames))
        expectEqual(folder.batchNames, single.batchNames)
        expectEqual(folder.requestFolders["pets-photos-replace-photo"], "Pets/Photos")
        expectEqual(folder.requestFolders["get-pet"], nil)
        for name in single.requestNames {
            #expect(folder.requests[name]?.url == single.requests[name]?.url, "\(name)")
            #expect(folder.requests[name]?.method == single.requests[name]?.method, "\(name)")
        }
        #expect(try String(contentsOfFile: directory + "/requests/Pets/Photos/pets-photos-add-photo.yaml", encoding: .utf8)
            .hasPrefix("requests:\n  # from Postman: Pets / Photos / Add photo\n  pets-photos-add-photo:\n"))
    }

    @Test func fileNamesAreSafeAndUnique() {
        expectEqual(WorkspaceLayout.fileName(for: "../../etc/passwd", fallback: "x"), "etc-passwd")
        expectEqual(WorkspaceLayout.fileName(for: ".hidden", fallback: "x"), "hidden")
        expectEqual(WorkspaceLayout.fileName(for: "///", fallback: "request"), "request")
        expectEqual(WorkspaceLayout.fileName(for: "Get a user (by id)", fallback: "x"), "Get-a-user-by-id")
    }
}
