import ArgumentParser
import Foundation

/// `courier tui`: the ncurses workbench. It lands with the workbench issue; until then this
/// command says so instead of pretending.
struct WorkbenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Open the workbench (not built yet: use `courier run`)."
    )

    @Argument(help: "Workspace file (default: workspaces/demo.yaml).")
    var workspace: String?

    func run() throws {
        var standardError = FileHandle.standardError
        print("""
            courier: the ncurses workbench is not built yet. Run \(workspace ?? "workspaces/demo.yaml") headless:
              courier run \(workspace ?? "workspaces/demo.yaml") NAME...   runs requests, batches or chains by name
              courier demo    runs the engine demo headless against the embedded server
              courier serve   starts the demo server and prints its URL
            """, to: &standardError)
        throw ExitCode(2)
    }
}

extension FileHandle: @retroactive TextOutputStream {
    public func write(_ string: String) { write(Data(string.utf8)) }
}
