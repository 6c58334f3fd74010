import Courier
import Logging
import Synchronization
import Testing

/// Collects log lines in memory.
final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }

    func logger(level: Logger.Level = .debug) -> Logger {
        var logger = Logger(label: "courier.test") { _ in Handler(capture: self) }
        logger.logLevel = level
        return logger
    }

    fileprivate func append(_ line: String) { lines.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            capture.append("\(event.level) \(event.message)")
        }
    }
}

/// Secrets never reach the log.
@Suite struct LoggingTests {
    @Test func secretHeadersAreRedactedInTheLog() async throws {
        let capture = LogCapture()
        try await withTestBed({ $0.logger = capture.logger() }) { bed in
            let request = bed.request("/bearer", headers: ["Authorization": "Bearer secret-token-123",
                                                           "Cookie": "session=cookie-secret-456"])
            try await request.run()
            #expect(request.responseJSON?["token"] == "secret-token-123", "the secret was really sent")
            let failing = bed.request("/status/500", headers: ["X-Api-Key": "key-secret-789"])
            await #expect(throws: RequestError.self) { try await failing.run() }

            let log = capture.all.joined(separator: "\n")
            #expect(log.contains("Authorization: \(Redaction.placeholder)"))
            #expect(log.contains("Cookie: \(Redaction.placeholder)"))
            #expect(log.contains("notice ✗"), "failures are logged")
            for secret in ["secret-token-123", "cookie-secret-456", "key-secret-789"] {
                #expect(!log.contains(secret), "\(secret) leaked into the log")
            }
        }
    }

    @Test func nothingIsLoggedBelowTheConfiguredLevel() async throws {
        let capture = LogCapture()
        try await withTestBed({ $0.logger = capture.logger(level: .warning) }) { bed in
            try await bed.request("/get").run()
            await #expect(throws: RequestError.self) { try await bed.request("/status/404").run() }
            #expect(capture.all.isEmpty)
        }
    }
}
