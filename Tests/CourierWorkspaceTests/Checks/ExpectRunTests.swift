import Courier
@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Testing

/// `expect:` in `courier run`: every check runs and reports expected and actual; a failed
/// check fails the request with -13 and its chain step; a JSON Schema file's violations name
/// the instance path and the schema location; the text, `--json` and `--junit` outputs.
@Suite("courier run: expect checks")
struct ExpectRunTests {
    static let workspace = """
        config: {baseUrl: "{{demo}}"}
        variables: {author: Courier Demo}
        requests:
          good:
            url: /json
            expect:
              - status == 200
              - $.slideshow.author == "{{author}}"
              - $.slideshow.slides count == 2
              - header Content-Type contains json
              - schema: schemas/slideshow.json
          bad:
            url: /json
            expect:
              - status == 201
              - $.slideshow.slides count > 5
              - $.slideshow.title isNumber
              - body contains slideshow
              - {schema: {type: object, required: [slideshow], properties: {slideshow: {properties: {date: {type: integer}}}}}}
          missing:
            url: /status/404
            expect: [status == 404]
          login: {url: /anything?user=abc}
          profile: {url: /get}
        chains:
          flow:
            steps:
              - request: login
                capture: {user: $.args.user}
                expect: [$.args.user == "xyz"]
              - profile
        """

    static let schema = """
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "required": ["slideshow"],
         "properties": {"slideshow": {"$ref": "#/$defs/show"}},
         "$defs": {"show": {"type": "object", "required": ["title", "slides"],
                            "properties": {"title": {"type": "string"}, "slides": {"type": "array", "items": {"$ref": "#/$defs/slide"}}}},
                   "slide": {"type": "object", "required": ["title"], "properties": {"title": {"type": "string"}}}}}
        """

    private func path() throws -> String {
        let path = writeWorkspace(Self.workspace)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("schemas")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.schema.write(to: folder.appendingPathComponent("slideshow.json"), atomically: true, encoding: .utf8)
        return path
    }

    @Test func passingChecksSayHowManyPassed() async throws {
        let run = await headlessRun(try path(), ["good", "missing"])
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        #expect(run.output.contains { $0.hasPrefix("  ✓ good") && $0.contains("5 checks passed") }, "\(run.output)")
        // The checks judge the status: a 404 expected is a success, not -8.
        #expect(run.output.contains { $0.hasPrefix("  ✓ missing") && $0.contains("1 check passed") }, "\(run.output)")
    }

    @Test func everyFailedCheckIsReportedWithExpectedAndActual() async throws {
        let run = await headlessRun(try path(), ["bad"])
        expectEqual(run.status, 1)
        let line = try #require(run.output.first { $0.hasPrefix("  ✗ bad") }, "\(run.output)")
        #expect(line.contains("validation -13"), "\(line)")
        #expect(line.contains("1/5 checks passed"), "\(line)")
        let failures = run.output.filter { $0.hasPrefix("      ✗ ") }
        #expect(failures.count == 4, "\(run.output)")
        #expect(failures.contains { $0.contains("status: expected == 201, got 200") })
        #expect(failures.contains { $0.contains("$.slideshow.slides count: expected > 5, got 2") })
        #expect(failures.contains { $0.contains("$.slideshow.title: expected isNumber, got \"Sample Slide Show\" (string)") })
        #expect(failures.contains { $0.contains("$.slideshow.date: expected integer, got string (#/properties/slideshow/properties/date/type)") },
                "\(failures)")
        #expect(failures.allSatisfy { $0.contains("(ws.yaml:") })

        let json = try jsonLines(await headlessRun(try path(), ["bad"]) { $0.json = true }.output)
        let checks = try #require(json.first?["checks"] as? [[String: Any]])
        expectEqual(checks.count, 5)
        #expect(checks.filter { $0["passed"] as? Bool == false }.count == 4)
        #expect(checks.first?["expected"] as? String == "== 201" && checks.first?["actual"] as? String == "200")

        let junit = temporaryDirectory("junit") + "/report.xml"
        _ = await headlessRun(try path(), ["bad"]) { $0.junitPath = junit }
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 4, "\(xml)")
        #expect(xml.contains("message=\"status: expected == 201, got 200\""))
    }

    @Test func aSchemaFileIsCheckedWithItsRefs() async throws {
        let path = try path()
        let broken = Self.schema.replacingOccurrences(of: "\"title\": {\"type\": \"string\"}}}}}", with: "\"title\": {\"type\": \"integer\"}}}}}")
        try broken.write(toFile: URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("schemas/slideshow.json").path,
                         atomically: true, encoding: .utf8)
        let run = await headlessRun(path, ["good"])
        expectEqual(run.status, 1)
        let failures = run.output.filter { $0.hasPrefix("      ✗ ") }
        #expect(failures.count == 2, "\(run.output)")
        #expect(failures.contains { $0.contains("$.slideshow.slides[0].title: expected integer, got string (") && $0.contains("slideshow.json#/$defs/slide/properties/title/type)") },
                "\(failures)")
    }

    @Test func aChainStopsAtAFailedStepCheck() async throws {
        let run = await headlessRun(try path(), ["flow"])
        expectEqual(run.status, 1)
        #expect(run.output.contains { $0.contains("✗ login") && $0.contains("validation -13") }, "\(run.output)")
        #expect(run.output.contains { $0.contains("$.args.user: expected == \"xyz\", got \"abc\"") }, "\(run.output)")
        #expect(!run.output.contains { $0.contains("✓ profile") }, "\(run.output)")
    }
}
