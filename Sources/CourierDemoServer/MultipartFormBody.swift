import Foundation
import MultipartKit

/// A parsed `multipart/form-data` body split into text fields and file parts.
struct MultipartFormBody {
    /// One file part: the form field name, the file name and its bytes.
    struct File {
        let fieldName: String
        let fileName: String
        let contentType: String
        let content: [UInt8]
    }

    /// Parts without a `filename` parameter, as text.
    private(set) var fields = FormFields()
    /// Parts with a `filename` parameter.
    private(set) var files: [File] = []

    /// Parses `body` using the boundary from `contentType`; throws 400 on malformed input.
    init(body: [UInt8], contentType: String) throws {
        guard let boundary = MultipartFormBody.parameter("boundary", in: contentType) else {
            throw DemoError(.badRequest, "multipart body without boundary")
        }
        var parts: [(headers: [(String, String)], body: [UInt8])] = []
        var headers: [(String, String)] = []
        var partBody: [UInt8] = []
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in headers.append((name, value)) }
        parser.onBody = { buffer in partBody.append(contentsOf: buffer.readableBytesView) }
        parser.onPartComplete = {
            parts.append((headers, partBody))
            headers = []
            partBody = []
        }
        do {
            try parser.execute(body)
        } catch {
            throw DemoError(.badRequest, "malformed multipart body: \(error)")
        }
        for part in parts {
            let header = { (name: String) in part.headers.first { $0.0.lowercased() == name }?.1 }
            let disposition = header("content-disposition") ?? ""
            let name = MultipartFormBody.parameter("name", in: disposition) ?? ""
            if let fileName = MultipartFormBody.parameter("filename", in: disposition) {
                let type = header("content-type") ?? "application/octet-stream"
                files.append(File(fieldName: name, fileName: fileName, contentType: type, content: part.body))
            } else {
                fields.append(name: name, value: String(decoding: part.body, as: UTF8.self))
            }
        }
    }

    /// httpbin's `files` object: field name → content as text when it is valid UTF-8,
    /// otherwise a `data:<content-type>;base64,...` URL.
    var filesObject: DemoJSON {
        .object(files.map { ($0.fieldName, .string(MultipartFormBody.textOrDataURL($0.content, contentType: $0.contentType))) })
    }

    /// `bytes` as a string when valid UTF-8, otherwise as a base64 `data:` URL.
    static func textOrDataURL(_ bytes: [UInt8], contentType: String) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return "data:\(contentType);base64,\(Data(bytes).base64EncodedString())"
    }

    /// The value of `name=value` or `name="value"` in a header like Content-Type.
    static func parameter(_ name: String, in header: String) -> String? {
        for component in header.split(separator: ";").dropFirst() {
            let pair = component.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == name else { continue }
            var value = pair[1].trimmingSpaces
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }
}
