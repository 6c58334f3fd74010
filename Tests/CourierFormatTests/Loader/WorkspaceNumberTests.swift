import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
import Testing

/// Every number in the workspace format has a documented range; NaN, infinities and values
/// outside it are errors at the value, naming the key, the range and what was found.
@Suite("Workspace numbers")
struct WorkspaceNumberTests {
    /// The error for a request `a` with `url: /a` and `line` (indented under it).
    private func requestError(_ line: String) -> String? {
        parseError("requests:\n  a:\n    url: /a\n    \(line)\n")?.description
    }

    private func configError(_ line: String) -> String? {
        parseError("config:\n  \(line)\n")?.description
    }

    @Test("a timeout is more than 0 and at most a day, and finite", arguments: [
        ("timeout: 0", "found 0"), ("timeout: -1", "found -1"), ("timeout: .nan", "found .nan"),
        ("timeout: .inf", "found .inf"), ("timeout: -.inf", "found -.inf"), ("timeout: 86401", "found 86401"),
        ("timeout: 0.0001", "found 0.0001"), ("timeout: 1e400", "found 1e400"),
    ])
    func timeout(line: String, found: String) {
        expectEqual(requestError(line), "test.yaml:4:14: error: requests.a.timeout: expected a number of seconds from 0.001 to 86400, \(found)")
        expectEqual(configError(line), "test.yaml:2:12: error: config.timeout: expected a number of seconds from 0.001 to 86400, \(found)")
        expectEqual(parseError("requests:\n  a:\n    url: /a\n    \(line)\n")?.kind, .invalidValue)
    }

    @Test("a deadline is more than 0 and at most a day; maxBodyBytes is 1 KiB to 4 GiB")
    func deadlineAndBodyLimit() {
        expectEqual(requestError("deadline: 0"), "test.yaml:4:15: error: requests.a.deadline: expected a number of seconds from 0.001 to 86400, found 0")
        expectEqual(requestError("deadline: .inf")?.contains("found .inf"), true)
        #expect(requestError("maxBodyBytes: 100")
            == "test.yaml:4:19: error: requests.a.maxBodyBytes: expected a number of bytes from 1024 to 4294967296, found 100")
        expectEqual(configError("maxBodyBytes: -1")?.contains("config.maxBodyBytes: expected a number of bytes from 1024"), true)
        expectEqual(requestError("deadline: 2.5"), nil)
        expectEqual(configError("maxBodyBytes: 1048576"), nil)
    }

    @Test("spoolBodiesOver is 1 KiB to 4 GiB")
    func spoolThreshold() throws {
        expectEqual(configError("spoolBodiesOver: 512"),
                    "test.yaml:2:20: error: config.spoolBodiesOver: expected a number of bytes from 1024 to 4294967296, found 512")
        expectEqual(configError("spoolBodiesOver: 1048576"), nil)
        let workspace = try parseWorkspace("config:\n  spoolBodiesOver: 1048576\nrequests:\n  a: {url: /a}\n")
        expectEqual(workspace.config.spoolBodiesOver, 1_048_576)
    }

    @Test("maxConcurrent is 1 to 1000")
    func maxConcurrent() {
        for value in ["0", "-3", "1001"] {
            #expect(configError("maxConcurrent: \(value)")
                == "test.yaml:2:18: error: config.maxConcurrent: expected a number of transfers at once from 1 to 1000, found \(value)")
        }
        #expect(configError("maxConcurrent: many")
            == "test.yaml:2:18: error: config.maxConcurrent: expected a number of transfers at once from 1 to 1000, found the string \"many\"")
    }

    @Test("retries are 0 to 10, the backoff 0 to 60 seconds and no wait longer than an hour")
    func retry() {
        #expect(requestError("retry: 11")
            == "test.yaml:4:12: error: requests.a.retry: expected a number of retries from 0 to 10, or {limit, backoff, statuses}, found 11")
        #expect(requestError("retry: -1")
            == "test.yaml:4:12: error: requests.a.retry: expected a number of retries from 0 to 10, or {limit, backoff, statuses}, found -1")
        #expect(requestError("retry: {limit: 11}")
            == "test.yaml:4:20: error: requests.a.retry.limit: expected a number of retries from 0 to 10, found 11")
        for value in ["-0.5", ".nan", ".inf", "61"] {
            #expect(configError("retry: {limit: 3, backoff: \(value)}")
                == "test.yaml:2:30: error: config.retry.backoff: expected seconds before the first retry from 0 to 60, found \(value)")
        }
        #expect(requestError("retry: {limit: 10, backoff: 60}") == """
            test.yaml:4:33: error: requests.a.retry.backoff: the wait doubles before each retry, so backoff 60 makes retry 10 \
            wait 30720 s; keep every wait within 3600 s (a smaller backoff or limit)
            """)
        #expect(requestError("retry: {statuses: [503, 700]}") == """
            test.yaml:4:29: error: requests.a.retry.statuses[1]: expected a status from 100 to 599, a range like 200-299, \
            or a list of them, found 700
            """)
    }

    @Test("statuses are 100 to 599, and a range goes upwards")
    func statuses() {
        let expected = "expected a status from 100 to 599, a range like 200-299, or a list of them"
        #expect(requestError("validate: {status: 99}") == "test.yaml:4:24: error: requests.a.validate.status: \(expected), found 99")
        #expect(requestError("validate: {status: \"200-999\"}")
            == "test.yaml:4:24: error: requests.a.validate.status: \(expected), found \"200-999\"")
        #expect(requestError("validate: {status: \"299-200\"}")
            == "test.yaml:4:24: error: requests.a.validate.status: \(expected), found \"299-200\"")
        #expect(requestError("validate: {status: \"-5\"}")
            == "test.yaml:4:24: error: requests.a.validate.status: \(expected), found the string \"-5\"")
        #expect(requestError("validate: {status: \"0-9223372036854775807\"}")
            == "test.yaml:4:24: error: requests.a.validate.status: \(expected), found \"0-9223372036854775807\"")
    }

    @Test("a numeric priority is -100 to 100")
    func priority() {
        #expect(requestError("priority: 1000")
            == "test.yaml:4:15: error: requests.a.priority: expected low, default, high or a number from -100 to 100, found 1000")
        #expect(requestError("priority: -101")
            == "test.yaml:4:15: error: requests.a.priority: expected low, default, high or a number from -100 to 100, found -101")
        #expect(requestError("priority: urgent")
            == "test.yaml:4:15: error: requests.a.priority: expected low, default, high or a number from -100 to 100, found the string \"urgent\"")
    }

    @Test("cache seconds are 0 to a year, a version 0 to 2147483647")
    func cache() {
        #expect(requestError("cache: -1") == """
            test.yaml:4:12: error: requests.a.cache: expected a number of seconds from 0 to 31536000, \
            or {seconds, version, sensitive, async}, found -1
            """)
        #expect(requestError("cache: 31536001") == """
            test.yaml:4:12: error: requests.a.cache: expected a number of seconds from 0 to 31536000, \
            or {seconds, version, sensitive, async}, found 31536001
            """)
        #expect(requestError("cache: {seconds: -5}")
            == "test.yaml:4:22: error: requests.a.cache.seconds: expected a number of seconds from 0 to 31536000, found -5")
        #expect(requestError("cache: {seconds: 60, version: -1}")
            == "test.yaml:4:35: error: requests.a.cache.version: expected a version from 0 to 2147483647, found -1")
    }

    @Test("the bounds themselves are accepted")
    func bounds() throws {
        let workspace = try parseWorkspace("""
            config: {timeout: 86400, maxConcurrent: 1000, retry: {limit: 10, backoff: 7}}
            requests:
              low:
                url: /a
                timeout: 0.001
                priority: -100
                cache: {seconds: 0, version: 2147483647}
                retry: 0
                validate: {status: "100-599"}
              high:
                url: /b
                priority: 100
                cache: 31536000
                retry: {limit: 1, backoff: 0, statuses: [100, 599]}
            """)
        expectEqual(workspace.config.timeout, 86400)
        expectEqual(workspace.config.maxConcurrentTransfers, 1000)
        expectEqual(workspace.config.retry?.retryLimit, 10)
        expectEqual(workspace.config.retry?.exponentialBackoffScale, 7)
        let low = try #require(workspace.requests["low"])
        expectEqual(low.timeout, 0.001)
        expectEqual(low.priority, RequestPriority(rawValue: -100))
        expectEqual(low.cache, RequestDefinition.Cache(seconds: 0, version: 2_147_483_647))
        expectEqual(low.retry?.retryLimit, 0)
        expectEqual(low.validate?.statusCodes, Set(100...599))
        let high = try #require(workspace.requests["high"])
        expectEqual(high.priority, RequestPriority(rawValue: 100))
        expectEqual(high.cache?.seconds, 31_536_000)
        expectEqual(high.retry?.retryableStatusCodes, [100, 599])
    }
}
