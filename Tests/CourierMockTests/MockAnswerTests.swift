import Courier
import CourierMock
import CourierWorkspace
import Foundation
import Testing

/// `mock:` blocks answered by ``MockService``: routes from request URLs, templates reading the
/// call, sequences, failures, stateful collections, the 404 list.
@Suite struct MockAnswerTests {
    static let petsWorkspace = """
        name: pets
        requests:
          getPet:
            url: "{{baseUrl}}/pets/{{petId}}"
            mock:
              headers: {X-Pet: "{{request.path.petId}}"}
              body: {id: "{{request.path.petId}}", page: "{{request.query.page}}", greeting: "{{greeting}}", via: "{{request.header.X-Client}}"}
          createPet:
            method: POST
            url: "{{baseUrl}}/pets"
            body: {json: {name: Rex}}
            mock:
              status: 201
              body: {name: "{{request.body.$.name}}", tags: "{{request.body.$.tags}}", echo: "name={{request.body.$.name}}"}
          job:
            url: https://api.example.com/jobs/{id}/state
            mock:
              delay: 20ms
              sequence:
                - {status: 202, body: {state: queued}}
                - {status: 202, body: {state: running}}
                - {status: 200, body: {state: done}}
          flaky:
            url: "{{baseUrl}}/flaky"
            mock:
              body: {ok: true}
              fail: {rate: 30%, status: 503, body: {error: overloaded}}
          files:
            url: "{{baseUrl}}/files/{name}.json"
            mock: {body: "file {{request.path.name}}"}
          unanswered:
            url: "{{baseUrl}}/nothing"
        variables: {petId: "1", baseUrl: "https://api.example.com/v1", greeting: hello}
        """

    @Test func routesComeFromTheRequestsURLsWithoutTheBaseURL() throws {
        let service = try mockService(Self.petsWorkspace)
        #expect(service.routes.map(\.name) == ["GET /pets/{petId}", "POST /pets", "GET /jobs/{id}/state", "GET /flaky",
                                              "GET /files/{name}.json", "GET /nothing"])
        #expect(service.routes.first?.requestName == "getPet")
    }

    @Test func aBodyTemplateReadsThePathTheQueryTheHeadersAndTheVariables() throws {
        let service = try mockService(Self.petsWorkspace)
        let reply = service.call("GET", "/pets/42?page=3", headers: [("x-client", "pytest")])
        #expect(reply.status == 200)
        #expect(reply.json == .object(["id": "42", "page": "3", "greeting": "hello", "via": "pytest"]))
        #expect(reply.header("X-Pet") == "42")
        #expect(reply.header("Content-Type") == "application/json")
        #expect(reply.call.route == "GET /pets/{petId}")
        #expect(reply.call.request == "getPet")
        #expect(reply.call.source == .mock)
        #expect(reply.call.warning == nil)
    }

    @Test func aValueTheCallLacksIsFilledWithNothingAndSaid() throws {
        let reply = try mockService(Self.petsWorkspace).call("GET", "/pets/42")
        #expect(reply.json?["page"] == "")
        #expect(reply.call.warning?.contains("{{request.query.page}}") == true)
    }

    @Test func aPlaceholderOfTheCallsJSONBodyKeepsItsType() throws {
        let reply = try mockService(Self.petsWorkspace).call("POST", "/pets", body: #"{"name": "Tom", "tags": ["cat", 2]}"#)
        #expect(reply.status == 201)
        #expect(reply.json == .object(["name": "Tom", "tags": .array(["cat", .int(2)]), "echo": "name=Tom"]))
    }

    @Test func aSequenceAnswersInTurnThenRepeatsItsLast() throws {
        let service = try mockService(Self.petsWorkspace)
        let states = (0..<4).map { _ in service.call("GET", "/jobs/9/state") }
        #expect(states.map(\.status) == [202, 202, 200, 200])
        #expect(states.map { $0.json?["state"]?.stringValue } == ["queued", "running", "done", "done"])
        #expect(states.map(\.call.sequenceIndex) == [0, 1, 2, 2])
        #expect(states.allSatisfy { $0.delayMilliseconds == 20 })
    }

    @Test func aFailureRateFailsThatShareOfCalls() throws {
        let service = try mockService(Self.petsWorkspace)
        let replies = (0..<1000).map { _ in service.call("GET", "/flaky") }
        let failed = replies.filter { $0.status == 503 }
        #expect((240...360).contains(failed.count), "\(failed.count) of 1000 failed")
        #expect(failed.allSatisfy { $0.json?["error"] == "overloaded" && $0.call.source == .fail })
        #expect(replies.filter { $0.status == 200 }.count == 1000 - failed.count)
        // The same seed draws the same calls.
        let again = try mockService(Self.petsWorkspace)
        #expect((0..<1000).map { _ in again.call("GET", "/flaky").status } == replies.map(\.status))
    }

    @Test func aParameterWithTextAroundItAndATextBody() throws {
        let reply = try mockService(Self.petsWorkspace).call("GET", "/files/report%202026.json")
        #expect(reply.text == "file report 2026")
        #expect(reply.header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func anUnknownRouteAnswers404WithTheRoutesAndAnotherMethod405() throws {
        let service = try mockService(Self.petsWorkspace)
        let missing = service.call("GET", "/owners")
        #expect(missing.status == 404)
        #expect(missing.json?["routes"]?.arrayValue?.count == 6)
        #expect(missing.call.source == .noRoute)
        let wrongMethod = service.call("DELETE", "/pets/1")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.header("Allow") == "GET")
    }

    @Test func aRouteWithNothingToAnswerSaysWhatWouldAnswerIt() throws {
        let reply = try mockService(Self.petsWorkspace).call("GET", "/nothing")
        #expect(reply.status == 501)
        #expect(reply.text.contains("mock: block"))
        #expect(reply.call.source == .unanswered)
    }

    @Test func headIsAnsweredLikeGetWithoutABody() throws {
        let reply = try mockService(Self.petsWorkspace).call("HEAD", "/pets/5")
        #expect(reply.status == 200)
        #expect(reply.body.isEmpty)
    }

    @Test func expectedCallsAreCountedByRequestAndByRoute() throws {
        let workspace = try loadWorkspace(Self.petsWorkspace + """

            expect-calls:
              - {request: getPet, times: 2}
              - {route: "POST /pets", atLeast: 1}
              - {route: "GET /flaky", atMost: 0}
            """)
        #expect(workspace.expectedCalls.count == 3)
        let service = try MockService.make(workspace: workspace, settings: MockSettings())
        _ = service.call("GET", "/pets/1")
        _ = service.call("GET", "/pets/2")
        let verdicts = service.verify(workspace.expectedCalls)
        #expect(verdicts.map(\.count) == [2, 0, 0])
        #expect(verdicts.map(\.isMet) == [true, false, true])
    }

    @Test func aMockBlockThatIsWrongNamesItsPlace() throws {
        for (yaml, message) in [
            ("mock: {status: 700}", "700 is not an HTTP status"),
            ("mock: {delay: soon}", "is not a duration"),
            ("mock: {fail: {rate: 150%}}", "is not a share of calls"),
            ("mock: {jitter: 5ms}", "jitter goes with a delay"),
            ("mock: {body: \"{{nope}}\"}", "undefined variable {{nope}}"),
            ("mock: {colour: red}", "colour"),
        ] {
            let text = "requests:\n  a:\n    url: /a\n    \(yaml)\n"
            do {
                _ = try loadWorkspace(text)
                Issue.record("\(yaml) was accepted")
            } catch {
                let text = "\(error)"
                #expect(text.contains(message), "\(yaml): \(text)")
                #expect(text.contains("api.yaml:4:"), "\(yaml): \(text)")
            }
        }
    }
}
