import Courier
import Testing
@testable import CourierFormat
@testable import CourierWorkspace
@testable import Workbench

/// Every error family gets its code, libcurl's message and a plain word on what to check.
@Suite struct ErrorExplanationTests {
    private func explain(_ error: RequestError, url: String = "http://127.0.0.1:9/x", definition: RequestDefinition? = nil) -> ErrorExplanation {
        ErrorExplanation(error, request: ConfigurableRequest(url), definition: definition)
    }

    @Test func transportFailuresSayWhereToLook() {
        let refused = explain(RequestError(family: .transport, code: .cannotConnectToHost, message: "Failed to connect", curlCode: 7))
        expectEqual(refused.heading, "transport error -1004 (curl 7)")
        expectEqual(refused.message, "Failed to connect")
        #expect(refused.advice.contains("Nothing listens on 127.0.0.1:9"))
        let untrusted = explain(RequestError(family: .transport, code: .serverCertificateUntrusted, message: "SSL certificate problem", curlCode: 60),
                                url: "https://example.org/")
        #expect(untrusted.advice.contains("tls.caFile"))
        let handshake = explain(RequestError(family: .transport, code: .secureConnectionFailed, message: "wrong version number", curlCode: 35),
                                url: "https://127.0.0.1:8080/")
        #expect(handshake.advice.contains("127.0.0.1:8080"))
        #expect(explain(RequestError(family: .transport, code: .timedOut, message: "")).advice.contains("timeout"))
        #expect(explain(RequestError(family: .transport, code: .cannotFindHost, message: ""), url: "http://nowhere.invalid/").advice.contains("nowhere.invalid"))
        #expect(explain(RequestError(family: .transport, code: .redirectRefused, message: "")).advice.contains("other than http or https"))
        #expect(explain(RequestError(family: .transport, code: .resourceUnavailable, message: "")).advice.contains("ulimit -n"))
    }

    @Test func serializationAndValidationFailuresNameWhatWasExpected() {
        var definition = RequestDefinition(name: "r", location: SourceLocation(file: "f", line: 1, column: 1))
        definition.validate = RequestDefinition.Validation(statusCodes: Set(200...204), json: .object(["id": .int]))
        let status = explain(RequestError(family: .validation, code: .invalidStatusCode, message: "Invalid status code 500.", statusCode: 500),
                             definition: definition)
        #expect(status.advice.contains("500 is outside the accepted range, which is 200-204"))
        let template = explain(RequestError(family: .validation, code: .invalidJSONFormat, message: "Invalid JSON format: $.id: missing."),
                               definition: definition)
        #expect(template.advice.contains("{id: int}"))
        #expect(explain(RequestError(family: .serialization, code: .unacceptableContentType, message: "")).advice.contains("response: raw"))
        #expect(explain(RequestError(family: .serialization, code: .cannotParseResponse, message: "")).advice.contains("not valid JSON"))
        var rejected = RequestError(family: .validation, code: .responseRejected, message: "The response broke a rule.")
        rejected.violations = [ResponseViolation("expected 200, got 500"), ResponseViolation("expected \"ok\"", path: "$.status")]
        #expect(explain(rejected).advice.contains("broke 2 rules of the workspace's contract"))
        definition.expect = [.check(try! Check(parsing: "status == 200", location: SourceLocation(file: "f", line: 2, column: 3)))]
        #expect(explain(rejected, definition: definition).advice.contains("the request's `expect:` checks: the Checks tab"))
        #expect(explain(RequestError(family: .serialization, code: .cannotMapModel, message: "")).advice.contains("coding path"))
        #expect(explain(RequestError(family: .parameter, code: .invalidParameters, message: "r: undefined variable {{x}}")).advice.contains("--var"))
    }

    @Test func linesWrapToTheWidth() {
        let explanation = explain(RequestError(family: .transport, code: .cannotConnectToHost, message: String(repeating: "word ", count: 30)))
        let lines = explanation.lines(width: 40)
        #expect(lines.count > 4)
        #expect(lines.allSatisfy { $0.width <= 40 })
        expectEqual(lines.first?.text.contains("transport error -1004"), true)
    }
}
