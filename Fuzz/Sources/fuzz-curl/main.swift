import Foundation
import FuzzSupport
import CourierWorkspace

/// Any text as a pasted curl command: YAML of a request, or a failure that says why.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCurl(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    if let yaml = try? CurlImport.yaml(from: text) {
        // What the importer writes must read back as a workspace.
        let workspace = "requests:\n" + yaml.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        _ = try? Workspace.parse(yaml: workspace, file: "fuzz.yaml")
    }
    return 0
}

@_cdecl("fuzz_curl_main")
public func fuzzCurlMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, { fuzzCurl($0, $1) })
}
