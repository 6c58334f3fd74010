import Foundation
import FuzzSupport
import CourierWorkspace

/// The first line defines variables (`a=…;b=…`), the rest is a template rendered with them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    var variables: [String: String] = [:]
    for pair in (lines.first ?? "").split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { variables[String(parts[0])] = String(parts[1]) }
    }
    let scope = VariableScope(variables: variables, environment: ["HOME": "/home/fuzz"])
    _ = try? scope.render(lines.count > 1 ? String(lines[1]) : "")
    return 0
}

@_cdecl("fuzz_template_main")
public func fuzzTemplateMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, { fuzzTemplate($0, $1) })
}
