import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few libxml2 functions `xpath` checks use, looked up in the libxml2 that Foundation's
/// XML support already loads.
///
/// Why not `XMLDocument`: on Linux it parses HTML as XML in recovery mode whatever the
/// options say (`.documentTidyHTML` is ignored), so `<meta>` swallows the rest of the head
/// and `<br>` the rest of the paragraph; it writes libxml2's complaints to stderr (over the
/// workbench's screen); it substitutes external entities unless told not to; and it returns
/// nothing for XPath expressions whose result is not nodes (`count(//p)`). libxml2's own
/// HTML parser, XPath evaluator and quiet options do all of this right. A system-library
/// target for libxml2 (its headers are installed) would replace the symbol lookup.
struct LibXML2: @unchecked Sendable {  // immutable C function pointers
    typealias ReadMemory = @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> OpaquePointer?
    typealias Free = @convention(c) (OpaquePointer?) -> Void
    typealias FreeMemory = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias NewContext = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias Evaluate = @convention(c) (UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer?
    typealias FreeObject = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias Compile = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    typealias NodeContent = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<UInt8>?
    typealias CastToString = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutablePointer<UInt8>?
    typealias CastToNumber = @convention(c) (UnsafeMutableRawPointer?) -> Double
    typealias CastToBoolean = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    typealias ErrorHandler = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void
    typealias SetErrorHandler = @convention(c) (UnsafeMutableRawPointer?, ErrorHandler?) -> Void
    typealias Initialize = @convention(c) () -> Void

    /// libxml2's parser options (`HTML_PARSE_*` and `XML_PARSE_*` share these values):
    /// recover (HTML only), no error or warning output, no network. Entities are never
    /// substituted (no `XML_PARSE_NOENT`), so an external entity cannot read local files.
    static let recover: Int32 = 1, noErrors: Int32 = 32, noWarnings: Int32 = 64, noNetwork: Int32 = 2048

    let htmlReadMemory: ReadMemory
    let xmlReadMemory: ReadMemory
    let freeDocument: Free
    let freeMemory: FreeMemory
    let newContext: NewContext
    let freeContext: Free
    let evaluate: Evaluate
    let freeObject: FreeObject
    let compile: Compile
    let freeCompiled: Free
    let nodeContent: NodeContent
    let castToString: CastToString
    let castToNumber: CastToNumber
    let castToBoolean: CastToBoolean
    let setGenericErrorHandler: SetErrorHandler

    /// The functions, or nil when libxml2 cannot be found.
    static let shared: LibXML2? = {
        #if canImport(FoundationXML)
        _ = XMLDocument.self  // loads FoundationXML and with it libxml2
        #endif
        guard let handle = dlopen("libxml2.so.2", RTLD_NOW | RTLD_NOLOAD) ?? dlopen("libxml2.so.2", RTLD_NOW)
            ?? dlopen("libxml2.2.dylib", RTLD_NOW) else { return nil }
        func symbol<T>(_ name: String, _ type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let htmlRead = symbol("htmlReadMemory", ReadMemory.self), let xmlRead = symbol("xmlReadMemory", ReadMemory.self),
              let freeDocument = symbol("xmlFreeDoc", Free.self),
              let freeVariable = dlsym(handle, "xmlFree"),
              let newContext = symbol("xmlXPathNewContext", NewContext.self), let freeContext = symbol("xmlXPathFreeContext", Free.self),
              let evaluate = symbol("xmlXPathEvalExpression", Evaluate.self), let freeObject = symbol("xmlXPathFreeObject", FreeObject.self),
              let compile = symbol("xmlXPathCompile", Compile.self), let freeCompiled = symbol("xmlXPathFreeCompExpr", Free.self),
              let nodeContent = symbol("xmlNodeGetContent", NodeContent.self),
              let castToString = symbol("xmlXPathCastToString", CastToString.self),
              let castToNumber = symbol("xmlXPathCastToNumber", CastToNumber.self),
              let castToBoolean = symbol("xmlXPathCastToBoolean", CastToBoolean.self),
              let setHandler = symbol("xmlSetGenericErrorFunc", SetErrorHandler.self),
              let initialize = symbol("xmlInitParser", Initialize.self)
        else { return nil }
        initialize()
        return LibXML2(htmlReadMemory: htmlRead, xmlReadMemory: xmlRead, freeDocument: freeDocument,
                       freeMemory: freeVariable.assumingMemoryBound(to: FreeMemory.self).pointee,
                       newContext: newContext, freeContext: freeContext, evaluate: evaluate, freeObject: freeObject,
                       compile: compile, freeCompiled: freeCompiled, nodeContent: nodeContent, castToString: castToString,
                       castToNumber: castToNumber, castToBoolean: castToBoolean, setGenericErrorHandler: setHandler)
    }()

    /// `body` run with libxml2's error output on this thread silenced (XPath errors have no
    /// quiet option); libxml2 keeps the handler per thread, and `body` does not suspend.
    func quietly<T>(_ body: () -> T) -> T {
        setGenericErrorHandler(nil) { _, _ in }
        defer { setGenericErrorHandler(nil, nil) }
        return body()
    }

    /// A string libxml2 allocated, freed.
    func take(_ text: UnsafeMutablePointer<UInt8>?) -> String? {
        guard let text else { return nil }
        defer { freeMemory(text) }
        return String(cString: text)
    }

    /// Whether `expression` is valid XPath 1.0.
    func isValidXPath(_ expression: String) -> Bool {
        quietly {
            guard let compiled = compile(expression) else { return false }
            freeCompiled(compiled)
            return true
        }
    }
}
