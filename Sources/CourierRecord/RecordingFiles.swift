import Courier
import CourierImport
import CourierFormatCore
import CourierWorkspace
import Foundation

/// The files `courier record` keeps up to date as traffic passes: the workspace (one YAML
/// file, or a folder with `courier.yaml` and `requests/` when the path ends with `/` or names
/// a folder) and the HAR. Each is rewritten whole after every exchange, moved into place when
/// complete, so that a workbench watching the workspace sees its tree fill.
public struct RecordingFiles: Sendable {
    public var workspace: String?
    public var har: String?
    /// `courier record through 127.0.0.1:8080`: the workspace's header comment.
    public var origin: String
    /// The CAs the proxy trusted the servers with (`--upstream-cacert`): the workspace's
    /// `config.tls.caFile`, so that it reaches them as the recording did.
    public var upstreamCAFile: String?

    public init(workspace: String?, har: String?, origin: String) {
        self.workspace = workspace
        self.har = har
        self.origin = origin
    }

    /// Whether ``workspace`` is written as a folder.
    public var writesFolder: Bool {
        guard let workspace else { return false }
        var isDirectory: ObjCBool = false
        return workspace.hasSuffix("/") || (FileManager.default.fileExists(atPath: workspace, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// The files already there that a recording would write over.
    public func existing() -> [String] {
        var found: [String] = []
        if let workspace {
            if writesFolder {
                found += [WorkspaceLayout.rootFileName, WorkspaceLayout.requestsFolderName].map { workspace + "/" + $0 }
                    .filter { FileManager.default.fileExists(atPath: $0) }
            } else if FileManager.default.fileExists(atPath: workspace) {
                found.append(workspace)
            }
        }
        if let har, OutputFile.replacesAFile(at: har) { found.append(har) }
        return found
    }

    /// The workspace `exchanges` make: what ``write(_:)`` writes.
    /// `credentials`: those of `exchanges`, when the caller has gathered them already.
    public func workspace(of exchanges: [RecordedExchange], credentials: RecordingCredentials? = nil) -> ImportResult {
        do {
            var result = try HARImport.recorded(har: RecordedHAR.importable(exchanges), file: "recording",
                                                credentials: (credentials ?? RecordingCredentials(exchanges)).matcher)
            result.workspace.name = "recorded"
            result.workspace.caFile = upstreamCAFile.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            result.workspace.header = ["Recorded by courier \(origin) from \(Self.stamp(exchanges.first?.date ?? Date())) "
                                       + "(\(exchanges.count) exchange\(exchanges.count == 1 ? "" : "s"))"]
            return result
        } catch {
            // The importer reads what was built in memory just now: a failure is a bug, said in the file.
            var workspace = ImportedWorkspace()
            workspace.header = ["courier record could not write the workspace: \(error)"]
            return ImportResult(workspace: workspace, report: ImportReport())
        }
    }

    /// Writes the workspace and (unless `includingHAR` is false) the HAR of `exchanges`
    /// (owner-only: it holds bodies); returns the workspace written.
    @discardableResult
    public func write(_ exchanges: [RecordedExchange], includingHAR: Bool = true) throws -> ImportResult {
        // Gathered once for the three uses: the importer's comments, the last pass, the HAR.
        let credentials = RecordingCredentials(exchanges)
        let result = workspace(of: exchanges, credentials: credentials)
        if let workspace {
            let net = Self.safetyNet(credentials)
            if writesFolder {
                for file in result.workspace.folderFiles() {
                    let path = workspace + "/" + file.path
                    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    try OutputFile.write(net.redact(file.text), to: path)
                }
            } else {
                try OutputFile.write(net.redact(result.workspace.yaml()), to: workspace)
            }
        }
        if let har, includingHAR {
            try OutputFile.write(String(decoding: RecordedHAR.redacted(exchanges, credentials: credentials), as: UTF8.self), to: har, privacy: .ownerOnly)
        }
        return result
    }

    /// The last guard of the workspace's text: a credential of the traffic that turned up where
    /// the importer does not look for one (a field whose name says nothing, a custom header) is
    /// hidden (`‹redacted›`). Those of 6 characters or more only: a shorter one could be a word
    /// of the file itself (`true`, `GET`).
    static func safetyNet(_ credentials: RecordingCredentials) -> SecretMatcher {
        SecretMatcher(credentials.values, minimumLength: 6)
    }

    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
