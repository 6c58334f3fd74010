import ArgumentParser
import CourierImport
import Foundation
import CourierWorkspace

/// `courier import postman|openapi|http|har|insomnia|hurl FILE`, `courier import bruno FOLDER`: a workspace YAML that `courier run`
/// accepts as is, and on standard error what could not be carried over.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a Postman collection, an OpenAPI document, a .http file, a HAR, an Insomnia export, a Bruno collection or Hurl files into a workspace.",
        discussion: "The workspace goes to standard output (or -o FILE); what could not be carried over goes to standard error. Bad input: FILE:line:column (or a JSON path) and exit status 2.",
        subcommands: [ImportPostman.self, ImportOpenAPI.self, ImportHTTPFile.self, ImportHAR.self, ImportInsomnia.self, ImportBruno.self, ImportHurl.self]
    )
}

/// What every importer writes and reports.
struct ImportOutput: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("Write the workspace here instead of standard output (refused if it exists, unless --force).", valueName: "file"))
    var output: String?

    @Flag(help: "Overwrite the -o file.")
    var force = false

    @Option(help: ArgumentHelp("file: one YAML file; folder: -o names a folder that gets courier.yaml and one file per request under requests/.",
                               valueName: "layout"))
    var layout: ImportLayout = .file

    /// How an imported workspace is written.
    enum ImportLayout: String, ExpressibleByArgument, CaseIterable {
        case file, folder
    }

    func validate() throws {
        if layout == .folder, output == nil {
            throw ValidationError("--layout folder writes files: name the folder with -o")
        }
    }

    /// Reads `path`, or exits with status 2 naming it.
    static func read(_ path: String) throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            printError("courier import: cannot read \(path): \(error.localizedDescription)")
            throw ExitCode(2)
        }
    }

    /// Runs an importer: writes the workspace and the report, or the failure (status 2).
    func write(_ importing: () throws(ImportFailure) -> ImportResult) throws {
        let result: ImportResult
        do {
            result = try importing()
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        let yaml = result.workspace.yaml()
        if layout == .folder, let output {
            try writeFolder(result.workspace, to: output)
            try writePrivate(result.workspace, beside: output + "/" + WorkspaceLayout.rootFileName)
        } else if let output {
            try writePrivate(result.workspace, beside: output)
            // A device or a FIFO (/dev/stdout) is written through, not overwritten.
            if OutputFile.replacesAFile(at: output), !force {
                printError("courier import: \(output) exists; pass --force to overwrite it")
                throw ExitCode(2)
            }
            do {
                try OutputFile.write(yaml, to: output)
            } catch {
                printError("courier import: \(error)")
                throw ExitCode(2)
            }
        } else {
            print(yaml, terminator: "")
            if result.workspace.privateYAML() != nil {
                printError("courier import: the private environment values are not written to standard output; pass -o FILE to get them "
                           + "in FILE's private file")
            }
        }
        let workspace = result.workspace
        printError("courier import: \(workspace.requests.count) request\(workspace.requests.count == 1 ? "" : "s"), "
            + "\(workspace.batches.count) batch\(workspace.batches.count == 1 ? "" : "es"), \(workspace.chains.count) chain\(workspace.chains.count == 1 ? "" : "s")"
            + (output.map { " written to \($0)" } ?? ""))
        Self.printReport(result.report)
    }

    /// Writes the private values (``ImportedWorkspace/privateYAML()``) to the workspace's
    /// private file, owner-only: refused when it exists, unless --force. Standard output gets
    /// none of them: the report says so.
    private func writePrivate(_ workspace: ImportedWorkspace, beside file: String) throws {
        guard let text = workspace.privateYAML() else { return }
        let path = WorkspaceLayout(path: file).privateFile(beside: file)
        if FileManager.default.fileExists(atPath: path), !force {
            printError("courier import: \(path) exists; pass --force to overwrite it")
            throw ExitCode(2)
        }
        do {
            try OutputFile.write(text, to: path, privacy: .ownerOnly)
        } catch {
            printError("courier import: \(error)")
            throw ExitCode(2)
        }
        printError("courier import: private values written to \(path) (owner-only; keep it out of the repository)")
    }

    /// Writes a folder workspace under `folder` (made if needed; refused when it holds a
    /// `courier.yaml` or `requests/` already, unless --force), then reads it back.
    private func writeFolder(_ workspace: ImportedWorkspace, to folder: String) throws {
        let files = FileManager.default
        let existing = [WorkspaceLayout.rootFileName, WorkspaceLayout.requestsFolderName].filter { files.fileExists(atPath: folder + "/" + $0) }
        if !existing.isEmpty, !force {
            printError("courier import: \(folder) already has \(existing.joined(separator: " and ")); pass --force to write over it")
            throw ExitCode(2)
        }
        do {
            for file in workspace.folderFiles() {
                let path = folder + "/" + file.path
                try files.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try OutputFile.write(file.text, to: path)
            }
            _ = try Workspace.load(path: folder)
        } catch {
            printError("courier import: \(error)")
            throw ExitCode(2)
        }
    }

    /// What could not be carried over, and the notes, on standard error.
    static func printReport(_ report: ImportReport) {
        if !report.dropped.isEmpty {
            printError("not carried over:")
            report.dropped.forEach { printError("  - " + $0) }
        }
        if !report.notes.isEmpty {
            printError("notes:")
            report.notes.forEach { printError("  - " + $0) }
        }
    }
}

struct ImportPostman: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "postman", abstract: "A Postman collection (v2.0 or v2.1), with its environments.",
                                                    usage: "courier import postman <collection> [<options>]")
    @Argument(help: "The collection's JSON file.") var collection: String
    @Option(name: .customLong("environment"), help: ArgumentHelp("A Postman environment file (repeatable).", valueName: "file")) var environments: [String] = []
    @OptionGroup var output: ImportOutput

    func run() throws {
        let data = try ImportOutput.read(collection)
        let environments = try self.environments.map { (file: $0, data: try ImportOutput.read($0)) }
        try output.write { () throws(ImportFailure) in
            try PostmanImport.result(collection: data, file: collection, environments: environments)
        }
    }
}

struct ImportOpenAPI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "openapi", abstract: "An OpenAPI 3.0 or 3.1 document (YAML or JSON).",
                                                    usage: "courier import openapi <document> [<options>]")
    @Argument(help: "The document.") var document: String
    @OptionGroup var output: ImportOutput

    func run() throws {
        let data = try ImportOutput.read(document)
        let directory = output.output.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? FileManager.default.currentDirectoryPath
        try output.write { () throws(ImportFailure) in try OpenAPIImport.result(document: data, file: document, workspaceDirectory: directory) }
    }
}

struct ImportHTTPFile: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "http", abstract: "A .http file (VS Code REST Client or JetBrains HTTP client).",
                                                    usage: "courier import http <file> [<options>]")
    @Argument(help: "The .http file.") var file: String
    @OptionGroup var output: ImportOutput

    func run() throws {
        let data = try ImportOutput.read(file)
        guard let text = String(data: data, encoding: .utf8) else {
            printError("\(file): error: not UTF-8 text")
            throw ExitCode(2)
        }
        // The JetBrains client's environment files beside the .http file come along.
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        func beside(_ name: String) throws -> (path: String, data: Data)? {
            let path = folder + "/" + name
            return FileManager.default.fileExists(atPath: path) ? (path, try ImportOutput.read(path)) : nil
        }
        let publicFile = try beside(HTTPClientEnvironments.publicFileName), privateFile = try beside(HTTPClientEnvironments.privateFileName)
        try output.write { () throws(ImportFailure) in
            let environments = publicFile == nil && privateFile == nil ? nil
                : try HTTPClientEnvironments(publicFile: publicFile, privateFile: privateFile)
            return try HTTPFileImport.result(text: text, file: file, environments: environments)
        }
    }
}

struct ImportHAR: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "har", abstract: "A HAR file saved from a browser's network tab: its entries as a batch.",
                                                    usage: "courier import har <file> [<options>]")
    @Argument(help: "The .har file.") var file: String
    @OptionGroup var output: ImportOutput

    func run() throws {
        let data = try ImportOutput.read(file)
        try output.write { () throws(ImportFailure) in try HARImport.result(har: data, file: file) }
    }
}

struct ImportInsomnia: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "insomnia", abstract: "An Insomnia export: v4 (JSON or YAML) or v5 (YAML), told apart by its content.",
                                                    usage: "courier import insomnia <file> [<options>]")
    @Argument(help: "The exported file.") var file: String
    @OptionGroup var output: ImportOutput

    func run() throws {
        let data = try ImportOutput.read(file)
        try output.write { () throws(ImportFailure) in try InsomniaImport.result(export: data, file: file) }
    }
}

struct ImportBruno: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bruno", abstract: "A Bruno collection folder: .bru files with bruno.json, or the YAML format with opencollection.yml.",
                                                    usage: "courier import bruno <folder> [<options>]")
    @Argument(help: "The collection's folder.") var folder: String
    @OptionGroup var output: ImportOutput

    func run() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            printError("courier import: \(folder) is not a folder; name the collection's folder (the one with bruno.json or opencollection.yml)")
            throw ExitCode(2)
        }
        try output.write { () throws(ImportFailure) in try BrunoImport.result(folder: folder) }
    }
}

struct ImportHurl: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "hurl",
                                                    abstract: "Hurl files: entries as requests, asserts as checks, a chain per file.",
                                                    usage: "courier import hurl <file>... [<options>]")
    @Argument(help: "The .hurl files (several make one workspace, a chain per file).") var files: [String]
    @OptionGroup var output: ImportOutput

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one .hurl file") }
    }

    func run() throws {
        var texts: [(file: String, text: String)] = []
        for file in files {
            guard let text = String(data: try ImportOutput.read(file), encoding: .utf8) else {
                printError("\(file): error: not UTF-8 text")
                throw ExitCode(2)
            }
            texts.append((file, text))
        }
        try output.write { () throws(ImportFailure) in try HurlImport.result(files: texts) }
    }
}
