import Foundation
import Testing

/// Shell completion as a user gets it: the script `courier --generate-completion-script bash`
/// writes, sourced in a real bash, asked by its completion function as bash asks it at TAB —
/// which runs `courier ---completion …` and reads the workspace on the command line.
@Suite struct ShellCompletionTests {
    @Test func bashCompletesTheWorkspacesTargetsEnvironmentsAndSavedLoadRuns() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-completion-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = directory + "/courier.bash"
        let generated = try await ChildProcess.finish([EndToEndTests.binary, "--generate-completion-script", "bash"], discardingErrors: true)
        #expect(generated.status == 0 && generated.output.contains("complete -o filenames -F _courier courier"))
        try generated.output.write(toFile: script, atomically: true, encoding: .utf8)
        let environment = ["XDG_STATE_HOME=\(directory)/state", "XDG_CACHE_HOME=\(directory)/cache", "HOME=\(directory)",
                           "PATH=\((EndToEndTests.binary as NSString).deletingLastPathComponent):/usr/bin:/bin"]
        let demo = EndToEndTests.root + "/workspaces/demo.yaml"

        /// What the completion function offers for `words`, the last being the word at the cursor.
        func complete(_ words: String...) async throws -> [String] {
            let asking = """
                source "$1"; shift
                COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
                _courier courier "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try await ChildProcess.finish(["env", "-i"] + environment + ["bash", "-c", asking, "bash", script] + words,
                                                      discardingErrors: true)
            expectEqual(result.status, 0)
            return result.output.split(separator: "\n").map(String.init)
        }

        expectEqual(try await complete("courier", "run", demo, "get-"), ["get-args"])
        let targets = try await complete("courier", "run", demo, "")
        #expect(targets.contains("post-json") && targets.contains("everything") && targets.contains("checkout"),
                "requests, batches and chains: \(targets)")
        expectEqual(try await complete("courier", "run", demo, "--env", ""), ["default", "french"])
        expectEqual(try await complete("courier", "tui", demo, "--env", "fr"), ["french"])
        expectEqual(try await complete("courier", "load", demo, "get-a"), ["get-args"])
        #expect(try await complete("courier", "run", directory + "/missing.yaml", "") == [], "no workspace, nothing offered")

        // One saved load run of get-args: --compare offers it after `last`.
        let load = try await ChildProcess.finish(["env", "-i"] + environment + [EndToEndTests.binary, "load", demo, "get-args",
                                                                                  "--requests", "20", "--concurrency", "2"])
        #expect(load.status == 0, "\(load.output)")
        let runs = try await complete("courier", "load", demo, "get-args", "--compare", "")
        #expect(runs.count == 2 && runs.first == "last" && Int(runs[1]) != nil, "\(runs)")
    }
}
