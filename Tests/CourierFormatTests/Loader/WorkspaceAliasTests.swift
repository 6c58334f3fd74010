@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
import Testing

/// YAML aliases are bounded: a few lines that repeat anchors through aliases of aliases are
/// refused at the alias that goes over the bound, before anything walks the expansion.
@Suite("Workspace aliases")
struct WorkspaceAliasTests {
    /// Nine levels of nine aliases each: 9^9 (387 million) strings from eleven lines.
    private func bomb(levels: Int = 9, under key: String = "args") -> String {
        var lines = ["x: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1..<levels {
            lines.append("x\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        return """
            requests:
              a:
                url: /a
                \(key):
                  \(lines.joined(separator: "\n      "))
            """
    }

    @Test("an alias bomb in args is refused at the alias that goes over the bound, naming its anchor")
    func bombInArgs() {
        let error = parseError(bomb())
        expectEqual(error?.kind, .invalidValue)
        #expect(error?.description == """
            test.yaml:11:16: error: the workspace expands to more than 1000000 values through aliases \
            (here *l5 repeats &l5, which holds 597871)
            """)
    }

    @Test("an alias bomb used as a mapping key is refused before Yams hashes the key")
    func bombAsKey() {
        let yaml = """
            variables:
              list: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]
            """ + (1..<9).map { level in
                "\n  list\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]"
            }.joined() + "\n  ? *l8\n  : x\n"
        expectEqual(parseError(yaml)?.description.contains("error: the workspace expands to more than 1000000 values through aliases"), true)
    }

    @Test("aliases a person writes still load")
    func ordinaryAliases() throws {
        let workspace = try parseWorkspace("""
            variables: {host: example.org}
            requests:
              a:
                url: /a
                headers: &common {X-Client: courier, X-Trace: "1"}
                args: &page {page: 1, size: [10, 20]}
              b:
                url: /b
                headers: *common
                args: *page
            """)
        expectEqual(workspace.requests["b"]?.headers.map(\.name), ["X-Client", "X-Trace"])
        expectEqual(workspace.requests["b"]?.args, ["page": 1, "size": [10, 20]])
    }
}
