import CourierFuzzTargets
import Foundation
import FuzzSupport

/// `FuzzTarget.capture` (Fuzz/Targets: what it exercises and what must hold) under libFuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    FuzzTarget.capture.run(Data(bytes: start, count: count))
    return 0
}

@_cdecl("fuzz_capture_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, { fuzzOne($0, $1) })
}
