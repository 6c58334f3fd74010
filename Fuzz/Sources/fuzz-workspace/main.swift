import Foundation
import FuzzSupport
import CourierWorkspace

/// Any text as a workspace file: it loads or fails with a WorkspaceError, and nothing else
/// (no crash, no hang, no runaway memory — aliases and templates are bounded).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWorkspace(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    if let workspace = try? Workspace.parse(yaml: text, file: "fuzz.yaml") {
        for name in workspace.requestNames { _ = workspace.requestNames(inBatch: name) }
    }
    return 0
}

@_cdecl("fuzz_workspace_main")
public func fuzzWorkspaceMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, { fuzzWorkspace($0, $1) })
}
