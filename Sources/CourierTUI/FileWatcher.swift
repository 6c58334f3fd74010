import Glibc

/// Tells when a workspace's files are written or replaced, through inotify on their folders
/// (editors often save by writing a new file and renaming it over the old one). For a folder
/// workspace it also watches every folder under `requests/` and `environments/`, so that a
/// file added, removed or renamed there is read too, and a folder made there is watched from
/// then on.
/// Its descriptor joins the input loop's `poll()`.
final class FileWatcher {
    let descriptor: Int32
    /// What each watch descriptor watches: its folder, and the names in it that matter (nil:
    /// every YAML file, for the folders under `requests/`).
    private var watches: [Int32: (directory: String, names: Set<String>?)] = [:]
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)

    /// Watches `files` and every YAML file in the folder trees `trees` (`requests/`,
    /// `environments/`).
    init?(files: [String], trees: [String] = []) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        var byDirectory: [String: Set<String>] = [:]
        for path in files {
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { String(path[..<$0]) } ?? "."
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            byDirectory[directory.isEmpty ? "/" : directory, default: []].insert(name)
        }
        for (directory, names) in byDirectory { add(directory, names: names) }
        for tree in trees { addTree(tree) }
        guard !watches.isEmpty else {
            close(descriptor)
            return nil
        }
    }

    deinit { close(descriptor) }

    private func add(_ directory: String, names: Set<String>?) {
        let watch = inotify_add_watch(descriptor, directory, Self.mask)
        guard watch >= 0 else { return }
        if let names, let known = watches[watch]?.names {
            watches[watch] = (directory, known.union(names))
        } else {
            watches[watch] = (directory, names)
        }
    }

    /// A folder of request files and every folder in it.
    private func addTree(_ directory: String) {
        add(directory, names: nil)
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix("."), entry.pointee.d_type == UInt8(DT_DIR) else { continue }
            addTree(directory + "/" + name)
        }
    }

    /// Reads the pending events; true when one was about a watched file.
    func fileChanged() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let watch = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset, as: Int32.self) }
                let mask = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 4, as: UInt32.self) }
                let length = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 12, as: UInt32.self) }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = String(decoding: buffer[nameStart..<min(count, nameStart + Int(length))].prefix { $0 != 0 }, as: UTF8.self)
                offset = nameStart + Int(length)
                guard let watched = watches[watch] else { continue }
                if let names = watched.names {
                    if names.contains(name) { changed = true }
                } else if mask & UInt32(IN_ISDIR) != 0 {
                    if !name.hasPrefix("."), mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { addTree(watched.directory + "/" + name) }
                    changed = true
                } else if !name.hasPrefix("."), name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                    changed = true
                }
            }
        }
        return changed
    }
}
