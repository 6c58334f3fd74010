import Courier
import Foundation
import Testing
@testable import CourierWorkspace

/// A request signed by RFC 9421 sent by `courier run`.
@Suite struct MessageSignatureRunTests {
    /// Sent by `courier run` to the demo server, which echoes the header fields: signed as
    /// the checks expect, and the key in no line the run prints.
    @Test func theRunnerSignsItAndPrintsNoKey() async throws {
        let path = writeWorkspace(MessageSignatureWorkspace.yaml)
        let run = await headlessRun(path, ["signed"])
        let printed = (run.output + run.errors).joined(separator: "\n")
        #expect(run.status == 0, "\(printed)")
        #expect(run.output.contains { $0.contains("✓ signed") }, "\(printed)")
        #expect(!printed.contains(MessageSignatureWorkspace.secret), "\(printed)")
    }
}
