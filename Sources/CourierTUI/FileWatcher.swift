import Glibc

/// Tells when a file is written or replaced, through inotify on its directory (editors
/// often save by writing a new file and renaming it over the old one). Its descriptor
/// joins the input loop's `poll()`.
final class FileWatcher {
    let descriptor: Int32
    private let name: String

    init?(path: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
        guard inotify_add_watch(descriptor, directory.isEmpty ? "/" : directory, mask) >= 0 else {
            close(descriptor)
            return nil
        }
    }

    deinit { close(descriptor) }

    /// Reads the pending events; true when one was about the file.
    func fileChanged() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let length = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 12, as: UInt32.self) }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<min(count, nameStart + Int(length))].prefix { $0 != 0 }
                if String(decoding: nameBytes, as: UTF8.self) == name { changed = true }
                offset = nameStart + Int(length)
            }
        }
        return changed
    }
}
