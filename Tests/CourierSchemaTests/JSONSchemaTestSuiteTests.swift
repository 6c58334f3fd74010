import Courier
import CourierSchema
import Foundation
import Testing

/// `Tests/Fixtures/JSONSchemaTestSuite/`: the official JSON-Schema-Test-Suite's draft 2020-12
/// required tests, the `remotes/` they reference, and the optional format tests of the formats
/// Courier asserts (MIT, see its LICENSE).
let suiteDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/JSONSchemaTestSuite")

/// The suite's remotes, served by its runner at `http://localhost:1234/`, here a registry.
let suiteRegistry: SchemaRegistry = {
    var registry = SchemaRegistry()
    let remotes = suiteDirectory.appendingPathComponent("remotes")
    let files = FileManager.default.enumerator(at: remotes, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
    for file in files where file.pathExtension == "json" {
        let relative = file.path.dropFirst(remotes.path.count + 1)
        try! registry.add(json: Data(contentsOf: file), uri: "http://localhost:1234/\(relative)")
    }
    return registry
}()

/// One case of the suite: a schema, a value and whether the value is valid.
struct SuiteCase: CustomStringConvertible {
    let file: String
    let group: String
    let test: String
    let schema: JSONValue
    let data: JSONValue
    let valid: Bool

    var description: String { "\(file): \(group) / \(test)" }
}

func suiteCases(_ file: String) throws -> [SuiteCase] {
    let groups = try JSONValue(parsing: Data(contentsOf: suiteDirectory.appendingPathComponent("tests/\(file)")))
    return (groups.arrayValue ?? []).flatMap { group in
        (group["tests"]?.arrayValue ?? []).map { test in
            SuiteCase(file: file, group: group["description"]?.stringValue ?? "", test: test["description"]?.stringValue ?? "",
                      schema: group["schema"]!, data: test["data"]!, valid: test["valid"]?.boolValue ?? false)
        }
    }
}

/// The cases this validator does not pass, each with why. Empty: every required case passes.
let knownFailures: [String: String] = [:]

@Suite struct JSONSchemaTestSuiteTests {
    static let requiredFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: suiteDirectory.appendingPathComponent("tests").path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test("Draft 2020-12 required tests", arguments: requiredFiles)
    func required(_ file: String) throws {
        try run(file, options: JSONSchema.Options())
    }

    @Test("Draft 2020-12 optional format tests, with format assertions on",
          arguments: ["date-time", "date", "email", "uuid", "ipv4", "ipv6", "uri"])
    func formats(_ format: String) throws {
        try run("optional/format/\(format).json", options: JSONSchema.Options(assertsFormats: true))
    }

    @Test func theSuiteIsThere() {
        #expect(Self.requiredFiles.count >= 40, "the vendored suite is missing from \(suiteDirectory.path)")
    }

    private func run(_ file: String, options: JSONSchema.Options) throws {
        let cases = try suiteCases(file)
        #expect(!cases.isEmpty)
        var passed = 0
        for testCase in cases {
            if let reason = knownFailures[testCase.description] {
                print("skipped \(testCase): \(reason)")
                continue
            }
            do {
                let schema = try JSONSchema(testCase.schema, registry: suiteRegistry, options: options)
                let errors = schema.validate(testCase.data)
                #expect(errors.isEmpty == testCase.valid, "\(testCase): \(errors)")
                #expect(schema.isValid(testCase.data) == testCase.valid, "\(testCase) (isValid)")
                if errors.isEmpty == testCase.valid { passed += 1 }
            } catch {
                Issue.record("\(testCase): \(error)")
            }
        }
        print("JSON-Schema-Test-Suite \(file): \(passed) of \(cases.count) passed")
    }
}
