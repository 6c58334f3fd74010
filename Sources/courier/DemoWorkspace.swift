import Courier
import Foundation

/// The demo workspace to open (`courier tui --demo`, `d` on the start screen). In a checkout it
/// is `workspaces/demo.yaml`, under the current directory or up the tree from the executable
/// (`.build/debug/courier`). Installed, it is `<prefix>/share/courier/demo/demo.yaml` beside
/// `<prefix>/bin/courier` — a folder the user cannot write, where the demo keeps its cache and
/// downloads — so the folder is copied into `$XDG_DATA_HOME/courier/demo/` (once, and again
/// when the installed demo is newer than the copy) and the copy is opened.
enum DemoWorkspace {
    /// Why there is no demo to open.
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The demo workspace's path, copying an installed one first when needed.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws(Missing) -> String {
        let files = FileManager.default
        if files.fileExists(atPath: "workspaces/demo.yaml") { return "workspaces/demo.yaml" }
        let executable = (try? files.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let installed = folder.deletingLastPathComponent().appendingPathComponent("share/courier/demo").path
        if files.fileExists(atPath: installed + "/demo.yaml") {
            return try copied(installed, into: XDGDirectories.dataHome(environment: environment) + "/courier/demo")
        }
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("workspaces/demo.yaml").path
            if files.fileExists(atPath: candidate), files.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        throw Missing(description: "no demo workspace: neither workspaces/demo.yaml here nor \(installed)/demo.yaml")
    }

    /// `installed`'s files copied into `copy` when the copy is missing or older; the copy's
    /// demo.yaml. What the demo wrote there (`.courier/`) is kept.
    private static func copied(_ installed: String, into copy: String) throws(Missing) -> String {
        let files = FileManager.default
        let target = copy + "/demo.yaml"
        func modified(_ path: String) -> Date? { (try? files.attributesOfItem(atPath: path))?[.modificationDate] as? Date }
        if let copied = modified(target), let source = modified(installed + "/demo.yaml"), copied >= source { return target }
        do {
            try files.createDirectory(atPath: copy, withIntermediateDirectories: true)
            for item in try files.contentsOfDirectory(atPath: installed) {
                try? files.removeItem(atPath: copy + "/" + item)
                try files.copyItem(atPath: installed + "/" + item, toPath: copy + "/" + item)
            }
            // The copy is the user's: newer than the installed one, and writable.
            try files.setAttributes([.modificationDate: Date(), .posixPermissions: 0o644], ofItemAtPath: target)
        } catch {
            throw Missing(description: "cannot copy the demo from \(installed) to \(copy): \(error.localizedDescription)")
        }
        return target
    }
}
