import CCurl

/// The content encodings this libcurl decodes, as the `Accept-Encoding` line Courier sends.
/// Setting `CURLOPT_ACCEPT_ENCODING` to "" asks for the same list, but then libcurl formats
/// the line again for every request; with the line among the request's headers it is built
/// once, and the option (still set) only turns the decoding on.
enum ContentDecoding {
    /// `Accept-Encoding: deflate, gzip, br, zstd`, as far as this libcurl was built with
    /// them; nil when it decodes none (then libcurl's own line is left to the option).
    static let acceptEncoding: String? = {
        guard let info = courier_version_info()?.pointee else { return nil }
        let features = Int(info.features)
        var names: [String] = []
        if features & Int(CURL_VERSION_LIBZ) != 0 { names += ["deflate", "gzip"] }
        if features & Int(CURL_VERSION_BROTLI) != 0 { names.append("br") }
        if features & Int(CURL_VERSION_ZSTD) != 0 { names.append("zstd") }
        return names.isEmpty ? nil : "Accept-Encoding: " + names.joined(separator: ", ")
    }()
}
