import CLibXML2
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

    /// The largest body parsed into a document: libxml2's tree costs about twenty times the
    /// markup it holds (a 100 MiB page took 2 GiB). Bigger bodies are read by ``MarkupStream``,
    /// which answers paths and their counts without a document.
    static let largestParsed = 16 << 20

    private let document: xmlDocPtr

    /// Parses `body`: with the HTML parser (which recovers as browsers do) when `html`, else
    /// as XML, which must be well formed.
    init(body: Data, html: Bool) throws(Failure) {
        guard !body.isEmpty else { throw Failure(reason: "the body is empty") }
        let options = LibXML2.parserOptions(html: html)
        let parsed: xmlDocPtr? = try LibXML2.quietly {
            body.withUnsafeBytes { bytes in
                let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self), count = Int32(clamping: bytes.count)
                return html ? htmlReadMemory(start, count, nil, nil, options) : xmlReadMemory(start, count, nil, nil, options)
            }
        }
        guard let parsed else { throw Failure(reason: html ? "the body is not HTML" : "the body is not well-formed XML") }
        document = parsed
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// The value of `expression` over the document.
    func evaluate(_ expression: String) throws(Failure) -> Value {
        let result: Value? = try LibXML2.quietly {
            guard let context = xmlXPathNewContext(document) else { return nil }
            defer { xmlXPathFreeContext(context) }
            guard let object = xmlXPathEvalExpression(expression, context) else { return nil }
            defer { xmlXPathFreeObject(object) }
            switch object.pointee.type {
            case XPATH_NODESET:
                return .nodes(Self.strings(of: object.pointee.nodesetval))
            case XPATH_BOOLEAN:
                return .boolean(xmlXPathCastToBoolean(object) != 0)
            case XPATH_NUMBER:
                return .number(xmlXPathCastToNumber(object))
            default:
                return .string(LibXML2.take(xmlXPathCastToString(object)) ?? "")
            }
        }
        guard let result else { throw Failure(reason: "\"\(expression)\" is not a valid XPath 1.0 expression") }
        return result
    }

    /// The string value of each node of a node set.
    private static func strings(of set: xmlNodeSetPtr?) -> [String] {
        guard let set, set.pointee.nodeNr > 0, let table = set.pointee.nodeTab else { return [] }
        return (0..<Int(set.pointee.nodeNr)).map { LibXML2.take(xmlNodeGetContent(table[$0])) ?? "" }
    }
}
