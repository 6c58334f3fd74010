import Foundation
import Synchronization
import Testing
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner

/// `config.secrets` providers (#44 item 3), each with a real command: a script stands in for
/// `pass`, `secret-tool` talks to a real Secret Service when one can be started.
@Suite struct SecretProviderTests {
    private func store(_ yaml: String, in directory: String) throws -> (SecretStore, Workspace) {
        let path = directory + "/ws.yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        let workspace = try Workspace.load(path: path)
        return (SecretStore(definitions: workspace.config.secrets), workspace)
    }

    /// A `pass` stand-in: the password on its first line, notes after, and a count of its runs.
    private func fakePass(in directory: String) throws -> String {
        let script = directory + "/pass"
        try """
        #!/bin/sh
        echo run >> "\(directory)/runs"
        [ "$1" = show ] || { echo "Usage: pass show NAME" >&2; exit 1; }
        case "$2" in
          api/key) printf 'pass-value-8812\\nurl: https://example.com\\n' ;;
          *) echo "Error: $2 is not in the password store." >&2; exit 1 ;;
        esac
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        return script
    }

    private func runs(in directory: String) -> Int {
        ((try? String(contentsOfFile: directory + "/runs", encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    @Test func aCommandsFirstLineIsTheValueFetchedOnceForTheSession() throws {
        let directory = temporaryDirectory("courier-secrets")
        let pass = try fakePass(in: directory)
        let (store, _) = try store("config:\n  secrets:\n    apiKey: {command: \"\(pass) show api/key\"}\nrequests: {}\n", in: directory)
        guard case .notFetched = store.lookup("apiKey") else { Issue.record("fetched before use"); return }
        store.fetch("apiKey")
        guard case .value(let value) = store.lookup("apiKey") else { Issue.record("not fetched"); return }
        expectEqual(value, "pass-value-8812")
        for _ in 0..<3 { _ = store.lookup("apiKey") }
        expectEqual(runs(in: directory), 1)
    }

    @Test func aFailingProviderSaysWhichSecretWhichProviderAndItsFirstErrorLine() throws {
        let directory = temporaryDirectory("courier-secrets")
        let pass = try fakePass(in: directory)
        let (store, _) = try store("""
            config:
              secrets:
                missing: {command: "\(pass) show nope"}
                slow: {command: "sleep 5", timeout: 0.2}
                leaky: {command: "echo 'fetch https://user:pw-6610@vault.example/x failed' >&2; exit 2"}
                noFile: {file: \(directory)/absent}
                noEnv: {env: COURIER_TEST_UNSET_\(UUID().uuidString.prefix(6))}
            requests: {}
            """, in: directory)
        let problems = Dictionary(uniqueKeysWithValues: store.checkAll().map { ($0.name, $0.problem ?? "") })
        #expect(problems["missing"] == "secret missing (command `\(pass) show nope`, ws.yaml:3:14) failed with exit status 1: "
            + "Error: nope is not in the password store.")
        expectEqual(problems["slow"]?.hasSuffix("did not finish within 0.2 s"), true)
        #expect(problems["leaky"]?.contains("pw-6610") == false, "\(problems["leaky"] ?? "")")
        expectEqual(problems["leaky"]?.contains("failed with exit status 2: fetch https://user:"), true)
        expectEqual(problems["noFile"]?.hasSuffix("is not there"), true)
        expectEqual(problems["noEnv"]?.hasSuffix("is not set"), true)
    }

    @Test func aValueIsKeptForItsTTLThenFetchedAgain() throws {
        let directory = temporaryDirectory("courier-secrets")
        let pass = try fakePass(in: directory)
        let path = directory + "/ws.yaml"
        try "config:\n  secrets:\n    k: {command: \"\(pass) show api/key\", ttl: 60}\nrequests: {}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
        let store = SecretStore(definitions: try Workspace.load(path: path).config.secrets, now: { clock.withLock { $0 } })
        store.fetch("k")
        clock.withLock { $0 += 59 }
        guard case .value = store.lookup("k") else { Issue.record("gone before its ttl"); return }
        clock.withLock { $0 += 2 }
        guard case .notFetched = store.lookup("k") else { Issue.record("kept past its ttl"); return }
        store.fetch("k")
        expectEqual(runs(in: directory), 2)
        let zero = writeWorkspace("config:\n  secrets:\n    k: {env: X, ttl: 0}\n")
        #expect(throws: WorkspaceError.self) { try Workspace.load(path: zero) }
    }

    @Test func anUndefinedSecretIsALoadErrorWithASuggestion() throws {
        let path = writeWorkspace("config:\n  secrets:\n    apiKey: {env: X}\nrequests:\n  a: {url: \"http://127.0.0.1/{{secret.apikey}}\"}\n")
        let error = try #require(throws: WorkspaceError.self) { try Workspace.load(path: path) }
        #expect(error.message.hasPrefix("undefined secret {{secret.apikey}}; did you mean \"apiKey\"?"))
        expectEqual(error.location?.line, 5)
        let two = writeWorkspace("config:\n  secrets:\n    k: {env: X, file: y}\n")
        #expect(throws: WorkspaceError.self) { try Workspace.load(path: two) }
    }

    /// libsecret's `secret-tool` against a real Secret Service: a private D-Bus session bus and
    /// gnome-keyring-daemon on it, unlocked with a throwaway password; the store's own fetch
    /// (`secret-tool lookup`, run by its shell) reaches it through the session's address.
    @Test func theKeyringThroughSecretTool() throws {
        let tools = ["/usr/bin/secret-tool", "/usr/bin/dbus-daemon", "/usr/bin/gnome-keyring-daemon"]
        guard tools.allSatisfy(FileManager.default.isExecutableFile(atPath:)) else {
            let reason = "no secret-tool, dbus-daemon or gnome-keyring-daemon (apt-get install libsecret-tools dbus gnome-keyring)"
            print("skipping the keyring test: \(reason)")
            try Test.cancel(Comment(rawValue: reason))
        }
        let directory = temporaryDirectory("courier-keyring")
        let setup = """
            set -e
            export HOME=\(directory) XDG_DATA_HOME=\(directory)/data XDG_RUNTIME_DIR=\(directory)
            eval "$(dbus-daemon --session --fork --print-address=1 --print-pid=1 | sed -n '1s/^/DBUS_SESSION_BUS_ADDRESS=/p;2s/^/BUS_PID=/p')"
            export DBUS_SESSION_BUS_ADDRESS
            eval "$(printf 'throwaway\\n' | gnome-keyring-daemon --unlock --components=secrets)"
            printf 'keyring-value-4471' | secret-tool store --label=courier-test service courier-test account api
            echo "$DBUS_SESSION_BUS_ADDRESS"; echo "$BUS_PID"; echo "$GNOME_KEYRING_PID"
            """
        let outcome = try ShellCommand.run(setup, timeout: 20, outputLimit: 4096)
        let lines = String(decoding: outcome.output, as: UTF8.self).split(separator: "\n").map(String.init)
        guard outcome.status == 0, lines.count >= 2 else {
            let reason = "a Secret Service could not be started here: " + String(decoding: outcome.errors, as: UTF8.self).suffix(200)
            print("skipping the keyring test: \(reason)")
            try Test.cancel(Comment(rawValue: reason))
        }
        defer { for pid in lines.dropFirst().compactMap({ Int32($0) }) { kill(pid, SIGTERM) } }
        let (store, _) = try store("config:\n  secrets:\n    desk: {keyring: {service: courier-test, account: api}}\n"
            + "    none: {keyring: {service: courier-test, account: nobody}}\nrequests: {}\n", in: directory)
        let previous = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
        setenv("DBUS_SESSION_BUS_ADDRESS", lines[0], 1)
        defer { if let previous { setenv("DBUS_SESSION_BUS_ADDRESS", previous, 1) } else { unsetenv("DBUS_SESSION_BUS_ADDRESS") } }
        store.fetch("desk")
        store.fetch("none")
        guard case .value(let value) = store.lookup("desk") else { Issue.record("\(store.lookup("desk"))"); return }
        expectEqual(value, "keyring-value-4471")
        guard case .failed(let reason) = store.lookup("none") else { Issue.record("an absent entry gave a value"); return }
        #expect(reason.contains("keyring service=courier-test account=nobody"))
    }
}
