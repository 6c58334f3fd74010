import CLibXML2

/// What `xpath` checks share of libxml2: its parser options, its quiet mode, its strings.
///
/// Why libxml2 and not Foundation's `XMLDocument`: on Linux that parses HTML as XML in
/// recovery mode whatever the options say (`.documentTidyHTML` is ignored), so `<meta>`
/// swallows the rest of the head and `<br>` the rest of the paragraph; it writes libxml2's
/// complaints to stderr (over the workbench's screen); it substitutes external entities
/// unless told not to; and it returns nothing for XPath expressions whose result is not
/// nodes (`count(//p)`). libxml2's own HTML parser, XPath evaluator and quiet options do all
/// of this right, and its streaming patterns let a path be matched without a document.
enum LibXML2 {
    /// libxml2's parser options (`HTML_PARSE_*` and `XML_PARSE_*` share these values):
    /// recover (HTML only), no error or warning output, no network. Entities are never
    /// substituted (no `XML_PARSE_NOENT`), so an external entity cannot read local files.
    static func parserOptions(html: Bool) -> Int32 {
        Int32(XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NONET.rawValue)
            | (html ? Int32(HTML_PARSE_RECOVER.rawValue) : 0)
    }

    /// libxml2 set up once (its parser keeps global tables).
    private static let initialized: Void = xmlInitParser()

    /// `body` run with libxml2's error output on this thread silenced (XPath errors have no
    /// quiet option); libxml2 keeps the handler per thread, and `body` does not suspend.
    static func quietly<T>(_ body: () throws(MarkupDocument.Failure) -> T) throws(MarkupDocument.Failure) -> T {
        _ = initialized
        courier_xml_quiet(1)
        defer { courier_xml_quiet(0) }
        return try body()
    }

    /// A string libxml2 allocated, freed.
    static func take(_ text: UnsafeMutablePointer<xmlChar>?) -> String? {
        guard let text else { return nil }
        defer { courier_xml_free(text) }
        return String(cString: text)
    }

    /// Whether `expression` is valid XPath 1.0.
    static func isValidXPath(_ expression: String) -> Bool {
        let compiled: xmlXPathCompExprPtr? = try? quietly { xmlXPathCompile(expression) }
        guard let compiled else { return false }
        xmlXPathFreeCompExpr(compiled)
        return true
    }
}
