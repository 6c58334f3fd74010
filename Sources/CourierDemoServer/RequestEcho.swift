import HTTPTypes
import Hummingbird

/// Builds httpbin-style echo documents describing a request.
enum RequestEcho {
    /// `{"method","url","path","args","headers","form","json","data","files"}` for the
    /// request, reading its body. `HEAD` requests are described as the `GET` they mirror.
    static func document(for exchange: DemoExchange) async throws -> DemoJSON {
        let body = try await exchange.collectBody()
        let contentType = exchange.header(.contentType)?.lowercased() ?? ""
        var form: DemoJSON = .object([])
        var files: DemoJSON = .object([])
        var json: DemoJSON = .null
        var data = ""
        if contentType.hasPrefix("multipart/form-data") {
            let multipart = try MultipartFormBody(body: body, contentType: exchange.header(.contentType) ?? "")
            form = multipart.fields.jsonObject
            files = multipart.filesObject
        } else {
            data = MultipartFormBody.textOrDataURL(body, contentType: contentType.isEmpty ? "application/octet-stream" : contentType)
            if contentType.hasPrefix("application/x-www-form-urlencoded") {
                form = FormFields(urlEncoded: Substring(decoding: body, as: UTF8.self)).jsonObject
            } else {
                json = DemoJSON.parse(body) ?? .null
            }
        }
        return [
            "method": .string(exchange.method.rawValue),
            "url": .string(exchange.requestedURL),
            "path": .string(exchange.request.uri.path),
            "args": exchange.query.jsonObject,
            "headers": headersObject(for: exchange),
            "form": form,
            "json": json,
            "data": .string(data),
            "files": files,
        ]
    }

    /// Request headers as name → value, names in `Title-Case`, `Host` first, repeated
    /// fields joined with ", ".
    static func headersObject(for exchange: DemoExchange) -> DemoJSON {
        var order: [String] = []
        var values: [String: [String]] = [:]
        func add(_ name: String, _ value: String) {
            let key = titleCase(name)
            if values[key] == nil { order.append(key) }
            values[key, default: []].append(value)
        }
        if let authority = exchange.request.head.authority { add("host", authority) }
        for field in exchange.request.headers { add(field.name.canonicalName, field.value) }
        return .object(order.map { ($0, .string(values[$0]!.joined(separator: ", "))) })
    }

    /// `x-custom-header` → `X-Custom-Header`.
    static func titleCase(_ name: String) -> String {
        name.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
            .joined(separator: "-")
    }
}
