import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

extension ResponseContent {
    /// Reads a non-empty `body` as ``ResponseSerializer/auto`` does for a response of
    /// `mimeType`: JSON is checked (its tree built now with `buildingTree`, else when first
    /// read), XML checked, anything else kept as it is. A body that is not what its content
    /// type says is kept as it is too, and ``bodyWarning`` says why — never an error.
    package mutating func readAutomatically(_ body: Data, mimeType: String?, buildingTree: Bool = false) {
        bodyWarning = nil
        switch ResponseSerializer.auto.resolved(forMimeType: mimeType) {
        case .json:
            do {
                if buildingTree {
                    json = try JSONValue(parsing: body)
                } else {
                    try JSONValue.validate(body)
                    deferJSON(of: body)
                }
            } catch {
                bodyWarning = "the body is not valid JSON although its content type is \(mimeType ?? "JSON") (\(error)); kept as text"
            }
        case .xml:
            do {
                _ = try XMLDocument(data: body, options: [.nodeLoadExternalEntitiesNever])
            } catch {
                bodyWarning = "the body is not valid XML although its content type is \(mimeType ?? "XML"); kept as text"
            }
        case .raw, .auto:
            break
        }
    }
}
