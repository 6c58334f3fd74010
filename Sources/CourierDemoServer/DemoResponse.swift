import HTTPTypes
import Hummingbird
import NIOCore

/// Builders for the fixed-body responses the demo server sends.
enum DemoResponse {
    /// A JSON body (compact, newline-terminated) with `Content-Type: application/json`.
    static func json(_ value: DemoJSON, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        bytes(value.responseBytes, contentType: "application/json", status: status, headers: headers)
    }

    /// A body of raw bytes with the given content type.
    static func bytes(
        _ bytes: [UInt8], contentType: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
    ) -> Response {
        var fields = headers
        fields[.contentType] = contentType
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A response with no body at all (`Content-Length: 0`).
    static func empty(status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        Response(status: status, headers: headers, body: .init())
    }
}
