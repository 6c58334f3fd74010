import CourierWorkspace
import Foundation

/// A response's `Content-Type`, read for how to show its body.
struct BodyMediaType {
    /// What the type says the body is.
    enum Declared {
        case json, xml, html, text, binary
    }

    /// `type/subtype`, lowercased, without parameters; nil when there was no type.
    let essence: String?
    /// The `charset` parameter, lowercased.
    let charset: String?

    init(_ text: String?) {
        let parts = (text ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        essence = parts.first.flatMap { $0.isEmpty ? nil : $0 }
        charset = parts.dropFirst().lazy
            .compactMap { $0.hasPrefix("charset=") ? String($0.dropFirst(8)).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) : nil }
            .first
    }

    private static let textApplications: Set<String> = [
        "application/javascript", "application/ecmascript", "application/x-www-form-urlencoded", "application/yaml",
        "application/x-yaml", "application/toml", "application/graphql", "application/sql", "application/csv",
        "application/x-ndjson", "application/jsonl", "application/x-sh",
    ]
    private static let binaryApplications: Set<String> = [
        "application/octet-stream", "application/pdf", "application/zip", "application/gzip", "application/x-gzip",
        "application/x-tar", "application/x-bzip2", "application/x-7z-compressed", "application/zstd", "application/wasm",
        "application/protobuf", "application/x-protobuf", "application/vnd.google.protobuf", "application/msgpack",
        "application/x-msgpack", "application/cbor", "application/java-archive",
    ]
    private static let binaryFamilies = ["image/", "audio/", "video/", "font/"]

    /// Nil when there is no type or it says nothing useful (`application/vnd.something`).
    var declared: Declared? {
        guard let essence else { return nil }
        if essence.hasSuffix("+json") || essence == "application/json" || essence == "text/json" { return .json }
        if essence.hasSuffix("+xml") || essence == "application/xml" || essence == "text/xml" { return .xml }
        if essence == "text/html" { return .html }
        if essence.hasPrefix("text/") || Self.textApplications.contains(essence) { return .text }
        if Self.binaryApplications.contains(essence) || Self.binaryFamilies.contains(where: essence.hasPrefix) { return .binary }
        return nil
    }

    /// Whether a body starting with `{` or `[` is taken for JSON: when there is no type, a type
    /// saying nothing useful, or a `text/` one.
    var mayBeJSON: Bool {
        declared == nil || (declared == .text && essence?.hasPrefix("text/") == true)
    }

    /// The encoding to read the body with when its charset is one Courier converts to UTF-8:
    /// Latin-1, Windows-1252 or UTF-16.
    var foreignEncoding: String.Encoding? {
        switch charset {
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1": return .isoLatin1
        case "windows-1252", "cp1252": return .windowsCP1252
        case "utf-16": return .utf16
        case "utf-16le": return .utf16LittleEndian
        case "utf-16be": return .utf16BigEndian
        default: return nil
        }
    }
}
