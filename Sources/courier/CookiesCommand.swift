import ArgumentParser
import Courier
import CourierWorkspace
import Foundation

/// `courier cookies list|set|rm|clear`: the saved cookie jar of a workspace whose
/// `config.cookies` is persist.
struct CookiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cookies",
        abstract: "List and edit a workspace's saved cookies.",
        discussion: "Works on the jar of a workspace with `config: {cookies: persist}`, kept (0600) in "
            + "$XDG_STATE_HOME/courier/cookies/. Values are shown as ‹redacted› unless --reveal.",
        subcommands: [List.self, SetCookie.self, Remove.self, Clear.self]
    )

    struct Location: ParsableArguments {
        @Option(help: ArgumentHelp("The folder holding cookies/ (default: $XDG_STATE_HOME/courier).", valueName: "dir"))
        var stateDir: String?

        func jar(_ path: String) throws -> CookieJar {
            do {
                let jar = try WorkspaceCookies.savedJar(for: try Workspace.load(path: path), stateDirectory: stateDir)
                for problem in jar.loadProblems { printError("courier cookies: warning: \(problem)") }
                return jar
            } catch {
                printError(error.description)
                throw ExitCode(2)
            }
        }

        func save(_ jar: CookieJar) throws {
            do {
                try jar.saveToFile()
            } catch {
                printError("courier cookies: \(error)")
                throw ExitCode(1)
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Every cookie: domain, path, name, value, expiry, flags.")
        @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String
        @Flag(help: "Show the values (they are secrets: session ids, tokens).") var reveal = false
        @OptionGroup var location: Location

        func run() throws {
            let jar = try location.jar(workspace)
            let cookies = jar.cookies.sorted { ($0.domain, $0.path, $0.name) < ($1.domain, $1.path, $1.name) }
            printLine("\(jar.file ?? "-"): \(cookies.count) cookie\(cookies.count == 1 ? "" : "s")")
            for cookie in cookies {
                let value = reveal ? cookie.value : Redaction.placeholder
                let expiry = cookie.expires.map { ISO8601DateFormatter().string(from: $0) } ?? "session"
                let flags = [cookie.includesSubdomains ? "subdomains" : nil, cookie.isSecure ? "secure" : nil,
                             cookie.isHTTPOnly ? "httponly" : nil].compactMap { $0 }.joined(separator: ",")
                printLine(TerminalText.neutralized("\(cookie.domain)  \(cookie.path)  \(cookie.name)=\(value)  \(expiry)"
                                                    + (flags.isEmpty ? "" : "  \(flags)")))
            }
        }
    }

    struct SetCookie: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Add a cookie, or replace the one of the same domain, path and name.",
                                                        usage: "courier cookies set <cookie> <workspace> --domain <domain> [<options>]")
        @Argument(help: "NAME=VALUE") var cookie: String
        @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String
        @Option(help: "The host it is sent to.") var domain: String
        @Option(help: "Sent for request paths under this one.") var path = "/"
        @Option(help: ArgumentHelp("When it expires: an ISO 8601 date (2027-01-31, 2027-01-31T12:00:00Z) or seconds from now; "
                                   + "none: a session cookie.", valueName: "when"))
        var expires: String?
        @Flag(help: "Sent over HTTPS only.") var secure = false
        @Flag(help: "Marked HttpOnly.") var httpOnly = false
        @Flag(help: "Sent to the domain's subdomains too.") var subdomains = false
        @OptionGroup var location: Location

        func run() throws {
            guard let equals = cookie.firstIndex(of: "="), equals != cookie.startIndex else {
                printError("courier cookies set: expected NAME=VALUE, got \"\(cookie)\"")
                throw ExitCode(2)
            }
            var expiry: Date?
            if let expires {
                guard let date = CookiesCommand.date(expires) else {
                    printError("courier cookies set: --expires takes an ISO 8601 date or a number of seconds, not \"\(expires)\"")
                    throw ExitCode(2)
                }
                expiry = date
            }
            let jar = try location.jar(workspace)
            let name = String(cookie[..<equals])
            do {
                try jar.set(Cookie(name: name, value: String(cookie[cookie.index(after: equals)...]), domain: domain, path: path,
                                   includesSubdomains: subdomains, isSecure: secure, isHTTPOnly: httpOnly, expires: expiry))
            } catch {
                printError("courier cookies set: \(error)")
                throw ExitCode(2)
            }
            try location.save(jar)
            printLine("set \(name) for \(domain)\(path)")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete the cookies of a name (of one domain and path).",
                                                        usage: "courier cookies rm <name> <workspace> [<options>]")
        @Argument(help: "The cookie's name.") var name: String
        @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String
        @Option(help: "Only the cookie of this domain.") var domain: String?
        @Option(help: "Only the cookie of this path.") var path: String?
        @OptionGroup var location: Location

        func run() throws {
            let jar = try location.jar(workspace)
            let removed = jar.remove(name: name, domain: domain, path: path)
            guard removed > 0 else {
                printError("courier cookies rm: no cookie \(name)\(domain.map { " for \($0)" } ?? "") in \(jar.file ?? "the jar")")
                throw ExitCode(1)
            }
            try location.save(jar)
            printLine("removed \(removed) cookie\(removed == 1 ? "" : "s")")
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Delete every cookie.")
        @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String
        @OptionGroup var location: Location

        func run() throws {
            let jar = try location.jar(workspace)
            let count = jar.cookies.count
            jar.clear()
            try location.save(jar)
            printLine("removed \(count) cookie\(count == 1 ? "" : "s")")
        }
    }

    /// An ISO 8601 date or time, or seconds from now (a finite number; past year 9999 it is
    /// kept as ``Cookie/latestExpiry``, never trapping).
    static func date(_ text: String) -> Date? {
        if let seconds = Double(text) {
            guard seconds.isFinite else { return nil }
            return seconds > 0 ? Cookie.expiry(maxAge: seconds, from: Date()) : Cookie.representable(Date(timeIntervalSinceNow: seconds))
        }
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        return day.date(from: text)
    }
}
