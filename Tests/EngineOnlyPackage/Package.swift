// swift-tools-version:6.1
import PackageDescription

// The README's manifest for a library user, as written: scripts/engine-only-check.sh builds
// it beside a link named courier to this repository and checks what it resolved.
// begin README.md
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
// end README.md
