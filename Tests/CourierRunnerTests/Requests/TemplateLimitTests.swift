import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner
import Testing

/// Templates are bounded: each variable is rendered once per value, a value may expand to
/// 1 MiB, variables may nest 32 deep, and cycles are named.
@Suite("Template limits")
struct TemplateLimitTests {
    /// `v0` uses `v1` twice, `v1` uses `v2` twice, … down to `v<levels>` = `leaf`: 2^levels
    /// leaves from a few lines.
    private func doubling(_ levels: Int, leaf: String) -> [String: String] {
        var variables = ["v\(levels)": leaf]
        for level in 0..<levels { variables["v\(level)"] = "{{v\(level + 1)}}{{v\(level + 1)}}" }
        return variables
    }

    @Test("a workspace whose variables double thirty times loads, and an unrelated request resolves")
    func loadsAndRunsUnrelated() throws {
        let variables = doubling(30, leaf: "x").sorted { $0.key < $1.key }.map { "  \($0.key): \"\($0.value)\"" }
        let workspace = try parseWorkspace("variables:\n" + variables.joined(separator: "\n") + """

            requests:
              ping: {url: /ping}
              bomb: {url: "/{{v0}}"}
            """)
        let scope = VariableScope(variables: try workspace.variables(environment: nil), environment: [:])
        expectEqual(try RequestResolution(workspace.requests["ping"]!, scope: scope, workspace: workspace).settings.requestURL, "/ping")
        #expect(throws: TemplateError.self) { try RequestResolution(workspace.requests["bomb"]!, scope: scope, workspace: workspace) }
    }

    @Test("a value past 1 MiB is refused, naming the variable that grows too big and the way to it")
    func size() throws {
        let scope = VariableScope(variables: doubling(30, leaf: "x"), environment: [:])
        #expect(try scope.render("{{v29}}") == "xx")
        #expect(try scope.render("{{v10}}").utf8.count == 1 << 20, "exactly 1 MiB is allowed")
        let error = TemplateError(name: "v9", reason: """
            its value would be more than 1 MiB (1048576 bytes), the most a template may expand to, \
            once {{v10}} is filled in (through v0 → v1 → v2 → v3 → v4 → v5 → v6 → v7 → v8 → v9)
            """)
        #expect(throws: error) { try scope.render("/{{v0}}") }
        #expect(throws: error) { try scope.value(of: "v0") }
        #expect(throws: TemplateError(name: "v10", reason: """
            filling it in would make the value more than 1 MiB (1048576 bytes), the most a template may expand to
            """)) { try scope.render("/{{v10}}") }
    }

    @Test("a whole args value counts once: many small uses of a big variable add up")
    func jsonValue() throws {
        let scope = VariableScope(variables: ["big": String(repeating: "b", count: 600_000)], environment: [:])
        #expect(try scope.render(JSONValue.object(["a": "{{big}}"])) != nil)
        #expect(throws: TemplateError(name: "big", reason: """
            filling it in would make the value more than 1 MiB (1048576 bytes), the most a template may expand to
            """)) { try scope.render(JSONValue.object(["a": "{{big}}", "b": ["{{big}}"]])) }
        let plain = JSONValue.array(Array(repeating: .string(String(repeating: "p", count: 600_000)), count: 2))
        #expect(try scope.render(plain) == plain, "strings without placeholders are not counted")
    }

    @Test("each variable is rendered once per value, so empty values doubling thirty times take no time")
    func renderedOnce() throws {
        let scope = VariableScope(variables: doubling(30, leaf: ""), environment: [:])
        #expect(try scope.render("<{{v0}}>") == "<>")
        expectEqual(try scope.value(of: "v0"), "")
        let fresh = VariableScope(variables: ["id": "{{uuid}}"], environment: [:])
        let ids = try fresh.render("{{id}} {{id}}").split(separator: " ")
        #expect(ids.count == 2 && ids[0] != ids[1], "a variable using uuid is new at every use, as before")
    }

    @Test("variables nest at most 32 deep")
    func depth() throws {
        var variables = ["a40": "end"]
        for level in 0..<40 { variables["a\(level)"] = "{{a\(level + 1)}}" }
        let scope = VariableScope(variables: variables, environment: [:])
        #expect(try scope.render("{{a9}}") == "end", "a9 to a40: 32 deep")
        #expect(throws: TemplateError(name: "a32", reason: "variables nest more than 32 deep: "
            + (0...32).map { "a\($0)" }.joined(separator: " → "))) { try scope.render("{{a0}}") }
    }

    @Test("a cycle made by an environment is named when a value is rendered")
    func cycle() throws {
        let workspace = try parseWorkspace("""
            variables: {host: "{{base}}/x"}
            environments:
              loop: {base: "{{host}}"}
            """)
        let scope = VariableScope(variables: try workspace.variables(environment: "loop"), environment: [:])
        #expect(throws: TemplateError(name: "host", reason: "variables refer to each other in a cycle: host → base → host")) {
            try scope.render("{{host}}")
        }
        #expect(TemplateError(name: "host", reason: "variables refer to each other in a cycle: host → base → host").description
            == "{{host}}: variables refer to each other in a cycle: host → base → host")
    }
}
