import CCurl
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Running out of file descriptors, told as what it is. libcurl reports a socket(2) that
/// failed with EMFILE as "Couldn't connect to server" (-1004, with no errno:
/// `CURLINFO_OS_ERRNO` stays 0), so the transport opens the sockets itself
/// (`CURLOPT_OPENSOCKETFUNCTION`) and keeps socket(2)'s errno on the handle.
///
/// The transport paces new connections when it happens (``DescriptorPacing``); a transfer
/// is failed with ``error(_:)`` only when nothing else was running to give descriptors back.
enum DescriptorExhaustion {
    /// Whether `errno` from socket(2) means the process or the system has no descriptor left.
    static func isExhaustion(_ errno: Int32) -> Bool { errno == EMFILE || errno == ENFILE }

    /// Sets the handle's socket opener; `curl` is where it records a failure's errno.
    static func configure(_ curl: CurlHandle) -> CURLcode {
        var code = courier_easy_setopt_pointer(curl.raw, CURLOPT_OPENSOCKETDATA, Unmanaged.passUnretained(curl).toOpaque())
        if code == CURLE_OK {
            code = courier_easy_setopt_opensocket_callback(curl.raw) { context, _, address in
                guard let context, let address else { return -1 }
                let descriptor = socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
                if descriptor < 0 {
                    // The handle outlives its options: libcurl calls this only during its transfers.
                    Unmanaged<CurlHandle>.fromOpaque(context).takeUnretainedValue().socketErrno = errno
                }
                return descriptor
            }
        }
        return code
    }

    /// The error for a transfer that could not get a socket, naming the limit.
    static func error(_ errno: Int32, curlCode: CURLcode) -> RequestError {
        var message: String
        if errno == ENFILE {
            message = "Out of file descriptors: the system's table of open files is full (ENFILE)"
        } else {
            message = "Out of file descriptors: the process may open \(processLimit.map(String.init) ?? "a limited number of") "
                + "(`ulimit -n`), and all were in use (EMFILE)"
        }
        message += " when this request needed a socket, with no other transfer left to wait for. "
            + "Raise the limit or send fewer requests at once (maxConcurrent)."
        return RequestError(family: .transport, code: .resourceUnavailable, message: message, curlCode: Int(curlCode.rawValue))
    }

    /// RLIMIT_NOFILE's soft limit.
    private static var processLimit: UInt64? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return UInt64(limit.rlim_cur)
    }
}

/// How the transport paces new connections once descriptors ran out: the transfer that
/// could not get a socket goes back to the front of the queue, and at most half as many
/// transfers as were running then run at once, until transfers end again (each one lets
/// one more start, up to the limit). libcurl keeps no more idle connections than that
/// either. Half, and fewer idle connections, because the rest of the process needs
/// descriptors too: cache and history files, and a server in the same process, which
/// cannot accept the connections already waiting otherwise (with all that were running,
/// 16 to 38 of 500 requests to the in-process demo server timed out). A transfer is failed
/// for lack of descriptors only when nothing else was running, or after
/// ``maximumDeferrals`` tries, so it never waits without end.
struct DescriptorPacing {
    /// Times a transfer goes back to the queue before it is failed.
    static let maximumDeferrals = 64

    /// Transfers allowed at once while pacing; nil when not pacing.
    private(set) var cap: Int?

    /// The transfers allowed at once under `limit`.
    func allowed(under limit: Int) -> Int { cap.map { min($0, limit) } ?? limit }

    /// A transfer ran out of descriptors while `running` others ran: true when it should go
    /// back to the queue (and new transfers wait), false when it is to be failed.
    mutating func deferTransfer(_ job: TransferJob, running: Int) -> Bool {
        guard running > 0, job.descriptorDeferrals.add(1, ordering: .relaxed).newValue <= Self.maximumDeferrals else {
            return false
        }
        cap = max(1, running / 2)
        return true
    }

    /// A transfer ended otherwise: one more may run at once, up to `limit`.
    mutating func transferEnded(limit: Int) {
        guard let current = cap else { return }
        cap = current + 1 >= limit ? nil : current + 1
    }
}
