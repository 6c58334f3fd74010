// swift-tools-version:6.1
import Foundation
import PackageDescription

/// A path dependency is named after its directory (`..`), whatever this checkout is called.
let courier = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

func module(_ name: String) -> Target.Dependency { .product(name: name, package: courier) }

/// The workspace domain's tests — each module's own target, the root's Tests/Courier*Tests
/// linked here — without the workbench: `make test-domain`. The root's `swift test` builds every
/// test target into one bundle, so running a domain test there compiles Workbench and CourierTUI
/// too; this package depends on the domain's products alone, with the traits the domain's tests
/// need: Workbench (the domain's packages) and WebSockets (`ws://` runs). Not DemoTLS (BoringSSL
/// again, for the demo server's TLS listeners): the few tests of those are `#if DemoTLS` and
/// not compiled here; `make test` runs them.
let package = Package(
    name: "CourierDomainTests",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "..", traits: ["Workbench", "WebSockets"]),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.3.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    ],
    targets: [
        .testTarget(name: "CourierFormatCoreTests", dependencies: [module("CourierFormatCore"), module("Courier"),
                                                                   .product(name: "Yams", package: "Yams")],
                    path: "CourierFormatCoreTests"),
        .testTarget(name: "CourierChecksTests", dependencies: [module("CourierChecks"), module("CourierFormatCore"), module("Courier"),
                                                               module("CourierSchema"), .product(name: "HTTPTypes", package: "swift-http-types")],
                    path: "CourierChecksTests"),
        .testTarget(name: "CourierFormatTests", dependencies: [module("CourierFormat"), module("CourierFormatCore"), module("CourierChecks"),
                                                               module("Courier"), module("CourierSchema")],
                    path: "CourierFormatTests"),
        .testTarget(name: "CourierRunnerTests", dependencies: [module("CourierRunner"), module("CourierFormat"), module("CourierFormatCore"),
                                                               module("CourierChecks"), module("Courier"), module("CourierDemoServer"),
                                                               module("CourierImport")],
                    path: "CourierRunnerTests"),
        .testTarget(name: "CourierHistoryTests", dependencies: [module("CourierHistory"), module("CourierRunner"), module("CourierFormat"),
                                                                module("CourierFormatCore"), module("CourierChecks"), module("Courier")],
                    path: "CourierHistoryTests"),
        .testTarget(name: "CourierLoadRunsTests", dependencies: [module("CourierLoadRuns"), module("CourierReports"), module("CourierHistory"),
                                                                 module("CourierRunner"), module("CourierFormat"), module("CourierFormatCore"),
                                                                 module("CourierChecks"), module("Courier"), module("CourierDemoServer"),
                                                                 .product(name: "GRDB", package: "GRDB.swift")],
                    path: "CourierLoadRunsTests"),
        .testTarget(name: "CourierWorkspaceTests", dependencies: [module("CourierWorkspace"), module("CourierLoadRuns"), module("CourierReports"),
                                                                  module("CourierHistory"), module("CourierRunner"), module("CourierFormat"),
                                                                  module("CourierFormatCore"), module("CourierChecks"), module("Courier"),
                                                                  module("CourierDemoServer"), module("CourierImport"),
                                                                  .product(name: "GRDB", package: "GRDB.swift"),
                                                                  .product(name: "HTTPTypes", package: "swift-http-types")],
                    path: "CourierWorkspaceTests"),
    ]
)
