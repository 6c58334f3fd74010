import Courier
import CourierFormatCore

/// One operation of a contract: a method on a path template, and the responses it
/// documents by status key (`200`, `2XX`, `default`).
struct ContractOperation: Sendable {
    /// Uppercase: `GET`.
    let method: String
    let template: PathTemplate
    let responses: [String: ContractResponse]
    /// Where the operation is written in the document.
    let location: SourceLocation

    /// `GET /pets/{id}`.
    var name: String { "\(method) \(template.text)" }

    /// The response that documents `status`: the exact code, then its class (`2XX`), then `default`.
    func response(for status: Int) -> (key: String, response: ContractResponse)? {
        if let exact = responses[String(status)] { return (String(status), exact) }
        let range = "\(status / 100)XX"
        if let entry = responses.first(where: { $0.key.uppercased() == range }) { return (entry.key, entry.value) }
        return responses["default"].map { ("default", $0) }
    }
}

/// A documented response: its media types, each with the URI of its schema.
struct ContractResponse: Sendable {
    /// Content key (`application/json`, `application/*`) → the schema's absolute URI with its
    /// JSON Pointer (`file:///…/api.yaml#/components/schemas/Pet`); nil when the media type
    /// has no schema. Empty: the response documents no body.
    let content: [String: String?]
    let location: SourceLocation
}
