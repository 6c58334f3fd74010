import Courier
import CRawCurl

/// The floor: the C libcurl multi client.
enum RawClient {
    /// Small GETs that put Courier's request on the wire: its User-Agent and Accept-Encoding
    /// lines (two header lines cost libcurl about 0.7 µs a request here).
    static func smallGets(url: String, count: Int, concurrency: Int) -> Measurement {
        raw_send_as_courier(NetworkConfig().userAgent)
        defer { raw_send_as_courier(nil) }
        return measure { result in
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
