// swift-tools-version:6.1
import PackageDescription

/// The workbench is the default trait "Workbench": the demo server, the workspace domain, the
/// UI model and terminal front, the importers and the CLI use packages the engine does not.
/// A package that depends on this one with `traits: []` builds the engine (`Courier`) alone and
/// resolves only what it uses: swift-log, swift-http-types, swift-collections (and the system's
/// libcurl, zlib and libcrypto).
/// Test targets are never built for a dependent, so their dependencies need no condition.
func workbenchOnly(_ product: String, from package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["Workbench"]))
}

/// The demo server's TLS listeners are the default trait "DemoTLS" (which enables "Workbench"):
/// NIOSSL's BoringSSL and HummingbirdHTTP2 add minutes to a clean build, so
/// the sanitizer and release builds (`make test-tsan`, Benchmarks) leave them out with
/// `--traits Workbench`; their demo server says it has no TLS listeners and runs the plain one.
func demoTLSOnly(_ product: String, from package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["DemoTLS"]))
}

/// gRPC's schemas and dynamic messages are the default trait "GRPC" (which enables
/// "Workbench"): swift-protobuf's library and descriptor graph add a minute or two to a clean
/// build, so the sanitizer, fuzz and benchmark builds leave them out as they leave out DemoTLS.
func grpcOnly(_ product: String, from package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["GRPC"]))
}

/// The workspace domain's modules, lowest first: each is built on the engine and on every one
/// before it (docs/design/workspace-module-split.md), so a module's own dependencies are
/// `domain(below: "CourierRunner")` and what is its alone.
let domainModules = ["CourierFormatCore", "CourierChecks", "CourierFormat", "CourierRunner", "CourierHistory",
                     "CourierReports", "CourierLoadRuns"]

func domain(below module: String) -> [Target.Dependency] {
    ["Courier"] + domainModules.prefix { $0 != module }.map { .target(name: $0) }
}

/// A domain module and everything it is built on: what its test target depends on.
func domain(through module: String) -> [Target.Dependency] {
    domain(below: module) + [.target(name: module)]
}

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierDemoServer", targets: ["CourierDemoServer"]),
        .library(name: "CourierWorkspace", targets: ["CourierWorkspace"]),
        // What the fuzz targets exercise (Fuzz/Targets): for Fuzz/'s libFuzzer executables.
        .library(name: "CourierFuzzTargets", targets: ["CourierFuzzTargets"]),
        // The workspace domain's modules, one by one: for Fuzz/'s fuzz-condition (which reaches
        // `Condition`'s parser through `@testable`) and DomainTests/ (each module's tests without
        // the workbench).
        .library(name: "CourierFormatCore", targets: ["CourierFormatCore"]),
        .library(name: "CourierChecks", targets: ["CourierChecks"]),
        .library(name: "CourierFormat", targets: ["CourierFormat"]),
        .library(name: "CourierRunner", targets: ["CourierRunner"]),
        .library(name: "CourierHistory", targets: ["CourierHistory"]),
        .library(name: "CourierReports", targets: ["CourierReports"]),
        .library(name: "CourierLoadRuns", targets: ["CourierLoadRuns"]),
        .library(name: "CourierImport", targets: ["CourierImport"]),
        .library(name: "CourierSchema", targets: ["CourierSchema"]),
        .library(name: "CourierMock", targets: ["CourierMock"]),
        .library(name: "CourierRecord", targets: ["CourierRecord"]),
        .executable(name: "courier", targets: ["courier"]),
    ],
    traits: [
        .trait(name: "Workbench", description: "The workbench, the CLI, the demo server and the importers, with their packages."),
        .trait(name: "DemoTLS", description: "The demo server's TLS listeners, HTTP/2 and client certificates.",
               enabledTraits: ["Workbench"]),
        .trait(name: "WebSockets", description: "ws:// and wss:// requests in workspaces (CourierWebSocket: SwiftNIO and NIOSSL).",
               enabledTraits: ["Workbench"]),
        .trait(name: "GRPC", description: "gRPC's schemas and dynamic messages (CourierProtobuf: swift-protobuf).",
               enabledTraits: ["Workbench"]),
        .default(enabledTraits: ["Workbench", "DemoTLS", "WebSockets", "GRPC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0", traits: []),  // no swift-configuration support: 13 s less of a clean build
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.3.0"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/mattpolzin/OpenAPIKit.git", from: "6.4.0", traits: []),  // no external loading: a faster build
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.0"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        // Descriptor sets and their resolved descriptors for gRPC's dynamic messages: the
        // library and its descriptor graph only, never the protoc plugin.
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
        // `swift package generate-documentation` and `preview-documentation` for those who want
        // them: a command plugin, no runtime code (make docs runs docc itself, scripts/build-docs.py).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // gRPC messages' gzip (`grpc-encoding`): zlib, which libcurl itself links.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // SHA-256, HMAC, Ed25519 and P-256 signatures, the demo server's certificates: the
        // system's OpenSSL libcrypto, which libcurl already loads for TLS (include/courier_crypto.h).
        .target(
            name: "CCourierCrypto",
            linkerSettings: [.linkedLibrary("crypto")]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CNCurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(
            name: "Courier",
            dependencies: [
                "CCurl",
                "CZlib",
                "CCourierCrypto",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .target(
            name: "CourierDemoServer",
            dependencies: [
                workbenchOnly("Hummingbird", from: "hummingbird"),
                workbenchOnly("HummingbirdCore", from: "hummingbird"),
                workbenchOnly("HummingbirdWebSocket", from: "hummingbird-websocket"),
                demoTLSOnly("HummingbirdHTTP2", from: "hummingbird"),
                workbenchOnly("MultipartKit", from: "multipart-kit"),
                workbenchOnly("NIOCore", from: "swift-nio"),
                demoTLSOnly("NIOSSL", from: "swift-nio-ssl"),
                workbenchOnly("ServiceLifecycle", from: "swift-service-lifecycle"),
                "Courier",
                "CCourierCrypto",
                .target(name: "CourierProtobuf", condition: .when(traits: ["GRPC"])),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        // The workspace format's building blocks: YAML values with their source locations, workspace
        // errors and suggestions, JSON paths and captures, templating and secrets, path confinement,
        // and the small text and file helpers (terminal-safe text, byte counts, output files).
        .target(
            name: "CourierFormatCore",
            dependencies: [
                "Courier",
                workbenchOnly("Yams", from: "Yams"),
            ]
        ),
        // `expect:` checks (status, headers, JSON paths, xpath on libxml2, JSON Schema), `when:`/`until:`
        // conditions, and contracts (OpenAPI documents, their index and the drift of a response).
        .target(
            name: "CourierChecks",
            dependencies: [
                "Courier",
                "CourierFormatCore",
                "CourierSchema",
                "CLibXML2",  // xpath checks: libxml2's HTML parser, XPath and streaming patterns
                workbenchOnly("Yams", from: "Yams"),
                workbenchOnly("OpenAPIKit", from: "OpenAPIKit"),
                workbenchOnly("OpenAPIKit30", from: "OpenAPIKit"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The workspace format: the model (workspace, requests, groups, paging, streams, auth
        // settings), the loader and its validation, the YAML splice and edits, the importers'
        // `ImportedWorkspace`, and the curl import.
        .target(
            name: "CourierFormat",
            dependencies: domain(below: "CourierFormat") + [
                workbenchOnly("Yams", from: "Yams"),
            ]
        ),
        // Running a workspace's requests: the runner, batches, chains, `each:`, paging, `repeat`,
        // streams and WebSocket sessions, token sources and cookies, the run's results and events,
        // curl export and the cache listing.
        .target(
            name: "CourierRunner",
            dependencies: domain(below: "CourierRunner") + [
                // Not in the fuzz build (Workbench alone): NIOSSL's BoringSSL under ASan took minutes of CI.
                .target(name: "CourierWebSocket", condition: .when(traits: ["WebSockets"])),
                // `grpc:` requests: their schemas and messages.
                .target(name: "CourierProtobuf", condition: .when(traits: ["GRPC"])),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The history: exchanges and load runs kept in SQLite (GRDB), their queries and retention,
        // diffs, transcripts, HAR export, and answering a run from the history (offline replay).
        .target(
            name: "CourierHistory",
            dependencies: domain(below: "CourierHistory") + [
                workbenchOnly("GRDB", from: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // Reports of runs: human text, JSON Lines, JUnit, the HTML report, the contract drift report.
        .target(
            name: "CourierReports",
            dependencies: domain(below: "CourierReports")
        ),
        // The workspace side of load runs: targets (a request or a chain), the run and its
        // recorder, options and thresholds, comparison with a baseline, saved runs, reports.
        .target(
            name: "CourierLoadRuns",
            dependencies: domain(below: "CourierLoadRuns") + [
                // Load runs' latency percentiles (HDR histograms).
                workbenchOnly("Histogram", from: "hdrhistogram-swift"),
            ]
        ),
        // The workspace domain's top: headless runs (`courier run`/`check`), on the modules split
        // out of it, which it re-exports (Exports.swift; the split:
        // docs/design/workspace-module-split.md). Nothing terminal-related: `courier run` and the
        // importers use it alone.
        .target(
            name: "CourierWorkspace",
            dependencies: domain(below: "CourierWorkspace")
        ),
        // The fuzz targets' bodies: run by Fuzz/'s libFuzzer executables (`make fuzz`) and, over
        // their committed corpora, by FuzzCorpusTests in every test run.
        .target(name: "CourierFuzzTargets", dependencies: ["CourierWorkspace"] + domain(through: "CourierLoadRuns"),
                path: "Fuzz/Targets"),
        // The workbench's UI model: shell, panes, overlays, screen and body viewer, as data a
        // painter (CourierTUI) draws. Built on the workspace domain.
        .target(
            name: "Workbench",
            dependencies: [
                "Courier",
                "CourierWorkspace",
                // The Mock pane's server (`M`): `courier mock`'s, in process.
                "CourierMock",
                workbenchOnly("Yams", from: "Yams"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // Postman, OpenAPI, .http and HAR importers and the .http exporter: each turns a
        // document into an `ImportedWorkspace` (CourierFormat, re-exported by CourierWorkspace) and
        // says what it dropped.
        .target(
            name: "CourierImport",
            dependencies: [
                "Courier",
                "CourierWorkspace",
                workbenchOnly("Yams", from: "Yams"),
                workbenchOnly("OpenAPIKit", from: "OpenAPIKit"),
                workbenchOnly("OpenAPIKit30", from: "OpenAPIKit"),
                workbenchOnly("OpenAPIKitCompat", from: "OpenAPIKit"),
            ]
        ),
        // `courier mock`: a workspace served as a mock API on Hummingbird (the demo server's
        // stack): routes from its requests, answers from their `mock:` blocks, an OpenAPI
        // document and the history; TLS and HTTP/2 with the DemoTLS trait.
        .target(
            name: "CourierMock",
            dependencies: [
                "Courier",
                "CourierWorkspace",
                "CourierDemoServer",
                workbenchOnly("Hummingbird", from: "hummingbird"),
                workbenchOnly("HummingbirdCore", from: "hummingbird"),
                demoTLSOnly("HummingbirdHTTP2", from: "hummingbird"),
                workbenchOnly("NIOCore", from: "swift-nio"),
                workbenchOnly("ServiceLifecycle", from: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `courier record`: an HTTP forward proxy on SwiftNIO that forwards through the engine
        // (libcurl) and writes what passes as a workspace (through the HAR importer) and a HAR;
        // HTTPS through CONNECT with a kept CA (the demo server's certificate code) under DemoTLS.
        .target(
            name: "CourierRecord",
            dependencies: [
                "Courier",
                "CourierWorkspace",
                "CourierHistory",
                "CourierImport",
                "CourierDemoServer",
                workbenchOnly("NIOCore", from: "swift-nio"),
                workbenchOnly("NIOPosix", from: "swift-nio"),
                workbenchOnly("NIOHTTP1", from: "swift-nio"),
                demoTLSOnly("NIOSSL", from: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // WebSocket sessions for the engine's requests (an ExternalTransport), on swift-websocket's
        // client over SwiftNIO: Debian's libcurl 7.88 has no WebSocket support.
        .target(
            name: "CourierWebSocket",
            dependencies: [
                "Courier",
                workbenchOnly("WSClient", from: "swift-websocket"),
                workbenchOnly("NIOCore", from: "swift-nio"),
                workbenchOnly("NIOPosix", from: "swift-nio"),
                workbenchOnly("NIOWebSocket", from: "swift-nio"),
                workbenchOnly("NIOSSL", from: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // JSON Schema (draft 2020-12, and draft-07 / OpenAPI 3.0's dialect) over the engine's JSON values.
        .target(name: "CourierSchema", dependencies: ["Courier"]),
        // Protobuf messages without generated code: a schema from a descriptor set, and
        // messages binary ↔ proto3 JSON by it (docs/design/grpc.md, increment 2).
        .target(name: "CourierProtobuf", dependencies: [
            "Courier", grpcOnly("SwiftProtobuf", from: "swift-protobuf"),
            grpcOnly("SwiftProtobufPluginLibrary", from: "swift-protobuf"),
        ]),
        .target(
            name: "CourierTUI",
            dependencies: ["CNCurses", "Workbench", "CourierWorkspace", "Courier"]
        ),
        // make bench-tui: the workbench's frame cost, laying out and painting into an off-screen
        // buffer. In this package, not Benchmarks/: it reads Workbench's `package` API.
        // make soak: 100,000 requests with memory, descriptors and threads flat. Built here, in
        // debug with the tests (CI runs it so, in seconds, instead of a release build of its
        // own); `make soak-release` builds the same source in Benchmarks/ for a release figure.
        .executableTarget(
            name: "courier-soak",
            dependencies: ["Courier", "CourierDemoServer"]
        ),
        .executableTarget(
            name: "courier-render-bench",
            dependencies: ["Courier", "CourierWorkspace", "Workbench"]
        ),
        // The version `make` stamps into the executable (scripts/version.sh, a generated header):
        // a C target so that changing it recompiles one file, not every module.
        .target(name: "CourierBuildInfo"),
        .executableTarget(
            name: "courier",
            dependencies: [
                "CourierBuildInfo",
                "Courier",
                "CourierDemoServer",
                "CourierWorkspace",
                "Workbench",
                "CourierTUI",
                "CourierImport",
                "CourierMock",
                "CourierRecord",
                .target(name: "CourierProtobuf", condition: .when(traits: ["GRPC"])),
                workbenchOnly("ArgumentParser", from: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "CourierTests",
            // Every module the tests import is named: one reached only through another target
            // was sometimes not built yet when the tests' module was ("no such module").
            dependencies: ["Courier", "CCurl", "CourierDemoServer", .product(name: "Logging", package: "swift-log"),
                           .product(name: "HTTPTypes", package: "swift-http-types")]
        ),
        .testTarget(
            name: "WorkbenchTests",
            dependencies: ["Workbench"] + domain(through: "CourierWorkspace") + ["CourierImport", "CourierDemoServer",
                           .product(name: "GRDB", package: "GRDB.swift"), .product(name: "HTTPTypes", package: "swift-http-types")]
        ),
        // The workspace domain's test targets (also run without the workbench: DomainTests/).
        .testTarget(name: "CourierFormatCoreTests",
                    dependencies: domain(through: "CourierFormatCore") + [.product(name: "Yams", package: "Yams")]),
        .testTarget(name: "CourierChecksTests",
                    dependencies: domain(through: "CourierChecks") + ["CourierSchema", "CLibXML2",
                                                                      .product(name: "HTTPTypes", package: "swift-http-types")]),
        .testTarget(name: "CourierFormatTests", dependencies: domain(through: "CourierFormat") + ["CourierSchema"]),
        .testTarget(name: "CourierRunnerTests", dependencies: domain(through: "CourierRunner") + ["CourierDemoServer", "CourierImport"]),
        .testTarget(name: "CourierHistoryTests", dependencies: domain(through: "CourierHistory")),
        .testTarget(name: "FuzzCorpusTests", dependencies: ["CourierFuzzTargets"]),
        .testTarget(name: "CourierLoadRunsTests",
                    dependencies: domain(through: "CourierLoadRuns") + ["CourierDemoServer", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "CourierWorkspaceTests",
                    dependencies: domain(through: "CourierWorkspace") + ["CourierDemoServer", "CourierImport",
                                                                         .product(name: "GRDB", package: "GRDB.swift"),
                                                                         .product(name: "HTTPTypes", package: "swift-http-types")]),
        .testTarget(
            name: "ImportTests",
            dependencies: ["CourierImport", "CourierWorkspace", "CourierFormat", "Courier", "CourierDemoServer",
                           .product(name: "Yams", package: "Yams")]
        ),
        .testTarget(
            name: "CourierDemoServerTests",
            dependencies: ["CourierDemoServer", "Courier", .product(name: "WSClient", package: "swift-websocket"),
                           .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                           .target(name: "CourierProtobuf", condition: .when(traits: ["GRPC"]))]
        ),
        .testTarget(name: "CourierMockTests", dependencies: ["CourierMock", "CourierWorkspace", "CourierDemoServer", "Courier"]),
        .testTarget(name: "CourierRecordTests", dependencies: ["CourierRecord", "CourierImport", "CourierWorkspace", "CourierDemoServer", "Courier"]),
        .testTarget(name: "CourierSchemaTests", dependencies: ["CourierSchema", "Courier"]),
        .testTarget(name: "CourierProtobufTests", dependencies: ["CourierProtobuf", "Courier",
                                                                 .product(name: "SwiftProtobuf", package: "swift-protobuf")]),
        .testTarget(name: "CourierWebSocketTests", dependencies: ["CourierWebSocket", "Courier", "CourierDemoServer"]),
        .testTarget(name: "CNCursesTests", dependencies: ["CNCurses"]),
        .testTarget(name: "CourierTUITests", dependencies: ["CourierTUI", "Workbench", "CourierWorkspace", "CNCurses"]),
        // Drives the built `courier` binary in tmux; depends on no module so that it tests
        // only what a user runs.
        .testTarget(name: "EndToEndTests"),
    ]
)
