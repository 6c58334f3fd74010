import Foundation

// Contract documents for tests (Foundation alone): symlinked into the test targets that load
// contracts, the checks' own (the disk cache) and the format's (the index).

/// An OpenAPI 3.1 document under `servers: /api` with `count` operations: GET
/// `/things{i}` and GET `/things{i}/{id}` for each i, each 200 with a schema of its own.
func contractDocument(operations count: Int, title: String = "big") -> String {
    var lines = ["openapi: 3.1.0", "info: {title: \(title), version: \"1\"}", "servers: [{url: 'http://127.0.0.1:1/api'}]", "paths:"]
    for i in 0..<count / 2 {
        let response = "{get: {responses: {\"200\": {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/T\(i)'}}}}}}}"
        lines += ["  /things\(i): \(response)", "  /things\(i)/{id}: \(response)"]
    }
    lines += ["components:", "  schemas:"]
    lines += (0..<count / 2).map { "    T\($0): {type: object, required: [id], properties: {id: {type: integer}}}" }
    return lines.joined(separator: "\n") + "\n"
}
