import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The config example of docs/workbench.md is a config the workbench accepts, with what it says it sets.
struct ReadmeConfigExampleTests {
    @Test func theReadmesConfigExampleIsValid() throws {
        let readme = try String(contentsOfFile: #filePath.components(separatedBy: "/Tests/")[0] + "/docs/workbench.md", encoding: .utf8)
        let section = try #require(readme.range(of: "**Your config: themes, keys, editor.**"))
        let rest = readme[section.upperBound...]
        let open = try #require(rest.range(of: "```yaml\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        let yaml = String(rest[open.upperBound..<close.lowerBound])
        let config = try UserConfig.parse(yaml: yaml, file: "docs/workbench.md").get()
        #expect(config.bindings.contains { $0.scope == .requests && $0.action == .activate && $0.keys == [.control("r")] })
        expectEqual(config.editor, "nvim")
    }
}
