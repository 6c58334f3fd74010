import CourierFuzzTargets
import Foundation
import Testing

/// Every fuzz target's committed corpus (`Fuzz/Corpus/<target>`: the inputs libFuzzer kept
/// as new coverage, and the ones that once found a bug) replayed through the target in the
/// ordinary build, on every test run: a property a target checks that breaks stops the test
/// process with its message. Fuzzing itself — new inputs, under AddressSanitizer — is
/// `make fuzz`.
@Suite("Fuzz corpora")
struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

    @Test(arguments: FuzzTarget.allCases)
    func everyCommittedInputRunsThroughItsTarget(_ target: FuzzTarget) throws {
        let folder = Self.corpus.appendingPathComponent(target.rawValue)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
        #expect(!files.isEmpty, "no corpus for \(target.rawValue) in \(folder.path)")
        for file in files { target.run(try Data(contentsOf: file)) }
    }
}
