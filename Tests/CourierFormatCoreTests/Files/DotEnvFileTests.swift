import Foundation
import Testing
@testable import CourierFormatCore

/// `.env` files (#44 item 2): the syntax the dotenv tools share, errors at their line and
/// column, and the same values as python-dotenv, a parser nobody here wrote.
@Suite struct DotEnvFileTests {
    /// Every form the syntax allows, once.
    static let sample = """
        # a comment
        PLAIN=value
        SPACED = spaced value   # a comment after an unquoted value
        export EXPORTED=yes
        EMPTY=
        SINGLE='keeps $HOME and \\n as written # not a comment'
        DOUBLE="line one\\nline two \\"quoted\\""
        MULTI="first
        second"
        URL=https://example.com/a?b=c#frag
        HASH=a#b
        DOLLAR=$NOT_EXPANDED
        dotted.name-1=ok
        PLAIN=last wins

        """

    @Test func everyFormReadsAsTheDotenvToolsReadIt() throws {
        let values = DotEnvFile.values(try DotEnvFile.parse(Self.sample, file: ".env"))
        #expect(values == [
            "PLAIN": "last wins", "SPACED": "spaced value", "EXPORTED": "yes", "EMPTY": "",
            "SINGLE": "keeps $HOME and \\n as written # not a comment", "DOUBLE": "line one\nline two \"quoted\"",
            "MULTI": "first\nsecond", "URL": "https://example.com/a?b=c#frag", "HASH": "a#b", "DOLLAR": "$NOT_EXPANDED",
            "dotted.name-1": "ok",
        ])
        let entries = try DotEnvFile.parse(Self.sample, file: ".env")
        #expect(entries.first { $0.name == "MULTI" }?.line == 8)
        #expect(entries.first { $0.name == "URL" }?.line == 10)
    }

    @Test func aBadLineIsAnErrorAtItsLineAndColumn() {
        func error(_ text: String) -> WorkspaceError? {
            do {
                _ = try DotEnvFile.parse(text, file: "/w/.env")
                return nil
            } catch {
                return error
            }
        }
        expectEqual(error("A=1\n  just words\n")?.description, "/w/.env:2:3: error: expected NAME=value")
        #expect(error("A=1\n1BAD=x\n")?.description
            == "/w/.env:2:1: error: \"1BAD\" is not a variable name (letters, digits and _, not starting with a digit)")
        expectEqual(error("A=1\nB=\"open\nC=2\n")?.description, "/w/.env:2:3: error: the quote \" is not closed")
        expectEqual(error("A='x' y\n")?.description, "/w/.env:1:3: error: unexpected text after the quoted value: y")
        expectEqual(error("export A 1\n")?.description, "/w/.env:1:1: error: expected NAME=value")
    }

    @Test func theSameValuesAsPythonDotenv() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        let python = root + "/.build/test-venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python), run(python, ["-c", "import dotenv"]) != nil else {
            let reason = "no python-dotenv in .build/test-venv (make test installs it; scripts/test-servers-bootstrap.sh)"
            print("skipping the python-dotenv comparison: \(reason)")
            try Test.cancel(Comment(rawValue: reason))
        }
        let path = temporaryDirectory("courier-dotenv") + "/.env"
        try Self.sample.write(toFile: path, atomically: true, encoding: .utf8)
        let script = "import json, sys, dotenv; print(json.dumps(dotenv.dotenv_values(sys.argv[1], interpolate=False)))"
        let output = try #require(run(python, ["-c", script, path]))
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: String?])
        let ours = DotEnvFile.values(try DotEnvFile.read(path))
        expectEqual(Set(theirs.keys), Set(ours.keys))
        for (name, value) in theirs { #expect(ours[name] == (value ?? ""), "\(name)") }
    }

    /// A process's standard output when it exits 0.
    private func run(_ executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
