// swift-tools-version:6.1
import Foundation
import PackageDescription

/// A path dependency is named after its directory (`..`), whatever this checkout is called.
let courier = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

/// libFuzzer targets over Courier's parsers, built by `make fuzz` (scripts/fuzz.sh) with
/// `-sanitize=fuzzer,address -parse-as-library`; each enters libFuzzer's driver from the
/// `<target>_main` SwiftPM links as `main` (FuzzSupport).
let names = ["workspace", "template", "condition", "capture", "curl", "url", "json", "cookie", "token", "load"]

let package = Package(
    name: "CourierFuzz",
    // The Workbench trait alone: the WebSocket transport (NIOSSL's BoringSSL) would add minutes
    // to the sanitized build, and no fuzz target reaches it.
    dependencies: [.package(path: "..", traits: ["Workbench"])],
    targets: [.target(name: "FuzzSupport")] + names.map { name in
        .executableTarget(
            name: "fuzz-\(name)",
            dependencies: ["FuzzSupport", .product(name: "CourierFuzzTargets", package: courier)],
            path: "Sources/fuzz-\(name)"
        )
    }
)
