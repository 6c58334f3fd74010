import Foundation
import CourierWorkspace

/// `courier import openapi SPEC.(yaml|json)`: an OpenAPI 3.0 or 3.1 document (3.2 too) as a
/// workspace.
///
/// - One request per operation, named after its `operationId` (`listPets` → `list-pets`) or
///   its method and path (`get-pets-petid`), described by its summary and description.
/// - Servers: the first is the base URL (`config.baseUrl: "{{baseUrl}}"`), each an
///   environment setting `baseUrl` and its server variables (defaults also as variables).
/// - Parameters, bodies and security as `OpenAPIConversion` says; one batch per tag, and
///   `untagged` for the operations without one.
///
/// Swagger 2.0 is refused (convert it first). A document OpenAPIKit cannot decode fails at
/// the JSON path its error names (`$.paths./pets.get.responses`); a YAML or JSON syntax error
/// at its line and column.
public enum OpenAPIImport {
    /// `courier import openapi SPEC.(yaml|json)`. Given the folder the workspace is written
    /// to, the workspace gets `config.contract` naming the document relative to it, so that
    /// every response is checked against it — when the document is inside that folder (a
    /// workspace reads no file outside it); otherwise a note says so.
    public static func result(document: Data, file: String, workspaceDirectory: String? = nil) throws(ImportFailure) -> ImportResult {
        let loaded = try OpenAPIDocumentLoader.load(document, file: file)
        var conversion = OpenAPIConversion(document: loaded.document, file: file,
                                           report: ImportReport(dropped: loaded.dropped, notes: loaded.notes))
        var result = conversion.convert(version: loaded.version)
        guard let workspaceDirectory else { return result }
        if let contract = relativePath(of: file, inside: workspaceDirectory) {
            result.workspace.contract = contract
        } else {
            result.report.notes.append("config.contract is not set: \(file) is outside the workspace's folder \(workspaceDirectory); "
                + "copy it beside the workspace and add `contract: FILE` under config to check responses against it")
        }
        return result
    }

    /// `file` relative to `directory` when it is inside it (after `..` and `.` are resolved).
    static func relativePath(of file: String, inside directory: String) -> String? {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let target = URL(fileURLWithPath: file, relativeTo: base).standardizedFileURL.resolvingSymlinksInPath().path
        let folder = URL(fileURLWithPath: directory, relativeTo: base).standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : nil
    }
}
