import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// The OpenAPI 3.1.0 fixture (`openapi/library-3.1.json`, JSON), imported and read back as a
/// workspace, checked part by part, with what it cannot carry over.
@Suite struct OpenAPI31ImportTests {
    let result: ImportResult
    let yaml: String
    let workspace: Workspace

    init() throws {
        result = try OpenAPIImport.result(document: try fixture("openapi/library-3.1.json"), file: "library-3.1.json")
        yaml = result.workspace.yaml()
        workspace = try Workspace.parse(yaml: yaml, file: "imported.yaml")
    }

    func request(_ name: String) throws -> RequestDefinition {
        try #require(workspace.requests[name], "no request \(name) in\n\(yaml)")
    }

    func headers(_ name: String) throws -> [String] {
        try request(name).headers.map { "\($0.name): \($0.value)" }
    }

    @Test func requestsKeepTheDocumentsOrderAndBatchesFollowItsTags() {
        #expect(workspace.requestNames == ["search-books", "add-book", "get-books-isbn", "update-book", "book-options",
                                           "create-shelf", "upload-card", "upload-avatar", "borrow", "get-report", "send-report"])
        expectEqual(workspace.batchNames, ["books", "shelves", "members", "loans", "untagged"])
        expectEqual(workspace.batches["members"]?.items.map(\.name), ["upload-card", "upload-avatar"])
        expectEqual(workspace.batches["untagged"]?.items.map(\.name), ["book-options", "get-report", "send-report"])
    }

    @Test func anOptionsOperationIsAnOPTIONSRequest() throws {
        expectEqual(try request("book-options").method, .options)
        #expect(try request("book-options").url.hasPrefix("books/{{isbn}}"))
    }

    @Test func serversWithoutADescriptionAreNamedAfterTheirURL() {
        #expect(workspace.variables["baseUrl"] == "http://{{host}}/anything/library")
        expectEqual(workspace.variables["host"], "127.0.0.1:18080")
        expectEqual(workspace.environmentNames, ["local-demo", "library.example.org-api"])
        expectEqual(workspace.environments["library.example.org-api"], ["baseUrl": "https://library.example.org/api"])
    }

    @Test func parameterExamplesDefaultsAndPlaceholders() throws {
        // q: required, no example → {{q}}; page: optional with a default → comment.
        #expect(try request("search-books").url == "books?q={{q}}")
        expectEqual(workspace.variables["q"], "")
        #expect(yaml.contains("  # optional query parameters, not sent: page=1\n  search-books:\n"))
        // The first of a header parameter's examples, and the global API key header.
        #expect(try headers("search-books") == ["Accept-Language: en", "X-Library-Key: {{apiKey}}"])
        // isbn: no example at GET, a schema example at PATCH: the variable takes that one.
        #expect(try request("get-books-isbn").url == "books/{{isbn}}?key={{queryKey}}")
        expectEqual(workspace.variables["isbn"], "978-0441013593")
        // memberId: a path-level parameter's schema default.
        #expect(try request("upload-card").url == "members/{{memberId}}/card")
        expectEqual(workspace.variables["memberId"], "7")
        // A required enum query parameter and a required cookie with an example.
        #expect(try request("get-report").url == "reports?format={{format}}")
        expectEqual(workspace.variables["format"], "csv")
        expectEqual(try headers("get-report"), ["Cookie: theme=dark"])
    }

    @Test func examplesRefsAndSchemaExamplesMakeBodies() throws {
        // The first of examples is a $ref to components/examples.
        expectEqual(try request("add-book").body, .json(["title": "Dune", "authors": ["Frank Herbert"], "year": 1965]))
        // A schema's examples, sent with the document's JSON media type.
        expectEqual(try request("update-book").body, .json(["title": "New title"]))
        expectEqual(try headers("update-book"), ["Content-Type: application/merge-patch+json"])
    }

    @Test func aRecursiveSchemaWithATypeListAndConstMakesAFiniteSample() throws {
        expectEqual(try request("create-shelf").body, .json(["name": "string", "label": "main", "subshelves": []]))
    }

    @Test func formMultipartBinaryAndTextBodies() throws {
        expectEqual(try request("borrow").body, .form(["isbn": "978-0441013593", "days": 14], order: ["days", "isbn"]))
        #expect(try request("upload-card").body == .multipart([
            .init(name: "name", value: "Ada"),
            .init(name: "card", file: "path/to/card", contentType: "image/png"),
        ]))
        expectEqual(try request("upload-avatar").body, .file(path: "path/to/body", contentType: "application/octet-stream"))
        expectEqual(try request("send-report").body, .text("<report/>", contentType: "application/xml"))
    }

    @Test func aPathsOwnServerMakesTheURLAbsolute() throws {
        expectEqual(try request("borrow").url, "https://loans.example.org/v2/loans")
        #expect(result.report.notes.contains("request \"borrow\": sent to its own server https://loans.example.org/v2, not baseUrl"))
    }

    @Test func securityKinds() throws {
        #expect(try request("add-book").auth == .bearer(token: "{{bearerToken}}"))
        #expect(result.report.notes.contains("request \"add-book\": uses bearer; the other ways the operation accepts (apiKey) are not used"))
        #expect(try request("get-books-isbn").sensitive == ["{{queryKey}}"])
        #expect(try request("update-book").auth == .basic(user: "{{username}}", password: "{{password}}"))
        guard case .oauth2(let shelf)? = try request("create-shelf").auth else {
            Issue.record("create-shelf: not oauth2")
            return
        }
        #expect(shelf.grant == .authorizationCode && shelf.authURL == "https://library.example.org/oauth/authorize")
        #expect(try request("borrow").auth == .bearer(token: "{{accessToken}}"))
        expectEqual(try request("get-report").auth, nil)
        expectEqual(try request("upload-avatar").auth, nil)
        #expect(try headers("upload-avatar") == ["X-Library-Key: {{apiKey}}"])
    }

    @Test func whatCannotBeCarriedOverIsReportedAndWrittenAtTheTop() throws {
        let dropped = [
            "request \"borrow\": callbacks due (requests the API sends)",
            "webhooks newBook: requests the API sends, not ones to send",
        ]
        expectEqual(result.report.dropped, dropped)
        #expect(yaml.contains("# Not carried over:\n" + dropped.map { "# - " + $0 + "\n" }.joined()))
        #expect(try request("send-report").auth == .scheme(.digest(user: "{{username}}", password: "{{password}}")))
        #expect(result.report.notes.contains(
            "request \"upload-card\": mutual TLS (scheme mtls); give the request or config tls: {clientCert, clientKey, keyPassword}"))
        expectEqual(try request("upload-card").auth, nil)
    }
}
