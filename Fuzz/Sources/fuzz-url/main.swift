import Courier
import Foundation
import FuzzSupport

/// The first line is a base URL, the second a request URL, the rest `key=value` arguments:
/// the URL builder joins them or refuses with a RequestError, and never sends a URL with a
/// line break or a header that could split the request.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    var arguments: [String: JSONValue] = [:]
    for pair in (lines.count > 2 ? lines[2] : "").split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        arguments[String(parts[0])] = .string(parts.count > 1 ? String(parts[1]) : "")
    }
    let request = ConfigurableRequest(lines.count > 1 ? lines[1] : "", arguments: .object(arguments))
    request.definition.baseURL = lines.first ?? ""
    if let prepared = try? request.preparedRequest() {
        precondition(!prepared.url.contains("\r") && !prepared.url.contains("\n"), "a line break in \(prepared.url)")
    }
    return 0
}

@_cdecl("fuzz_url_main")
public func fuzzUrlMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, { fuzzURL($0, $1) })
}
