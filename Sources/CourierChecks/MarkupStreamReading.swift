import CLibXML2
import Foundation

/// One pass of a ``MarkupStream``: libxml2's tree-building callbacks, wrapped to match each
/// element and attribute against a streaming pattern, to gather selected elements' text as it
/// is parsed, and to free finished parts of the tree.
///
/// Only the main parser's events count: libxml2 parses an XML entity's replacement text once
/// with a parser of its own (sharing these callbacks), and that parse is not document content.
final class MarkupStreamReading {
    /// A selected element not yet ended: its place in `texts` and its text so far.
    private struct OpenSelection {
        let node: xmlNodePtr
        let index: Int
        var text: [UInt8] = []
    }

    private let stream: xmlStreamCtxtPtr
    private let counting: Bool
    private(set) var matches = 0
    /// Each selected node's text in document order (an element's is filled when it ends).
    private(set) var texts: [String] = []
    private(set) var failure: MarkupDocument.Failure?
    /// How much was freed and the most input the parser held unparsed, to show it streamed.
    private(set) var freedNodes = 0, mostUnparsed = 0
    private var selectedBytes = 0
    private var open: [OpenSelection] = []
    private var parser: xmlParserCtxtPtr?
    private var handler = xmlSAXHandler()
    private var original = xmlSAXHandler()
    /// Whether blanks the parser calls ignorable go into the tree as text: XML's tree builder
    /// keeps them, HTML's drops them.
    private var blanksAreText = false

    init(stream: xmlStreamCtxtPtr, counting: Bool) {
        self.stream = stream
        self.counting = counting
    }

    /// Parses `body` in 64 KiB chunks, as HTML when `html`, else as XML that must be well formed.
    func parse(_ body: Data, html: Bool) throws(MarkupDocument.Failure) {
        xmlStreamPush(stream, nil, nil)  // the document node, which `/…` paths start from
        if html { xmlSAX2InitHtmlDefaultSAXHandler(&handler) } else { xmlSAXVersion(&handler, 2) }
        original = handler
        blanksAreText = Self.same(handler.ignorableWhitespace, handler.characters)
        wrapCallbacks()
        let created = html ? htmlCreatePushParserCtxt(&handler, nil, nil, 0, nil, XML_CHAR_ENCODING_NONE)
            : xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil)
        guard let context = created else { throw .init(reason: "libxml2 could not start a parser") }
        parser = context
        let retained = Unmanaged.passRetained(self)
        defer {
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            html ? htmlFreeParserCtxt(context) : xmlFreeParserCtxt(context)
            parser = nil
            retained.release()
        }
        context.pointee._private = retained.toOpaque()
        _ = html ? htmlCtxtUseOptions(context, LibXML2.parserOptions(html: true)) : xmlCtxtUseOptions(context, LibXML2.parserOptions(html: false))
        body.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else { return }
            var offset = 0
            while offset < bytes.count, failure == nil {
                let length = Self.chunkLength(bytes, from: offset)
                _ = html ? htmlParseChunk(context, base + offset, Int32(length), 0) : xmlParseChunk(context, base + offset, Int32(length), 0)
                offset += length
                if let input = context.pointee.input { mostUnparsed = max(mostUnparsed, input.pointee.end - input.pointee.cur) }
            }
            if failure == nil { _ = html ? htmlParseChunk(context, nil, 0, 1) : xmlParseChunk(context, nil, 0, 1) }
        }
        if !html, failure == nil, context.pointee.wellFormed == 0 { throw .init(reason: "the body is not well-formed XML") }
    }

    /// Up to 64 KiB from `offset`, ending just before a `<` when there is one. libxml2 2.9's
    /// HTML push parser loses its place when a chunk ends inside a tag (its look-ahead for the
    /// tag's `>` goes wrong) and then buffers the rest of the body until the end: a 100 MiB page
    /// held 230 MiB. Chunks that end where a tag begins keep it parsing as the bytes come
    /// (measured: 107 MiB, the body alone). Ending after a `>` is not enough: `>` may sit in a
    /// quoted attribute value, where `<` is rarely left unescaped.
    private static func chunkLength(_ bytes: UnsafeRawBufferPointer, from offset: Int) -> Int {
        let length = min(1 << 16, bytes.count - offset)
        guard offset + length < bytes.count else { return length }
        var end = offset + length
        while end > offset + 1, bytes[end] != UInt8(ascii: "<") { end -= 1 }
        return end > offset + 1 ? end - offset : length
    }

    private static func same(_ one: charactersSAXFunc?, _ other: charactersSAXFunc?) -> Bool {
        guard let one, let other else { return one == nil && other == nil }
        return unsafeBitCast(one, to: UnsafeRawPointer.self) == unsafeBitCast(other, to: UnsafeRawPointer.self)
    }

    /// The reading a callback's parser belongs to (an entity's parser carries the same `_private`).
    private static func of(_ context: UnsafeMutableRawPointer?) -> MarkupStreamReading? {
        guard let own = context?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return nil }
        return Unmanaged<MarkupStreamReading>.fromOpaque(own).takeUnretainedValue()
    }

    /// Whether a callback comes from the document's own parser.
    private func isMain(_ context: UnsafeMutableRawPointer?) -> Bool {
        context == parser.map(UnsafeMutableRawPointer.init)
    }

    private func wrapCallbacks() {
        handler.startElement = { context, name, attributes in
            guard let reading = MarkupStreamReading.of(context) else { return }
            reading.starting(context)
            reading.original.startElement?(context, name, attributes)
            reading.started(context, name, nil)
        }
        handler.endElement = { context, name in
            guard let reading = MarkupStreamReading.of(context) else { return }
            reading.ending(context)
            reading.original.endElement?(context, name)
        }
        handler.startElementNs = { context, name, prefix, uri, namespaceCount, namespaces, count, defaulted, attributes in
            guard let reading = MarkupStreamReading.of(context) else { return }
            reading.starting(context)
            reading.original.startElementNs?(context, name, prefix, uri, namespaceCount, namespaces, count, defaulted, attributes)
            reading.started(context, name, uri)
        }
        handler.endElementNs = { context, name, prefix, uri in
            guard let reading = MarkupStreamReading.of(context) else { return }
            reading.ending(context)
            reading.original.endElementNs?(context, name, prefix, uri)
        }
        handler.characters = { context, text, length in
            guard let reading = MarkupStreamReading.of(context) else { return }
            reading.original.characters?(context, text, length)
            reading.gather(context, text, length)
        }
        handler.ignorableWhitespace = { context, text, length in
            guard let reading = MarkupStreamReading.of(context) else { return }
            reading.original.ignorableWhitespace?(context, text, length)
            if reading.blanksAreText { reading.gather(context, text, length) }
        }
        handler.cdataBlock = { context, text, length in
            guard let reading = MarkupStreamReading.of(context) else { return }
            reading.original.cdataBlock?(context, text, length)
            reading.gather(context, text, length)
        }
        handler.reference = { context, name in
            guard let reading = MarkupStreamReading.of(context) else { return }
            reading.original.reference?(context, name)
            reading.referenced(context)
        }
    }

    /// Before a new element: the open element's finished children go, but its last one (which
    /// the HTML parser reads to decide whether blanks are text).
    private func starting(_ context: UnsafeMutableRawPointer?) {
        guard isMain(context), let parent = parser?.pointee.node else { return }
        var child = parent.pointee.children
        while let node = child, node != parent.pointee.last {
            child = node.pointee.next
            xmlUnlinkNode(node)
            xmlFreeNode(node)
            freedNodes += 1
        }
    }

    /// After the parser made an element: are it or its attributes (read from the tree, as a
    /// document's XPath reads them) selected?
    private func started(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?) {
        guard isMain(context), let node = parser?.pointee.node else { return }
        if xmlStreamPush(stream, name, uri) == 1 {
            matches += 1
            if !counting {
                open.append(OpenSelection(node: node, index: texts.count))
                texts.append("")
            }
        }
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            defer { xmlStreamPop(stream) }
            guard let name = current.pointee.name, xmlStreamPushAttr(stream, name, current.pointee.ns?.pointee.href) == 1 else { continue }
            matches += 1
            guard !counting else { continue }
            let text = LibXML2.take(xmlNodeGetContent(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self))) ?? ""
            texts.append(text)
            hold(text.utf8.count)
        }
    }

    /// An element ends, before the parser closes it: a selected one's text is final.
    private func ending(_ context: UnsafeMutableRawPointer?) {
        guard isMain(context) else { return }
        if let last = open.last, last.node == parser?.pointee.node {
            open.removeLast()
            texts[last.index] = String(decoding: last.text, as: UTF8.self)
        }
        xmlStreamPop(stream)
    }

    /// Text the parser added to the tree: part of every selected element still open.
    private func gather(_ context: UnsafeMutableRawPointer?, _ text: UnsafePointer<xmlChar>?, _ length: Int32) {
        guard isMain(context), !open.isEmpty, let text, length > 0 else { return }
        let bytes = UnsafeBufferPointer(start: text, count: Int(length))
        for index in open.indices { open[index].text.append(contentsOf: bytes) }
        hold(bytes.count * open.count)
    }

    /// An entity reference the parser added (XML, entities not substituted): its text is part
    /// of an element's text, as in a document.
    private func referenced(_ context: UnsafeMutableRawPointer?) {
        guard isMain(context), !open.isEmpty, let node = parser?.pointee.node?.pointee.last,
              node.pointee.type == XML_ENTITY_REF_NODE, let text = LibXML2.take(xmlNodeGetContent(node)) else { return }
        text.withCString { gather(context, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self), Int32(clamping: strlen($0))) }
    }

    /// Counts selected text against ``MarkupStream/largestSelection``, stopping the parser past it.
    private func hold(_ bytes: Int) {
        selectedBytes += bytes
        guard selectedBytes > MarkupStream.largestSelection, failure == nil else { return }
        failure = .init(reason: "it selects more than \(MarkupStream.largestSelection >> 20) MiB of text")
        if let parser { xmlStopParser(parser) }
    }
}
