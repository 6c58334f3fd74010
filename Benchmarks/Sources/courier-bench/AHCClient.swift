import AsyncHTTPClient
import Foundation
import NIOCore

/// AsyncHTTPClient (SwiftNIO), async/await API.
enum AHCClient {
    static func client(concurrency: Int) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60),
                                             concurrentHTTP1ConnectionsPerHostSoftLimit: concurrency)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    static func smallGets(url: String, count: Int, concurrency: Int, deadline: Double) async -> Measurement {
        let client = client(concurrency: concurrency)
        let result = await measureAsync { result in
            let tally = Tally()
            let started = Counter()
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<concurrency {
                    group.addTask {
                        while started.claim(below: count, deadline: deadline) {
                            do {
                                let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
                                let body = try await response.body.collect(upTo: 1 << 20)
                                _ = tally.record(ok: response.status == .ok, bytes: body.readableBytes)
                            } catch {
                                _ = tally.record(ok: false, bytes: 0)
                            }
                        }
                    }
                }
            }
            tally.fill(&result)
        }
        try? await client.shutdown()
        return result
    }

    static func download(url: String, path: String?) async -> Measurement {
        let client = client(concurrency: 1)
        let result = await measureAsync { result in
            do {
                if let path {
                    let delegate = try FileDownloadDelegate(path: path)
                    let progress = try await client.execute(request: try HTTPClient.Request(url: url), delegate: delegate).get()
                    result.bytes = Int64(progress.receivedBytes)
                } else {
                    let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(600))
                    for try await chunk in response.body { result.bytes += Int64(chunk.readableBytes) }
                }
                result.requests = 1
            } catch {
                result.failed = 1
                result.note = "\(error)"
            }
        }
        try? await client.shutdown()
        return result
    }
}
