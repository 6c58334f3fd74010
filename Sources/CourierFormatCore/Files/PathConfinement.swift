import Foundation

/// Where a workspace may read and write files: inside its own folder, or inside a directory
/// listed in `COURIER_ALLOW_PATHS` (colon-separated; `*` lifts the rule). A download target,
/// a body file and a multipart file are checked after their placeholders are filled in — a
/// value captured from a server cannot point them at `~/.ssh` or `/etc`. Paths are compared
/// after `..` and symbolic links are resolved, so neither is a way out.
package struct PathConfinement: Sendable {
    /// The directories files may be in, resolved.
    package let roots: [String]
    /// `COURIER_ALLOW_PATHS=*`: no rule.
    package let isLifted: Bool

    package static let environmentVariable = "COURIER_ALLOW_PATHS"

    /// - Parameter extraDirectories: more folders the user chose in the workspace itself (the
    ///   folders of the files a root file includes).
    package init(workspaceDirectory: String, extraDirectories: [String] = [],
                 environment: [String: String] = ProcessInfo.processInfo.environment) {
        let extra = environment[Self.environmentVariable] ?? ""
        isLifted = extra.split(separator: ":").contains("*")
        let allowed = extra.split(separator: ":").map(String.init).filter { $0 != "*" && $0.hasPrefix("/") }
        var roots: [String] = []
        for root in ([workspaceDirectory] + extraDirectories + allowed).map(Self.resolved) where !roots.contains(root) {
            roots.append(root)
        }
        self.roots = roots
    }

    /// `path` (absolute), or an error naming it, what it is for and the way to allow it.
    package func check(_ path: String, for purpose: String) throws(PathOutsideError) -> String {
        guard !isLifted else { return path }
        let real = Self.resolved(path)
        guard roots.contains(where: { real == $0 || real.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else {
            throw PathOutsideError(path: path, purpose: purpose, roots: roots)
        }
        return path
    }

    /// The path with `.`, `..` and symbolic links resolved: the longest part that exists is
    /// resolved by the file system, the rest appended as written (normalised).
    package static func resolved(_ path: String) -> String {
        let standard = URL(fileURLWithPath: path).standardized.path
        var existing = standard
        var rest: [String] = []
        while !existing.isEmpty, existing != "/", !FileManager.default.fileExists(atPath: existing) {
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        let real = existing.isEmpty ? "/" : (realpath(existing, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? existing)
        return rest.reduce(real) { ($0 as NSString).appendingPathComponent($1) }
    }
}

/// A file path outside the directories a workspace may use.
package struct PathOutsideError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var purpose: String
    package var roots: [String]

    package var description: String {
        "the \(purpose) \(path) is outside the workspace folder\(roots.count > 1 ? " and the allowed directories" : "") "
            + "(\(roots.joined(separator: ", "))); allow its directory with "
            + "\(PathConfinement.environmentVariable)=DIR[:DIR…], or every path with \(PathConfinement.environmentVariable)=*"
    }
}
