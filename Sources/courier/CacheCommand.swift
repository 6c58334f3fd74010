import ArgumentParser
import Courier
import Foundation
import CourierWorkspace

/// `courier cache list|show|rm|purge`: the response cache of a workspace.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Browse and clean a workspace's response cache.",
        discussion: "The cache directory is the workspace's config.cacheDirectory (relative to the file), else $XDG_CACHE_HOME/courier/responses.",
        subcommands: [List.self, Show.self, Remove.self, Purge.self]
    )

    struct Location: ParsableArguments {
        @Option(help: "Use this cache directory instead of the workspace's.")
        var cacheDir: String?

        func cache(_ path: String) throws -> WorkspaceCache {
            do {
                return WorkspaceCache(workspace: try Workspace.load(path: path), directory: cacheDir)
            } catch {
                printError(error.description)
                throw ExitCode(2)
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Every entry with its request, size, age and freshness.")
        @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String
        @Flag(help: "Print a JSON array of every entry's metadata and freshness.") var json = false
        @OptionGroup var location: Location

        func run() throws {
            let cache = try location.cache(workspace)
            let entries = cache.list()
            if json {
                print(CacheCommand.json(entries))
                return
            }
            printLine("\(cache.directory): \(entries.count) entr\(entries.count == 1 ? "y" : "ies")")
            let width = entries.map(\.freshness.count).max() ?? 0
            for entry in entries {
                let age = entry.ageSeconds.map { String(format: "%.0fs", $0) } ?? "?"
                printLine("\(entry.key.prefix(12))  \(entry.freshness.padding(toLength: width, withPad: " ", startingAt: 0))  "
                    + "\(entry.request ?? "-")  \(entry.method ?? "?") \(entry.url ?? "?")  \(entry.status.map(String.init) ?? "?")  "
                    + "\(entry.bytes) B  age \(age) of \(entry.cacheSeconds)s")
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "One entry's metadata and body.")
        @Argument(help: "The entry's key (its 64-digit name; a unique prefix works).") var key: String
        @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String
        @Flag(help: "Print the metadata as JSON, without the body.") var json = false
        @OptionGroup var location: Location

        func run() throws {
            let cache = try location.cache(workspace)
            guard let full = CacheCommand.resolve(key, in: cache), let (entry, body) = cache.show(full) else {
                printError("courier cache: no entry \(key) in \(cache.directory)")
                throw ExitCode(2)
            }
            if json {
                print(CacheCommand.json(entry))
                return
            }
            print(CacheCommand.json(entry))
            print(body.map { TerminalText.neutralized(String(decoding: $0, as: UTF8.self), keepingLayout: true) } ?? "(no body)")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete one entry.")
        @Argument(help: "The entry's key (a unique prefix works).") var key: String
        @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String
        @OptionGroup var location: Location

        func run() throws {
            let cache = try location.cache(workspace)
            guard let full = CacheCommand.resolve(key, in: cache), cache.remove(full) else {
                printError("courier cache: no entry \(key) in \(cache.directory)")
                throw ExitCode(2)
            }
            print("removed \(full)")
        }
    }

    struct Purge: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "purge", abstract: "Delete every entry, or with --expired those that are not fresh.")
        @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String
        @Flag(help: "Only entries that are expired, of another version, or corrupt.") var expired = false
        @OptionGroup var location: Location

        func run() throws {
            let removed = try location.cache(workspace).purge(expiredOnly: expired)
            print("removed \(removed.count) entr\(removed.count == 1 ? "y" : "ies")")
        }
    }

    static func resolve(_ key: String, in cache: WorkspaceCache) -> String? {
        let matches = cache.list().map(\.key).filter { $0.hasPrefix(key.lowercased()) }
        return matches.count == 1 ? matches[0] : nil
    }

    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
