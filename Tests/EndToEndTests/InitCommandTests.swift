import Foundation
import Testing

/// `courier init` as a user runs it: the real binary writes a workspace, and `courier run`
/// sends its request to a loopback server.
@Suite struct InitCommandTests {
    private let cli = CommandLineTests()

    @Test func initThenRunSendsTheHealthRequestToTheServer() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let server = try DemoServerProcess()
        defer { server.stop() }
        let directory = sandbox.directory + "/my-api"
        let made = try await cli.courier(["init", directory, "--base-url", server.url], environment: sandbox.environment)
        #expect(made.status == 0, "\(made.errors)")
        #expect(made.output.contains("Wrote \(directory)/courier.yaml\n"), "\(made.output)")
        #expect(made.output.contains("Wrote \(directory)/.gitignore"), "\(made.output)")
        #expect(made.output.hasSuffix("Next: courier tui \(directory)/courier.yaml   (or: courier run \(directory)/courier.yaml health)\n"),
                "\(made.output)")
        let ignored = try String(contentsOfFile: directory + "/.gitignore", encoding: .utf8)
        #expect(ignored.contains(".courier/\n"))

        let run = try await cli.courier(["run", directory + "/courier.yaml", "health", "--no-history"], environment: sandbox.environment)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("health"), "\(run.output)")
        #expect(run.output.contains("200"), "\(run.output)")
        let smoke = try await cli.courier(["run", directory + "/courier.yaml", "smoke", "--env", "local", "--no-history"],
                                          environment: sandbox.environment)
        #expect(smoke.status == 0, "\(smoke.output)\(smoke.errors)")

        let again = try await cli.courier(["init", directory], environment: sandbox.environment)
        expectEqual(again.status, 2)
        #expect(again.errors.contains("courier.yaml exists; pass --force to overwrite it"), "\(again.errors)")
    }

    @Test func initFromAnOpenAPIDocumentPrintsWhatTheImporterSaid() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let directory = sandbox.directory + "/from-openapi"
        let made = try await cli.courier(["init", directory, "--from", EndToEndTests.root + "/workspaces/demo-openapi.yaml"],
                                         environment: sandbox.environment)
        #expect(made.status == 0, "\(made.errors)")
        #expect(made.errors.contains("imported") && made.errors.contains("as openapi"), "\(made.errors)")
        let listed = try await cli.courier(["export", "http", directory + "/courier.yaml"], environment: sandbox.environment)
        #expect(listed.status == 0, "the imported workspace loads: \(listed.errors)")
    }

    @Test func initFromAFolderReadsItAsABrunoCollection() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let directory = sandbox.directory + "/from-bruno"
        let collection = EndToEndTests.root + "/Tests/Fixtures/bruno/bru-collection"
        let made = try await cli.courier(["init", directory, "--from", collection], environment: sandbox.environment)
        #expect(made.status == 0, "\(made.errors)")
        #expect(made.errors.contains("as bruno"), "\(made.errors)")
        let listed = try await cli.courier(["export", "http", directory + "/courier.yaml"], environment: sandbox.environment)
        #expect(listed.status == 0 && listed.output.contains("###"), "the imported workspace loads: \(listed.errors)")
        let notBruno = try await cli.courier(["init", sandbox.directory + "/y", "--from", "bruno:" + sandbox.directory],
                                             environment: sandbox.environment)
        #expect(notBruno.status == 2 && notBruno.errors.contains("bruno.json"), "\(notBruno.errors)")
    }

    @Test func badInputExitsTwoAndHelpFitsEightyColumns() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let both = try await cli.courier(["init", sandbox.directory + "/x", "--base-url", "http://127.0.0.1:1", "--from-curl", "curl http://a"],
                                         environment: sandbox.environment)
        #expect(both.status == 2 && both.errors.contains("give one of"))
        let notURL = try await cli.courier(["init", sandbox.directory + "/x", "--base-url", "localhost"], environment: sandbox.environment)
        #expect(notURL.status == 2 && notURL.errors.contains("not an http:// or https:// URL"), "\(notURL.errors)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.directory + "/x/courier.yaml"))
        let help = try await cli.courier(["init", "--help"])
        expectEqual(help.status, 0)
        #expect(help.output.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(help.output)")
    }
}
