import Foundation
import Testing

extension EndToEndTests {
    /// `courier` processes opening one new history file at once — parallel runs on a fresh
    /// machine, or after an upgrade adds a migration: each finds the migrations unapplied, one
    /// commits each, and every other one opens and migrates again from there. None fails, and
    /// none says the database was locked or its migrations clashed.
    @Suite struct HistoryOpening {
        @Test func processesOpeningANewHistoryAtOnceAllSucceed() throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            for round in 0..<16 {
                let state = sandbox.directory + "/state-\(round)"
                let processes = try (0..<4).map { _ in
                    let errors = Pipe()
                    return (try EndToEndTests.start(["history", "--state-dir", state], environment: sandbox.environment, errors: errors), errors)
                }
                for (process, errors) in processes {
                    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    process.waitUntilExit()
                    #expect(process.terminationStatus == 0 && said.isEmpty, "round \(round): \(said)")
                }
                #expect(FileManager.default.fileExists(atPath: state + "/history.sqlite"))
            }
        }
    }
}
