import CourierImport
import Testing
import CourierWorkspace

/// `courier export http` prints workspace data — names, descriptions, header values — to a
/// terminal: their control characters come out as `^[`, `^G`… (as server data does), never
/// as escape sequences, and the file says so.
@Suite struct InertHTTPExportTests {
    @Test func controlCharactersInNamesAndValuesAreWrittenInertly() throws {
        let workspace = try Workspace.parse(yaml: #"""
            name: "shop\e]0;pwned\a\nnext"
            requests:
              "ping\e[2J":
                description: "rings\a"
                url: http://127.0.0.1:1/ping
                headers:
                  X-Osc: "\e]52;c;cm0gLXJmIH4=\a"
            """#, file: "evil.yaml")
        let text = try HTTPFileExport.text(workspace: workspace, names: [])
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) },
                "\(text.debugDescription)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == #"# Exported from workspace "shop^[]0;pwned^G^Jnext" (evil.yaml) by courier export http:"#)
        expectEqual(lines.dropFirst().first, "# Control characters in the workspace are written as ^[, ^G, …: a .http file cannot hold them.")
        #expect(lines.contains("### ping^[[2J"))
        #expect(lines.contains("# rings^G"))
        #expect(lines.contains("X-Osc: ^[]52;c;cm0gLXJmIH4=^G"))
    }
}
