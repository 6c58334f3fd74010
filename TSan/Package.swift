// swift-tools-version:6.1
import Foundation
import PackageDescription

/// A path dependency is named after its directory (`..`), whatever this checkout is called.
let courier = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

/// The engine's tests (the root's Tests/CourierTests, linked here) under ThreadSanitizer:
/// `make test-tsan`. A package of its own so that the sanitized build compiles only the engine
/// and those tests — the root's `swift test` would compile every test target and the
/// workbench. The tests' demo server is `courier serve` from the root's debug build, in a
/// process of its own (Tests/CourierTests/TestDemoServer.swift): in this process it pulled
/// Hummingbird and SwiftNIO into the sanitized build, most of its time.
let package = Package(
    name: "CourierTSan",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "..", traits: []),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
    ],
    targets: [
        .testTarget(
            name: "CourierTests",
            dependencies: [
                .product(name: "Courier", package: courier),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "CourierTests"
        ),
    ]
)
