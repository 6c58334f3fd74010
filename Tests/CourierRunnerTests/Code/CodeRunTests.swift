import Courier
import CourierDemoServer
@testable import CourierFormat
@testable import CourierRunner
import Foundation
import Testing

/// Each language's program, run with its real toolchain against the demo server, sends the
/// request Courier sends: the same method, path, query, headers and body, as the server's
/// request log and its `/anything` echo show. A toolchain this machine lacks skips its test,
/// saying which.
@Suite("copy as code: the programs run against the demo server", .serialized)
struct CodeRunTests {
    static let workspace = """
        variables:
          token: tok-en-123
          apiKey: key-456
        requests:
          json:
            method: POST
            url: "{{demo}}/anything/json?q=caf%C3%A9&x=a%20b&sym=%24HOME"
            headers: {X-Api-Key: "{{apiKey}}", X-Quote: 'say "hi" \\ $HOME ✓'}
            auth: {bearer: "{{token}}"}
            body:
              json: {text: "quote \\" backslash \\\\ line\\nbreak tab\\t $HOME café ✓ 😀", n: 1}
          form:
            method: PUT
            url: "{{demo}}/anything/form"
            auth: {basic: {user: ann, password: "p@ss:w\\"rd"}}
            body:
              form: {name: "Mittens & co", note: "a=b $x"}
          multipart:
            method: POST
            url: "{{demo}}/anything/upload"
            body:
              multipart:
                - {name: note, value: 'hi "there" \\ $HOME'}
                - {name: photo, file: cat.txt, filename: cat.txt, contentType: text/plain}
          text:
            method: PATCH
            url: "{{demo}}/anything/text?api_key=abc-secret&plain=1"
            body:
              text: "line one\\nline \\"two\\" \\\\ $PATH {{token}}"
          get:
            url: "{{demo}}/anything/get?a=1&b=two%20words"
            headers: {Accept: application/json, X-Empty-Not: "-"}
        """

    static let names = ["json", "form", "multipart", "text", "get"]

    /// The headers Courier sets that each program must send with the same value (the
    /// tools add their own User-Agent, Accept-Encoding, Connection).
    static func comparedHeaders(_ code: CodeRequest) -> [String] {
        var names = code.headers.map(\.name).filter { !["host", "content-length"].contains($0.lowercased()) }
        if code.basicAuth != nil { names.append("Authorization") }
        return names
    }

    /// Sends each request with Courier, then runs its program in `language` with `command`
    /// (the file's path → the words to run), the secrets in its environment, and compares.
    static func compare(_ language: CodeLanguage, command: (String) -> [String]) async throws {
        let server = try await DemoServer.start()
        do {
            try await compare(language, server: server, command: command)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    static func compare(_ language: CodeLanguage, server: DemoServer, command: (String) -> [String]) async throws {
        let directory = temporaryDirectory("courier-code")
        try "whiskers\n".write(toFile: directory + "/cat.txt", atomically: true, encoding: .utf8)
        try workspace.write(toFile: directory + "/ws.yaml", atomically: true, encoding: .utf8)
        var options = RunOptions()
        options.demoURL = server.baseURL
        options.cacheDirectory = temporaryDirectory("courier-cache")
        options.stateDirectory = temporaryDirectory("courier-state")
        options.ignoreCache = true
        let runner = try WorkspaceRunner(workspace: try Workspace.load(path: directory + "/ws.yaml"), options: options)
        for name in names {
            let request = runner.makeRequest(name)
            let code = try CodeRequest(request)
            let program = language.program(for: code)
            #expect(!program.contains("tok-en-123") && !program.contains("key-456") && !program.contains("abc-secret"),
                    "\(name) shows a secret:\n\(program)")
            let before = server.requestLog.count
            let courierEcho = try await echo(runner, name)
            // Not json.py: Python would import it instead of its json module.
            let file = directory + "/request_\(name).\(language.fileExtension)"
            try program.write(toFile: file, atomically: true, encoding: .utf8)
            let environment = Dictionary(code.secrets.named.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
            // Off the pool: the program talks to this process's demo server, whose handlers
            // need the cooperative pool (two threads here) that a blocking wait would hold.
            let words = command(file)
            let output = try await offThePool { try run(words, in: directory, environment: environment) }
            let log = server.requestLog
            #expect(output.status == 0, "\(language) \(name): exit \(output.status)\n\(output.errors)\n\(program)")
            try #require(log.count >= before + 2, "\(language) \(name): the program sent nothing\n\(output.errors)\n\(program)")
            let ours = log[log.count - 2], theirs = log[log.count - 1]
            #expect(theirs.method == ours.method && theirs.path == ours.path && theirs.query == ours.query,
                    "\(language) \(name): \(theirs) ≠ \(ours)\n\(program)")
            for header in comparedHeaders(code) {
                #expect(theirs.header(header) == ours.header(header), "\(language) \(name): \(header)\n\(program)")
            }
            let programEcho = try #require(try JSONSerialization.jsonObject(with: Data(output.text.utf8)) as? [String: Any],
                                           "\(language) \(name) printed: \(output.text)\n\(output.errors)\n\(program)")
            for key in ["method", "path", "args", "form", "json", "data", "files"] {
                #expect(canonical(programEcho[key]) == canonical(courierEcho[key]), "\(language) \(name): \(key)\n\(program)")
            }
        }
    }

    /// The demo server's echo of Courier's own send of `name`.
    static func echo(_ runner: WorkspaceRunner, _ name: String) async throws -> [String: Any] {
        let request = runner.makeRequest(name)
        try await request.run()
        return try #require(try JSONSerialization.jsonObject(with: request.responseData ?? Data()) as? [String: Any])
    }

    static func canonical(_ value: Any?) -> String {
        guard let value, !(value is NSNull) else { return "null" }
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `words` in `directory` with `environment` added; its standard output and error.
    static func run(_ words: [String], in directory: String, environment: [String: String]) throws -> (text: String, errors: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = words
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errorFile = directory + "/stderr-\(UUID().uuidString.prefix(6))"
        _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errorFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        return (String(decoding: data, as: UTF8.self), errors, process.terminationStatus)
    }

    /// Whether `tool` is on the PATH.
    static func has(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    static var hasPythonRequests: Bool {
        guard has("python3") else { return false }
        return (try? run(["python3", "-c", "import requests"], in: NSTemporaryDirectory(), environment: [:]).status) == 0
    }

    @Test("curl", .enabled(if: has("curl"), "curl is not installed"))
    func curl() async throws {
        try await Self.compare(.curl) { ["sh", $0] }
    }

    @Test("HTTPie", .enabled(if: has("http"), "HTTPie (`http`) is not installed"))
    func httpie() async throws {
        try await Self.compare(.httpie) { ["sh", $0] }
    }

    @Test("Python with requests", .enabled(if: hasPythonRequests, "python3 with requests is not installed"))
    func python() async throws {
        try await Self.compare(.python) { ["python3", $0] }
    }

    @Test("JavaScript's fetch on Node", .enabled(if: has("node"), "Node (Debian's nodejs) is not installed"))
    func javaScript() async throws {
        try await Self.compare(.javaScript) { ["node", $0] }
    }

    @Test("Go's net/http", .enabled(if: has("go"), "Go (Debian's golang-go) is not installed"))
    func go() async throws {
        try await Self.compare(.go) { ["go", "run", $0] }
    }

    @Test("Swift's URLSession", .enabled(if: has("swift"), "swift is not installed"))
    func swift() async throws {
        try await Self.compare(.swift) { ["swift", $0] }
    }

    /// The built `Courier` module, when this test runs from a build of the package.
    static var courierModules: String? {
        let modules = repositoryRoot + "/.build/debug/Modules"
        return FileManager.default.fileExists(atPath: modules + "/Courier.swiftmodule") && has("swiftc") ? modules : nil
    }

    /// Not run: it would need a package that links the engine. Type-checked against the
    /// module this package built, for every request of the workspace.
    @Test("Swift on Courier's engine type-checks against the Courier module",
          .enabled(if: courierModules != nil, "no built Courier module under .build/debug/Modules, or no swiftc"))
    func courierProgramTypeChecks() throws {
        let modules = try #require(Self.courierModules)
        let directory = temporaryDirectory("courier-code")
        try "whiskers\n".write(toFile: directory + "/cat.txt", atomically: true, encoding: .utf8)
        try Self.workspace.write(toFile: directory + "/ws.yaml", atomically: true, encoding: .utf8)
        var options = RunOptions()
        options.demoURL = "http://127.0.0.1:8080"
        options.cacheDirectory = temporaryDirectory("courier-cache")
        options.stateDirectory = temporaryDirectory("courier-state")
        let runner = try WorkspaceRunner(workspace: try Workspace.load(path: directory + "/ws.yaml"), options: options)
        // One file of every request's program, each in a scope of its own, checked at once.
        var programs: [String] = []
        for name in Self.names {
            let program = CodeLanguage.courier.program(for: try CodeRequest(runner.makeRequest(name)))
            #expect(program.contains("ConfigurableRequest(settings)"), "\(program)")
            let body = program.split(separator: "\n").filter { !$0.hasPrefix("import ") && !$0.hasPrefix("//") }
            programs.append("func send_\(name)() async throws {\n" + body.map { "    " + $0 }.joined(separator: "\n") + "\n}")
        }
        let file = directory + "/all.swift"
        try ("import Courier\nimport Foundation\n\n" + programs.joined(separator: "\n\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let output = try Self.run(["swiftc", "-typecheck", "-I", modules, "-I", repositoryRoot + "/Sources/CCurl",
                                   "-I", repositoryRoot + "/Sources/CZlib", "-I", repositoryRoot + "/Sources/CCourierCrypto/include", file],
                                  in: directory, environment: [:])
        #expect(output.status == 0, "\(output.errors)\n\((try? String(contentsOfFile: file, encoding: .utf8)) ?? "")")
    }
}
