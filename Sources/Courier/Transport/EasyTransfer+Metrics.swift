import CCurl

/// What libcurl measured of a transfer (its `CURLINFO_*_TIME_T` phases, sizes and
/// connection), and the hops of a redirect the transport followed itself added in.
extension EasyTransfer {
    /// What libcurl measured, with the redirects followed here added as libcurl adds its own:
    /// the phases of every hop summed, the hops before the last as redirect time.
    func metricsOfAllHops() -> TransferMetrics {
        var metrics = readMetrics()
        guard let earlier = earlierHops else { return metrics }
        metrics.nameLookup += earlier.nameLookup
        metrics.connect += earlier.connect
        metrics.tlsHandshake += earlier.tlsHandshake
        metrics.preTransfer += earlier.preTransfer
        metrics.firstByte += earlier.firstByte
        metrics.redirect = earlier.total
        metrics.total += earlier.total
        metrics.redirectCount = hops
        metrics.bytesSent += earlier.bytesSent
        metrics.requestHeaderBytes += earlier.requestHeaderBytes
        metrics.headerBytes += earlier.headerBytes
        return metrics
    }

    /// libcurl's figures for the transfer on the handle now.
    func readMetrics() -> TransferMetrics {
        func seconds(_ info: CURLINFO) -> Double {
            var microseconds: curl_off_t = 0
            _ = courier_easy_getinfo_off(handle, info, &microseconds)
            return Double(microseconds) / 1_000_000
        }
        func integer(_ info: CURLINFO) -> Int {
            var value = 0
            _ = courier_easy_getinfo_long(handle, info, &value)
            return value
        }
        func offset(_ info: CURLINFO) -> Int64 {
            var value: curl_off_t = 0
            _ = courier_easy_getinfo_off(handle, info, &value)
            return Int64(value)
        }
        var metrics = TransferMetrics()
        metrics.nameLookup = seconds(CURLINFO_NAMELOOKUP_TIME_T)
        metrics.connect = seconds(CURLINFO_CONNECT_TIME_T)
        metrics.tlsHandshake = seconds(CURLINFO_APPCONNECT_TIME_T)
        metrics.preTransfer = seconds(CURLINFO_PRETRANSFER_TIME_T)
        metrics.firstByte = seconds(CURLINFO_STARTTRANSFER_TIME_T)
        metrics.total = seconds(CURLINFO_TOTAL_TIME_T)
        metrics.redirect = seconds(CURLINFO_REDIRECT_TIME_T)
        metrics.redirectCount = integer(CURLINFO_REDIRECT_COUNT)
        metrics.httpVersion = Self.httpVersionName(integer(CURLINFO_HTTP_VERSION))
        metrics.bytesSent = offset(CURLINFO_SIZE_UPLOAD_T)
        metrics.requestHeaderBytes = Int64(integer(CURLINFO_REQUEST_SIZE))
        metrics.bytesReceived = offset(CURLINFO_SIZE_DOWNLOAD_T)
        metrics.headerBytes = Int64(integer(CURLINFO_HEADER_SIZE))
        var ip: UnsafeMutablePointer<CChar>?
        if courier_easy_getinfo_string(handle, CURLINFO_PRIMARY_IP, &ip) == CURLE_OK, let ip, ip.pointee != 0 {
            metrics.remoteAddress = String(cString: ip)
            metrics.remotePort = integer(CURLINFO_PRIMARY_PORT)
        }
        metrics.connectionReused = statusLineSeen && integer(CURLINFO_NUM_CONNECTS) == 0
        return metrics
    }

    static func httpVersionName(_ version: Int) -> String {
        switch version {
        case 1: return "HTTP/1.0"
        case 2: return "HTTP/1.1"
        case 3: return "HTTP/2"
        case 30: return "HTTP/3"
        default: return "HTTP/1.1"
        }
    }
}
