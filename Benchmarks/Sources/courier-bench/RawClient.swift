import CRawCurl

/// The floor: the C libcurl multi client.
enum RawClient {
    static func smallGets(url: String, count: Int, concurrency: Int) -> Measurement {
        measure { result in
            var raw = raw_result()
            _ = raw_small_gets(url, count, Int32(concurrency), &raw)
            result.requests = raw.completed
            result.failed = raw.failed
            result.connections = raw.connections
            result.bytes = raw.bytes
        }
    }

    static func download(url: String, path: String?, bufferSize: Int) -> Measurement {
        measure { result in
            var raw = raw_result()
            _ = raw_download(url, path, bufferSize, &raw)
            result.requests = raw.completed
            result.failed = raw.failed
            result.connections = raw.connections
            result.bytes = raw.bytes
        }
    }
}
