import Foundation
import Testing
@testable import CourierFormat
@testable import CourierFormatCore

/// #44 item 2: environments as files, private overrides and `.env` — layered in one order,
/// tested value by value; the private files are never written.
@Suite struct EnvironmentLayeringTests {
    /// Every layer sets `a`; each other name is set by the layers listed in its value.
    private func layered() -> FolderWorkspaceFixture {
        let fixture = FolderWorkspaceFixture(empty: true)
        fixture.write("courier.yaml", """
            name: layers
            config:
              baseUrl: "{{demo}}"
              envFile: .env
            include: [shared/values.yaml]
            variables: {a: root, b: root, c: root}
            environments:
              staging: {a: root-staging, x: root-x}

            """)
        fixture.write("shared/values.yaml", "variables: {a: include, d: include}\nenvironments:\n  staging: {a: include-staging, w: include-w}\n")
        fixture.write("environments/staging.yaml", "# staging, shared by the team\na: file-staging\ny: file-y\nheaders: {X-Stage: on}\n")
        fixture.write("environments/staging.private.yaml", "a: private-staging\nz: private-z\n")
        fixture.write("environments/prod.yaml", "a: prod\n")
        fixture.write("environments/local.private.yaml", "a: local-only\n")
        fixture.write("courier.private.yaml", "variables: {b: private-b}\nenvironments:\n  staging: {x: root-private-x}\n")
        fixture.write(".env", "TOKEN=dotenv-token\nOTHER=dotenv-other\n")
        return fixture
    }

    @Test func eachLayerIsOverTheOneBeforeItValueByValue() throws {
        let fixture = layered()
        let workspace = try Workspace.load(path: fixture.directory)
        // Included file, then the root file, then its private file.
        expectEqual(workspace.variables, ["a": "root", "b": "private-b", "c": "root", "d": "include"])
        // An environment: the included file's, the root file's, environments/NAME.yaml,
        // environments/NAME.private.yaml, then the root's private file.
        #expect(workspace.environments["staging"] == ["a": "private-staging", "w": "include-w", "x": "root-private-x",
                                                      "y": "file-y", "z": "private-z"])
        expectEqual(workspace.environments["prod"], ["a": "prod"])
        #expect(workspace.environments["local"] == ["a": "local-only"], "a private file alone makes an environment")
        expectEqual(workspace.environmentNames, ["staging", "prod", "local"])
        expectEqual(workspace.environmentDefaults["staging"]?.isEmpty, false)
        // Over it all, --var.
        let values = try workspace.variables(environment: "staging", overrides: ["b": "cli"])
        #expect(values == ["a": "private-staging", "b": "cli", "c": "root", "d": "include", "w": "include-w",
                           "x": "root-private-x", "y": "file-y", "z": "private-z"])
    }

    @Test func everyValueSaysWhichFileItCameFrom() throws {
        let fixture = layered()
        let workspace = try Workspace.load(path: fixture.directory)
        let root = fixture.directory
        #expect(workspace.variableSources == ["a": root + "/courier.yaml", "b": root + "/courier.private.yaml",
                                              "c": root + "/courier.yaml", "d": root + "/shared/values.yaml"])
        #expect(workspace.environmentSources["staging"] == [
            "a": root + "/environments/staging.private.yaml", "w": root + "/shared/values.yaml",
            "x": root + "/courier.private.yaml", "y": root + "/environments/staging.yaml",
            "z": root + "/environments/staging.private.yaml",
        ])
        // Private and environment files are watched but hold no definitions to save into.
        #expect(workspace.watchedFiles.contains(root + "/courier.private.yaml"))
        #expect(workspace.watchedFiles.contains(root + "/.env"))
        #expect(!workspace.files.contains(root + "/courier.private.yaml"))
        #expect(!workspace.files.contains(root + "/environments/staging.yaml"))
    }

    @Test func dotenvIsUnderTheEnvFileOptionAndTheProcessIsOverBoth() throws {
        let workspace = try Workspace.load(path: layered().directory)
        expectEqual(workspace.dotenv, ["TOKEN": "dotenv-token", "OTHER": "dotenv-other"])
        let environment = workspace.environmentForTemplates(dotenv: ["OTHER": "option-other", "ONLY": "option"],
                                                            process: ["TOKEN": "process-token", "HOME": "/h"])
        expectEqual(environment, ["TOKEN": "process-token", "OTHER": "option-other", "ONLY": "option", "HOME": "/h"])
    }

    @Test func aMissingEnvFileIsNoValuesButABrokenOneIsAnError() throws {
        let fixture = layered()
        try FileManager.default.removeItem(atPath: fixture.directory + "/.env")
        #expect(try Workspace.load(path: fixture.directory).dotenv.isEmpty)
        fixture.write(".env", "A=1\nnot a line\n")
        let error = try #require(throws: WorkspaceError.self) { try Workspace.load(path: fixture.directory) }
        expectEqual(error.description, "\(fixture.directory)/.env:2:1: error: expected NAME=value")
    }

    @Test func anEnvironmentFileIsCheckedAsAnEnvironmentIs() throws {
        let fixture = layered()
        fixture.write("environments/bad.yaml", "a: [1, 2]\n")
        let error = try #require(throws: WorkspaceError.self) { try Workspace.load(path: fixture.directory) }
        expectEqual(error.location?.file, fixture.directory + "/environments/bad.yaml")
        expectEqual(error.location?.line, 1)
    }

    @Test func savingNeverWritesAPrivateFile() throws {
        let fixture = layered()
        fixture.write("requests/one.yaml", "requests:\n  one: {url: /anything/one}\n")
        let privateText = fixture.read("courier.private.yaml")
        let environmentText = fixture.read("environments/staging.private.yaml")
        let workspace = try Workspace.load(path: fixture.directory)
        var draft = RequestDraft(try #require(workspace.requests["one"]))
        draft.name = "renamed"
        let result = try WorkspaceFilesWriter.apply([.update(original: "one", draft: draft)], to: workspace)
        expectEqual(Array(result.texts.keys), [fixture.directory + "/requests/one.yaml"])
        try WorkspaceFilesWriter.write(result)
        expectEqual(fixture.read("courier.private.yaml"), privateText)
        expectEqual(fixture.read("environments/staging.private.yaml"), environmentText)
    }
}
