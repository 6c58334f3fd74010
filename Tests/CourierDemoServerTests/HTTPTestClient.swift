import CourierDemoServer
import Foundation
import FoundationNetworking
import Synchronization

/// What a test request got back: the response (if any), every body byte received
/// before the transfer ended, and the transport error, if the transfer failed.
struct HTTPTestResult: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data
    let error: (any Error)?

    /// A response header, looked up case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The body parsed as a JSON object (empty when it is not one).
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A minimal URLSession-based client for the demo server tests. Each request uses its
/// own session whose delegate collects the body as it arrives, so truncated transfers
/// still report the bytes received; redirects are not followed unless asked.
struct HTTPTestClient: Sendable {
    let baseURL: String

    func request(
        _ path: String,
        method: String = "GET",
        headers: [String: String] = [:],
        body: Data? = nil,
        followRedirects: Bool = false
    ) async throws -> HTTPTestResult {
        var request = URLRequest(url: URL(string: baseURL + path)!)
        request.httpMethod = method
        request.httpBody = body
        request.timeoutInterval = 20
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let collector = TransferCollector(followRedirects: followRedirects)
        let session = URLSession(configuration: .ephemeral, delegate: collector, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return await withCheckedContinuation { continuation in
            collector.start(continuation)
            session.dataTask(with: request).resume()
        }
    }

    /// Builds a `multipart/form-data` body; returns (content type, body).
    static func multipart(fields: [(String, String)], files: [(field: String, fileName: String, type: String, content: Data)])
        -> (String, Data)
    {
        let boundary = "courier-test-boundary-42"
        var body = Data()
        for (name, value) in fields {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        for file in files {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.fileName)\"\r\nContent-Type: \(file.type)\r\n\r\n".utf8))
            body.append(file.content)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return ("multipart/form-data; boundary=\(boundary)", body)
    }
}

/// Session delegate collecting one transfer.
private final class TransferCollector: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var response: HTTPURLResponse?
        var body = Data()
        var continuation: CheckedContinuation<HTTPTestResult, Never>?
    }

    private let followRedirects: Bool
    private let state = Mutex(State())

    init(followRedirects: Bool) {
        self.followRedirects = followRedirects
    }

    func start(_ continuation: CheckedContinuation<HTTPTestResult, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(followRedirects ? request : nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // Never answer challenges: the tests want to see the 401 itself.
        completionHandler(.rejectProtectionSpace, nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        state.withLock {
            $0.response = response as? HTTPURLResponse
            $0.body = Data()
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { $0.body.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (result, continuation) = state.withLock { state in
            let response = state.response ?? task.response as? HTTPURLResponse
            var headers: [String: String] = [:]
            for (name, value) in response?.allHeaderFields ?? [:] {
                headers["\(name)"] = "\(value)"
            }
            let result = HTTPTestResult(status: response?.statusCode ?? 0, headers: headers, body: state.body, error: error)
            defer { state.continuation = nil }
            return (result, state.continuation)
        }
        continuation?.resume(returning: result)
    }
}

/// Runs `body` against a fresh demo server on 127.0.0.1 and an ephemeral port, stopping
/// the server afterwards even when `body` throws.
func withDemoServer<T>(webSockets: Bool = false, _ body: (DemoServer, HTTPTestClient) async throws -> T) async throws -> T {
    let server = try await DemoServer.start(host: "127.0.0.1", port: 0, webSockets: webSockets)
    do {
        let result = try await body(server, HTTPTestClient(baseURL: server.baseURL))
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
