import Courier
import Foundation
import FuzzSupport
import CourierWorkspace

/// A capture's JSON path (`$.orders[0].id`), then looked up in a small document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCapture(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    if let path = try? JSONPath(parsing: text) {
        let document: JSONValue = ["orders": [["id": 101, "tags": ["a", "b"]]], "name": "x"]
        _ = path.evaluate(in: document)
    }
    return 0
}

@_cdecl("fuzz_capture_main")
public func fuzzCaptureMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, { fuzzCapture($0, $1) })
}
