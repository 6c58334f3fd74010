extension Substring {
    /// The text lowercased, without the work of `lowercased()` when it has no uppercase ASCII
    /// letter and nothing beyond ASCII (media types, header names: almost always). Used on
    /// every response, so a value already in lowercase is not built twice.
    var lowercasedIfNeeded: String {
        utf8.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }) ? String(self) : lowercased()
    }
}
