#if canImport(Glibc)
import Glibc
#endif

/// Writes every byte to a file descriptor, retrying short writes and EINTR.
/// Returns nil on success, the `errno` of the failure otherwise.
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += written
    }
    return nil
}
