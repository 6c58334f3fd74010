import NIOCore

/// Reads the head of the server's answer to a WebSocket upgrade as it passes (the bytes go on
/// untouched): its status and header fields, once, when the blank line ends them — or nil
/// when the connection ends first. At most 64 KiB of head is looked at.
final class UpgradeHeadReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private var seen: [UInt8] = []
    private var told = false
    private let onHead: (_ head: (status: Int, headers: [(name: String, value: String)])?) -> Void

    init(onHead: @escaping (_ head: (status: Int, headers: [(name: String, value: String)])?) -> Void) {
        self.onHead = onHead
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !told {
            let buffer = unwrapInboundIn(data)
            seen += buffer.readableBytesView.prefix(max(0, 65_536 - seen.count))
            if let end = Self.endOfHead(in: seen) {
                told = true
                onHead(Self.parse(seen[..<end]))
                seen = []
            } else if seen.count >= 65_536 {
                told = true
                onHead(nil)
            }
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !told {
            told = true
            onHead(nil)
        }
        context.fireChannelInactive()
    }

    private static func endOfHead(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// `HTTP/1.1 101 Switching Protocols` and `Name: value` lines.
    private static func parse(_ bytes: ArraySlice<UInt8>) -> (status: Int, headers: [(name: String, value: String)])? {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (status, headers)
    }
}
