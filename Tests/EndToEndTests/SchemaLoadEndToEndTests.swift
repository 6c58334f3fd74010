import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `courier run` with an `expect: {schema: FILE}` that is missing or not JSON: the run stops
/// at load with the workspace's file:line:column of the `schema:` key (and the schema file's
/// own place for a parse error), exit status 2, and no request is sent — the target's
/// listener never sees a connection.
@Suite struct SchemaLoadEndToEndTests {
    private func run(_ arguments: [String], in directory: String) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: EndToEndTests.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["HOME": directory, "XDG_STATE_HOME": directory + "/state", "XDG_CACHE_HOME": directory + "/cache",
             "XDG_CONFIG_HOME": directory + "/config", "COURIER_CONFIG": "", "NO_COLOR": ""]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }

    @Test(arguments: ["missing", "broken"])
    func aBadSchemaFileStopsTheRunAtLoadBeforeAnyRequest(kind: String) throws {
        let directory = NSTemporaryDirectory() + "courier-schema-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/schemas", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        if kind == "broken" {
            try "{\n  \"type\": \"object\",\n  \"properties\": {\"id\": }\n}\n".write(toFile: directory + "/schemas/pet.json", atomically: true, encoding: .utf8)
        }
        let target = try LoopbackListener()  // accepts nothing: a connection waits in its backlog
        let workspace = directory + "/ws.yaml"
        try """
            requests:
              pet:
                url: http://127.0.0.1:\(target.port)/pets/1
                expect:
                  - status == 200
                  - schema: schemas/pet.json
            """.write(toFile: workspace, atomically: true, encoding: .utf8)
        let result = try run(["run", workspace, "pet"], in: directory)
        #expect(result.status == 2, "\(result.errors)")
        #expect(result.errors.hasPrefix("\(workspace):6:9: error: expect: schema schemas/pet.json cannot be used: "), "\(result.errors)")
        if kind == "missing" {
            #expect(result.errors.contains("cannot read the JSON Schema \(directory)/schemas/pet.json: no such file"), "\(result.errors)")
        } else {
            #expect(result.errors.contains("not valid JSON: \(directory)/schemas/pet.json:3:24: unexpected '}' where a value should start"), "\(result.errors)")
        }
        #expect(!result.errors.contains("Error Domain="), "\(result.errors)")
        #expect(!target.wasConnected, "a request was sent before the load error")
    }
}
