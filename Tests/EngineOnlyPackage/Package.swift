// swift-tools-version:6.1
import PackageDescription

// The manifest for a library user in docs/library.md, as written: scripts/engine-only-check.sh builds
// it beside a link named courier to this repository and checks what it resolved.
// begin docs/library.md
let package = Package(
    name: "MyTool",
    platforms: [.macOS(.v15)],
    dependencies: [
        // traits: [] leaves out the workbench (the default trait) and the packages only it uses.
        .package(path: "../courier", traits: []),
    ],
    targets: [
        .executableTarget(name: "MyTool", dependencies: [.product(name: "Courier", package: "courier")]),
    ]
)
// end docs/library.md
