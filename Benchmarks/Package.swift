// swift-tools-version:6.1
import Foundation
import PackageDescription

/// A path dependency is named after its directory (`..`), whatever this checkout is called.
let courier = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

/// Benchmarks of Courier against raw libcurl, URLSession, AsyncHTTPClient and curl's CLI.
/// A package of its own so that the main build stays lean; `make bench` at the root runs it.
let package = Package(
    name: "CourierBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "..", traits: ["Workbench"]),  // not DemoTLS: the demo server's TLS listeners would add minutes
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    ],
    targets: [
        // The floor: a plain libcurl multi client in C, same concurrency, connection reuse.
        .target(name: "CRawCurl", linkerSettings: [.linkedLibrary("curl")]),
        .executableTarget(
            name: "courier-bench",
            dependencies: [
                "CRawCurl",
                .product(name: "Courier", package: courier),
                .product(name: "CourierDemoServer", package: courier),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        ),
        // make soak: 100,000 requests with memory, descriptors and threads flat.
        .executableTarget(
            name: "courier-soak",
            dependencies: [
                .product(name: "Courier", package: courier),
                .product(name: "CourierDemoServer", package: courier),
            ]
        ),
    ],
    swiftLanguageModes: [.v5]
)
