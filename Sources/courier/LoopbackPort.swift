#if canImport(Glibc)
import Glibc
#endif

/// A TCP port on 127.0.0.1 tried by binding it, then let go: for a server another process
/// starts on it a moment later.
enum LoopbackPort {
    /// Why a port could not be bound ("it is in use").
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Binds `port` (0: any free one) and lets it go; the port that was bound.
    static func bind(_ port: Int) throws(Failure) -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        // As the server binds it: a connection of a previous run still in TIME_WAIT is no obstacle.
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            throw Failure(description: errno == EADDRINUSE ? "it is in use" : String(cString: strerror(errno)))
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
