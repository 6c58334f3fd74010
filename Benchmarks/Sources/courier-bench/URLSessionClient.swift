import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// FoundationNetworking's URLSession (libcurl underneath, one DispatchSource per socket).
enum URLSessionClient {
    static func session(concurrency: Int, delegate: URLSessionDelegate? = nil) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = concurrency
        configuration.urlCache = nil
        configuration.connectionProxyDictionary = [:]
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    static func smallGets(url: String, count: Int, concurrency: Int, deadline: Double) -> Measurement {
        let session = session(concurrency: concurrency)
        let target = URL(string: url)!
        return measure { result in
            let tally = Tally()
            let done = DispatchSemaphore(value: 0)
            let started = Counter()
            @Sendable func launch() -> Bool {
                guard started.claim(below: count, deadline: deadline) else { return false }
                session.dataTask(with: target) { data, response, error in
                    let ok = error == nil && (response as? HTTPURLResponse)?.statusCode == 200
                    let ended = tally.record(ok: ok, bytes: data?.count ?? 0)
                    if !launch(), ended == started.value { done.signal() }
                }.resume()
                return true
            }
            for _ in 0..<concurrency { _ = launch() }
            done.wait()
            tally.fill(&result)
        }
    }

    /// Counts and drops the body as it arrives.
    final class Discarder: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var bytes: Int64 = 0
        var failed = false
        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            bytes += Int64(data.count)
        }
        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            failed = error != nil
            done.signal()
        }
    }

    static func download(url: String, path: String?) -> Measurement {
        measure { result in
            if let path {
                let session = session(concurrency: 1)
                let done = DispatchSemaphore(value: 0)
                let outcome = Box<(Bool, Int64)>((false, 0))
                session.downloadTask(with: URL(string: url)!) { location, _, error in
                    if let location, error == nil {
                        try? FileManager.default.removeItem(atPath: path)
                        let moved = (try? FileManager.default.moveItem(at: location, to: URL(fileURLWithPath: path))) != nil
                        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                        outcome.value = (moved, Int64(size ?? 0))
                    }
                    done.signal()
                }.resume()
                done.wait()
                result.requests = outcome.value.0 ? 1 : 0
                result.failed = outcome.value.0 ? 0 : 1
                result.bytes = outcome.value.1
            } else {
                let discarder = Discarder()
                let session = session(concurrency: 1, delegate: discarder)
                session.dataTask(with: URL(string: url)!).resume()
                discarder.done.wait()
                result.requests = discarder.failed ? 0 : 1
                result.failed = discarder.failed ? 1 : 0
                result.bytes = discarder.bytes
            }
        }
    }
}
