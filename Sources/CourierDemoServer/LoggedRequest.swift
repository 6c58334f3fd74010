extension DemoServer {
    /// A request the server received, as recorded in ``DemoServer/requestLog``.
    public struct LoggedRequest: Sendable, Equatable, CustomStringConvertible {
        /// The request method as sent, e.g. `GET` or `HEAD`.
        public let method: String
        /// The path component of the request target, still percent-encoded.
        public let path: String
        /// The raw query string without the `?`, or `""` when there was none.
        public let query: String
        /// Header fields in arrival order; names as sent (`Host` included).
        public let headers: [(name: String, value: String)]

        /// Creates a log entry.
        public init(method: String, path: String, query: String, headers: [(name: String, value: String)]) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
        }

        /// The value of header `name` (case-insensitive); repeated fields are joined with ", ".
        public func header(_ name: String) -> String? {
            let values = headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }

        /// `METHOD /path?query`.
        public var description: String {
            query.isEmpty ? "\(method) \(path)" : "\(method) \(path)?\(query)"
        }

        public static func == (lhs: LoggedRequest, rhs: LoggedRequest) -> Bool {
            lhs.method == rhs.method && lhs.path == rhs.path && lhs.query == rhs.query
                && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
        }
    }
}
