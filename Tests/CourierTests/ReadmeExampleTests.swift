import Courier
import Testing

// The README's example, compiled and run: keep the two in step.
final class UserRequest: Request, @unchecked Sendable {
    let id: Int
    init(id: Int) { self.id = id }
    override var requestURL: String { "/anything/users/\(id)" }
    override var jsonValidator: JSONTemplate? { .object(["method": .string, "url": .string]) }
}

@Suite struct ReadmeExampleTests {
    @Test func subclassStartedWithClosuresAndWithAsync() async throws {
        try await withTestBed { bed in
            let log = EventLog()
            let first = UserRequest(id: 1)
            first.agent = bed.agent
            first.start(success: { log.record("ok \($0.responseJSON?["url"]?.stringValue ?? "")") },
                        failure: { log.record("failed \($0.error!)") })

            let second = UserRequest(id: 2)
            second.agent = bed.agent
            let user = try await second.run()

            await log.waitForEvents(1)
            #expect(log.events == ["ok \(bed.server.baseURL)/anything/users/1"])
            #expect(user.responseStatusCode == 200)
            #expect(user.responseJSON?["url"]?.stringValue == "\(bed.server.baseURL)/anything/users/2")
        }
    }
}
