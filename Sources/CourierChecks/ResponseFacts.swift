import Courier
import Foundation
import HTTPTypes

/// What checks can see of one response: everything a subject reads, as plain values, so
/// that checks run the same on a live request, a history entry or a test's fixed response.
package struct ResponseFacts: Sendable {
    package var status: Int
    package var headers: HTTPFields
    package var body: Data
    /// The body as text, decoded with the response's charset when it is first asked for (a
    /// check of a large body's status or paths never needs it), unless set.
    package var text: String {
        get { givenText ?? decodeText?() ?? String(decoding: body, as: UTF8.self) }
        set { givenText = newValue }
    }
    private var givenText: String?
    /// Decodes the body as the request's text (its charset); nil: as UTF-8.
    package var decodeText: (@Sendable () -> String?)?
    /// The body parsed as JSON when the request did so already; otherwise a `$.` check reads
    /// it (``readJSON``, or the body itself).
    package var json: JSONValue?
    /// Parses the body as the request's JSON, shared with whoever reads it next; nil when the
    /// facts have no request behind them. A `$.` check on a large body reads its path from
    /// the bytes instead.
    package var readJSON: (@Sendable () -> JSONValue?)?

    /// The whole body as JSON — ``json``, the request's tree, or the body parsed now — or nil
    /// when it is not JSON.
    package var wholeJSON: JSONValue? {
        guard spooledBytes == nil else { return nil }
        return json ?? readJSON?() ?? (try? JSONValue(parsing: body))
    }
    /// The body's size when it was too large for memory and went to a file as it arrived
    /// (``body`` is then that file, mapped); nil when it is in memory.
    package var spooledBytes: Int64?
    /// The bytes checks read: the body in memory, or a spooled body's file mapped (its pages
    /// come in as a check reads them).
    package static func bodyBytes(_ data: Data?, spooled: SpooledBody?) -> Data {
        data ?? (try? spooled?.mapped()) ?? Data()
    }
    /// Why the body is not parsed whole, as the note of a check that needs it; nil when it
    /// would be. A spooled body is not: its tree could take many times the body in memory.
    package var wholeJSONRefusal: String? {
        spooledBytes.map { "the body (\($0) bytes) was spooled to a file as it arrived, and this check needs the whole "
            + "document parsed in memory: check `$.` paths without wildcards instead (read from the file), or raise "
            + "spoolResponseBodiesOver" }
    }
    /// The URL that answered, after redirects.
    package var url: String
    package var redirects: Int
    /// The whole exchange, redirects included (libcurl's total time), in milliseconds.
    package var durationMilliseconds: Double
    /// A gRPC call's status; nil for an HTTP exchange.
    package var grpcStatus: GRPCStatus?
    /// The trailer fields (a gRPC call's status and trailing metadata).
    package var trailers = HTTPFields()
    /// How many messages the server sent on a gRPC call.
    package var messageCount = 0

    /// `text` defaults to the body as UTF-8 (invalid bytes replaced).
    package init(status: Int, headers: HTTPFields = HTTPFields(), body: Data = Data(), text: String? = nil, json: JSONValue? = nil,
                url: String = "", redirects: Int = 0, durationMilliseconds: Double = 0) {
        self.status = status
        self.headers = headers
        self.body = body
        givenText = text
        self.json = json
        self.url = url
        self.redirects = redirects
        self.durationMilliseconds = durationMilliseconds
    }

    /// The facts of a finished request; nil when no response arrived.
    package init?(request: Request) {
        guard let head = request.response else { return nil }
        let metrics = request.metrics
        let spooled = request.responseSpooledBody
        let body = Self.bodyBytes(request.responseData, spooled: spooled)
        // A call's JSON is its last message, not its body's bytes.
        self.init(status: head.statusCode, headers: head.headers, body: body,
                  json: request.grpcCall != nil ? request.responseJSON : request.parsedResponseJSON,
                  url: head.url, redirects: metrics?.redirectCount ?? 0, durationMilliseconds: (metrics?.total ?? 0) * 1000)
        spooledBytes = spooled?.count
        decodeText = { request.responseString }
        readJSON = { request.responseJSON }
        if request.grpcCall != nil {
            grpcStatus = request.grpcStatus
            trailers = request.responseTrailers
            messageCount = request.grpcMessages.count
        }
    }

    /// The value of a trailer field, case-insensitively (`grpc-message` percent-decoded, as
    /// gRPC writes it); repeated fields joined by ", ".
    package func trailer(_ name: String) -> String? {
        // A "trailers-only" call's status and metadata came in its one header block.
        let fields = trailers.isEmpty && grpcStatus != nil ? headers : trailers
        guard name.lowercased() == "grpc-message" else { return Self.value(of: name, in: fields) }
        return Self.value(of: name, in: fields) { $0.removingPercentEncoding ?? $0 }
    }

    /// The value of a header, case-insensitively; repeated fields joined by ", ".
    package func header(_ name: String) -> String? { Self.value(of: name, in: headers) }

    /// The field `name` of `fields`, case-insensitively, each value through `each`; repeated
    /// fields joined by ", ". Nil when there is none.
    private static func value(of name: String, in fields: HTTPFields, each: (String) -> String = { $0 }) -> String? {
        guard let fieldName = HTTPField.Name(name) else { return nil }
        let values = fields[values: fieldName]
        return values.isEmpty ? nil : values.map(each).joined(separator: ", ")
    }

    /// The `Content-Type` header as sent.
    package var contentType: String? { header("Content-Type") }

    /// Whether the body is HTML (by its content type, or by how it starts when it has none).
    var isHTML: Bool {
        if let type = contentType?.lowercased() { return type.hasPrefix("text/html") }
        let start = String(decoding: body.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
    }

    /// The cookies the response set, in order; a later one of the same name wins.
    package var setCookies: [SetCookie] {
        headers[values: .setCookie].compactMap(SetCookie.init(field:))
    }
}

/// One `Set-Cookie` field: the name, the value and the attributes (`Path`, `HttpOnly`…).
package struct SetCookie: Sendable, Hashable {
    package var name: String
    package var value: String
    /// An attribute as written; a flag such as `HttpOnly` has the value "".
    package struct Attribute: Sendable, Hashable {
        package var name: String
        package var value: String
    }

    package var attributes: [Attribute]

    /// Reads `name=value; Attr=x; Flag`; nil without a name.
    package init?(field: String) {
        let parts = field.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = parts.first, let equals = first.firstIndex(of: "="), equals > first.startIndex else { return nil }
        name = String(first[..<equals])
        value = String(first[first.index(after: equals)...])
        attributes = parts.dropFirst().filter { !$0.isEmpty }.map { part in
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return Attribute(name: pair[0].trimmingCharacters(in: .whitespaces), value: pair.count > 1 ? pair[1].trimmingCharacters(in: .whitespaces) : "")
        }
    }

    /// An attribute's value, its name case-insensitive.
    package func attribute(_ name: String) -> String? {
        attributes.last { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
