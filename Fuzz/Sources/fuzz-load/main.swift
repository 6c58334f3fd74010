import CourierWorkspace
import Foundation
import FuzzSupport

/// Any text as `courier load` options, one `name=value` a line (`rate=1e300`,
/// `duration=2s`, `fail-on=p99>250ms`): the plan, the `--fail-on` rules, the report's lines
/// and the schedule, as a run uses them (``LoadOptions/exercise(_:)``). Absurd values must
/// be refused or handled, never trap (#41: `--rate 1e300` trapped in the report's formatting).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoad(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    LoadOptions.exercise(String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self))
    return 0
}

@_cdecl("fuzz_load_main")
public func fuzzLoadMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, { fuzzLoad($0, $1) })
}
