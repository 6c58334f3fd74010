import Foundation

/// A `multipart/form-data` body (YTK's `constructingBodyBlock`): fields, in-memory data and
/// files streamed from disk by libcurl's MIME API, for POST, PUT and PATCH.
public struct MultipartForm: Sendable {
    /// One part of the form.
    public enum Part: Sendable {
        /// A text field.
        case field(name: String, value: String)
        /// Bytes from memory, sent as a file part.
        case data(name: String, data: Data, filename: String?, contentType: String?)
        /// A file read from disk while sending; its size is not held in memory.
        case file(name: String, path: String, filename: String?, contentType: String?)

        /// The part's field name (the `name` of its `Content-Disposition`).
        public var name: String {
            switch self {
            case .field(let name, _), .data(let name, _, _, _), .file(let name, _, _, _): return name
            }
        }
    }

    /// The parts, in the order they are sent.
    public var parts: [Part]

    /// A form with `parts`; empty unless given.
    public init(_ parts: [Part] = []) { self.parts = parts }

    /// Appends a text field `name` = `value`.
    public mutating func addField(_ name: String, _ value: String) { parts.append(.field(name: name, value: value)) }

    /// Appends the file at `path`, read while the request is sent. `filename` defaults to the
    /// path's last component, `contentType` to `application/octet-stream`. A file that cannot be
    /// read fails the request before any network use.
    public mutating func addFile(_ name: String, path: String, filename: String? = nil, contentType: String? = nil) {
        parts.append(.file(name: name, path: path, filename: filename, contentType: contentType))
    }

    /// Appends `data` as a file part. `filename` defaults to `name`; without a `contentType`,
    /// libcurl names one from a known extension of the filename (`.png`, `.txt`, …) or sends none.
    public mutating func addData(_ name: String, _ data: Data, filename: String? = nil, contentType: String? = nil) {
        parts.append(.data(name: name, data: data, filename: filename, contentType: contentType))
    }

    /// Paths of file parts that cannot be read, so the request fails before any network use.
    var unreadableFiles: [String] {
        parts.compactMap { part in
            guard case .file(_, let path, _, _) = part else { return nil }
            return FileManager.default.isReadableFile(atPath: path) ? nil : path
        }
    }
}

/// Progress of a transfer's body, as reported to download and upload progress handlers.
public struct ProgressReport: Sendable, Hashable {
    /// Bytes done, including those a resumed download already had.
    public var completed: Int64
    /// Total bytes when known.
    public var expected: Int64?
    /// Average rate of this attempt, bytes per second.
    public var bytesPerSecond: Double

    /// `completed` over `expected`, from 0 to 1; nil when the total is not known.
    public var fraction: Double? {
        guard let expected, expected > 0 else { return nil }
        return min(1, Double(completed) / Double(expected))
    }
}
