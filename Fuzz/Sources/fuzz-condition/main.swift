import Foundation
import FuzzSupport
import CourierWorkspace
// `Condition`'s parser is `package` in CourierChecks: reached through `@testable` (a debug build).
@testable import CourierChecks

/// A chain step's `when:` text: it parses or fails with a ParseError.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCondition(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    if let condition = try? Condition(parsing: text, location: SourceLocation(file: "fuzz.yaml", line: 1, column: 1)) {
        _ = condition.description
    }
    return 0
}

@_cdecl("fuzz_condition_main")
public func fuzzConditionMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, { fuzzCondition($0, $1) })
}
