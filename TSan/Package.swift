// swift-tools-version:6.1
import Foundation
import PackageDescription

/// A path dependency is named after its directory (`..`), whatever this checkout is called.
let courier = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

/// The engine's and the demo server's tests (the root's Tests/CourierTests and
/// Tests/CourierDemoServerTests, linked here) under ThreadSanitizer: `make test-tsan`. A
/// package of its own so that the sanitized build compiles only what those tests use — the
/// root's `swift test` would compile every test target and the workbench for them, about
/// three minutes more in CI. The Workbench trait alone: DemoTLS's BoringSSL would add minutes.
let package = Package(
    name: "CourierTSan",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "..", traits: ["Workbench"]),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
    ],
    targets: [
        .testTarget(
            name: "CourierTests",
            dependencies: [
                .product(name: "Courier", package: courier),
                .product(name: "CourierDemoServer", package: courier),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "CourierTests"
        ),
        .testTarget(
            name: "CourierDemoServerTests",
            dependencies: [.product(name: "CourierDemoServer", package: courier), .product(name: "Courier", package: courier)],
            path: "CourierDemoServerTests",
            // Their client, swift-websocket's WSClient, needs NIOSSL: BoringSSL would add minutes
            // to the sanitized build. The route's own code is small; the root's tests run them.
            exclude: ["WebSocketRouteTests.swift", "TestWebSocket.swift"]
        ),
    ]
)
