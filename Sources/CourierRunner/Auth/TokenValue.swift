import Courier

/// What a token from outside the workspace file (a token endpoint's answer, a command's
/// output, a saved token file) must be before it goes into a header: at most
/// ``maximumBytes`` long, and without control characters (a line break would inject a header
/// or smuggle a second request onto the connection). One that is not is refused where it
/// comes from, never sent, cached or saved; the engine refuses such a header value too
/// (``HeaderFieldCheck``), without knowing where it came from.
enum TokenValue {
    /// 64 KiB: far above any real token (a JWT with many claims is a few KiB), far below what
    /// would make every request carry megabytes.
    static let maximumBytes = 64 * 1024

    /// Why `token` cannot be used, worded to follow its source ("the access token from …");
    /// nil when it can.
    static func problem(_ token: String) -> String? {
        let bytes = token.utf8.count
        if bytes > maximumBytes {
            return "is too long: \(bytes) bytes, more than the \(maximumBytes) (64 KiB) a token may have; it is not used or kept"
        }
        if let character = HeaderFieldCheck.controlCharacter(in: token) {
            return "holds a control character, \(character), which cannot go in a header; it is not used or kept"
        }
        return nil
    }

    /// `text` with its control characters shown as `\u{FFFD}`, for a message that quotes what
    /// a server or a command wrote (an escape sequence would act on the terminal).
    static func printable(_ text: some StringProtocol) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) ? "\u{FFFD}" : $0
        }))
    }
}
