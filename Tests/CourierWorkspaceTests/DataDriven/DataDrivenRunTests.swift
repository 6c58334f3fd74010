import Courier
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

/// `each:` runs a batch item or a chain once per row of a CSV file, a JSON file or an inline
/// list, each run named `NAME [row N]`; `repeat:` sends a chain step's request again until a
/// condition holds, or fails it after `max` tries. Against the demo server.
@Suite("courier run: each and repeat")
struct DataDrivenRunTests {
    static let workspace = """
        config: {baseUrl: "{{demo}}"}
        variables: {city: Nowhere}
        requests:
          echo:
            url: "/anything?name={{name}}&city={{city}}"
            expect: ['$.args.name == "{{name}}"', '$.args.city == "{{city}}"']
          poll: {url: /counter/job}
          peek: {url: /counter/job/peek}
        batches:
          people: [{request: echo, each: people.csv}]
          inline: [{request: echo, each: [{name: Ann, city: Oslo}, {name: Bo, city: ""}]}]
        chains:
          per-row:
            each: rows.json
            steps:
              - request: echo
                capture: {got: $.args.name}
          wait:
            steps:
              - request: poll
                capture: {count: $.count}
                repeat: {until: count >= 3, max: 5, delay: 0.05}
              - request: peek
                capture: {calls: $.count}
          give-up:
            steps:
              - request: poll
                capture: {count: $.count}
                repeat: {until: count >= 10, max: 3, delay: 0.05}
              - peek
        """

    /// A quoted comma, an empty cell, a doubled quote and a line break in a quoted field,
    /// UTF-8 after a byte order mark.
    static let csv = "\u{FEFF}name,city,note\r\n\"Smith, Jo\",Paris,first\r\nZoë,,\"say \"\"hi\"\"\ntwice\"\r\nHiro,東京,\r\n"

    private func path(csv: String = Self.csv) throws -> String {
        let path = writeWorkspace(Self.workspace)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try csv.write(to: folder.appendingPathComponent("people.csv"), atomically: true, encoding: .utf8)
        try #"[{"name": "Ann", "n": 1}, {"name": "Zoë", "n": 2}]"#.write(to: folder.appendingPathComponent("rows.json"),
                                                                       atomically: true, encoding: .utf8)
        return path
    }

    @Test func aCSVRunsTheRequestOncePerRowWithItsValues() async throws {
        let run = await headlessRun(try path(), ["people"])
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        for row in 1...3 {
            #expect(run.output.contains { $0.hasPrefix("  ✓ echo [row \(row)]") && $0.contains("2 checks passed") }, "\(run.output)")
        }
        #expect(!run.output.contains { $0.contains("[row 4]") })

        let json = try jsonLines(await headlessRun(try path(), ["people"]) { $0.json = true }.output).dropLast()
        #expect(json.map { $0["name"] as? String } == ["echo [row 1]", "echo [row 2]", "echo [row 3]"])
        // What the server echoed, row by row: the checks' actual values.
        let actual = json.map { line in ((line["checks"] as? [[String: Any]]) ?? []).map { $0["actual"] as? String ?? "" } }
        #expect(actual == [["\"Smith, Jo\"", "\"Paris\""], ["\"Zoë\"", "\"\""], ["\"Hiro\"", "\"東京\""]], "\(actual)")

        let junit = temporaryDirectory("junit") + "/report.xml"
        _ = await headlessRun(try path(), ["people"]) { $0.junitPath = junit }
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("name=\"echo [row 2]\""), "\(xml)")
    }

    @Test func inlineRowsAndVarOverridesComeBeforeARowsValues() async throws {
        let run = await headlessRun(try path(), ["inline"]) { $0.json = true }
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        let lines = try jsonLines(run.output).dropLast()
        #expect(lines.map { $0["name"] as? String } == ["echo [row 1]", "echo [row 2]"])

        let overridden = try jsonLines(await headlessRun(try path(), ["inline"]) {
            $0.json = true
            $0.variables = ["city=Rome"]
        }.output).dropLast()
        let cities = overridden.map { line in ((line["checks"] as? [[String: Any]]) ?? []).last?["actual"] as? String }
        expectEqual(cities, ["\"Rome\"", "\"Rome\""])
    }

    @Test func aRowsSecretColumnIsHiddenInOutput() throws {
        let scope = VariableScope(variables: ["name": "workspace"]).child(row: ["password": "hunter2", "name": "Ann"])
        expectEqual(scope.redact("sent hunter2"), "sent \(Redaction.placeholder)")
        expectEqual(try scope.value(of: "name"), "Ann")
        expectEqual(scope.redact("Ann"), "Ann")
    }

    @Test func aJSONFileRunsTheChainOncePerRow() async throws {
        let run = await headlessRun(try path(), ["per-row"])
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        #expect(run.output.contains("▶ chain per-row [row 1]") && run.output.contains("▶ chain per-row [row 2]"), "\(run.output)")
        #expect(run.output.contains { $0.contains("step 1") && $0.contains("captured got=Ann") })
        #expect(run.output.contains { $0.contains("step 1") && $0.contains("captured got=Zoë") })
        let json = try jsonLines(await headlessRun(try path(), ["per-row"]) { $0.json = true }.output).dropLast()
        #expect(json.map { $0["chain"] as? String } == ["per-row [row 1]", "per-row [row 2]"])
    }

    @Test func aMalformedCSVIsALoadErrorAtItsLineAndColumn() async throws {
        let unterminated = await headlessRun(try path(csv: "name,city\nAnn,Oslo\n\"Smith, Jo,Paris\n"), ["people"])
        expectEqual(unterminated.status, 2)
        #expect(unterminated.errors.contains { $0.contains("people.csv:3:1: error: the quoted field that starts here has no closing quote")
            && $0.contains("(rows for each: at ws.yaml:") }, "\(unterminated.errors)")

        let short = await headlessRun(try path(csv: "name,city\nAnn,Oslo\nBo\n"), ["people"])
        #expect(short.errors.contains { $0.contains("people.csv:3:1: error: this record has 1 field, the header 2") }, "\(short.errors)")

        let stray = await headlessRun(try path(csv: "name,city\nA\"nn,Oslo\n"), ["people"])
        #expect(stray.errors.contains { $0.contains("people.csv:2:2: error: a quote inside an unquoted field") }, "\(stray.errors)")
    }

    @Test func repeatStopsWhenTheConditionHolds() async throws {
        let run = await headlessRun(try path(), ["wait"])
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        #expect(run.output.contains { $0.contains("step 1 poll (3 tries)  succeeded") && $0.contains("captured count=3") }, "\(run.output)")
        // The counter's peek: exactly three calls were made.
        #expect(run.output.contains { $0.contains("step 2") && $0.contains("captured calls=3") }, "\(run.output)")
    }

    @Test func repeatFailsTheStepAfterMaxTries() async throws {
        let run = await headlessRun(try path(), ["give-up"])
        expectEqual(run.status, 1)
        #expect(run.output.contains { $0.contains("step 1 poll (3 tries)  failed") && $0.contains("captured count=3") }, "\(run.output)")
        #expect(run.output.contains { $0.contains("✗ poll") && $0.contains("repeat: `count >= 10` did not hold after 3 tries") }, "\(run.output)")
        #expect(run.output.contains { $0.contains("– peek") && $0.contains("not run") }, "\(run.output)")
    }

    @Test func repeatIsCheckedWhenTheWorkspaceLoads() throws {
        func error(_ step: String) -> String {
            let yaml = """
                requests: {a: {url: "http://127.0.0.1:1/a"}, b: {url: "http://127.0.0.1:1/b"}}
                chains:
                  c:
                    steps:
                      - \(step)
                """
            do {
                _ = try Workspace.load(path: writeWorkspace(yaml))
                return ""
            } catch {
                return error.description
            }
        }
        #expect(error("{request: a, repeat: {until: state == \"done\", max: 3}}").contains("uses \"state\", which neither this step nor an earlier one captures"))
        #expect(error("{request: a, repeat: {until: status.a == 200}}").contains("missing key \"max\""))
        #expect(error("{parallel: [a, b], repeat: {until: status.a == 200, max: 2}}").contains("a parallel step cannot repeat"))
        #expect(error("{request: a, repeat: {until: status.a == 200, max: 2, delay: 0.1}}") == "")
    }
}
