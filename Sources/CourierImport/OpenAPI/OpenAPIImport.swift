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
    /// `courier import openapi SPEC.(yaml|json)`
    public static func result(document: Data, file: String) throws(ImportFailure) -> ImportResult {
        let loaded = try OpenAPIDocumentLoader.load(document, file: file)
        var conversion = OpenAPIConversion(document: loaded.document, file: file,
                                           report: ImportReport(dropped: loaded.dropped, notes: loaded.notes))
        return conversion.convert(version: loaded.version)
    }
}
