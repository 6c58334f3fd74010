import Foundation

/// A response body parsed by libxml2 as HTML or XML, for `xpath` checks.
final class MarkupDocument {
    /// What an XPath 1.0 expression evaluates to.
    enum Value: Equatable {
        /// The string value of each node, in document order.
        case nodes([String])
        case number(Double)
        case string(String)
        case boolean(Bool)
    }

    struct Failure: Error {
        let reason: String
    }

    private let library: LibXML2
    private let document: OpaquePointer

    /// Parses `body`: with the HTML parser (which recovers as browsers do) when `html`, else
    /// as XML, which must be well formed.
    init(body: Data, html: Bool) throws(Failure) {
        guard let library = LibXML2.shared else { throw Failure(reason: "libxml2 is not available to evaluate XPath") }
        guard !body.isEmpty else { throw Failure(reason: "the body is empty") }
        let options = LibXML2.noErrors | LibXML2.noWarnings | LibXML2.noNetwork | (html ? LibXML2.recover : 0)
        let read = html ? library.htmlReadMemory : library.xmlReadMemory
        let parsed = body.withUnsafeBytes { bytes in
            read(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(clamping: bytes.count), nil, nil, options)
        }
        guard let parsed else { throw Failure(reason: html ? "the body is not HTML" : "the body is not well-formed XML") }
        self.library = library
        document = parsed
    }

    deinit {
        library.freeDocument(document)
    }

    /// The value of `expression` over the document.
    func evaluate(_ expression: String) throws(Failure) -> Value {
        let library = library
        let result: Value? = library.quietly {
            guard let context = library.newContext(document) else { return nil }
            defer { library.freeContext(context) }
            guard let object = library.evaluate(expression, context) else { return nil }
            defer { library.freeObject(object) }
            // xmlXPathObject starts with its type (an int) and then the node set pointer.
            switch object.load(as: Int32.self) {
            case 1:
                return .nodes(nodeStrings(object.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.stride, as: UnsafeRawPointer?.self)))
            case 2:
                return .boolean(library.castToBoolean(object) != 0)
            case 3:
                return .number(library.castToNumber(object))
            default:
                return .string(library.take(library.castToString(object)) ?? "")
            }
        }
        guard let result else { throw Failure(reason: "\"\(expression)\" is not a valid XPath 1.0 expression") }
        return result
    }

    /// The string value of each node of an `xmlNodeSet` (`int nodeNr; int nodeMax; xmlNodePtr *nodeTab`).
    private func nodeStrings(_ set: UnsafeRawPointer?) -> [String] {
        guard let set else { return [] }
        let count = Int(set.load(as: Int32.self))
        guard count > 0, let table = set.load(fromByteOffset: 2 * MemoryLayout<Int32>.stride, as: UnsafePointer<OpaquePointer?>?.self) else {
            return []
        }
        return (0..<count).map { library.take(library.nodeContent(table[$0])) ?? "" }
    }
}
