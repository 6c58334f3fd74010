import Courier

/// docs/library.md's first example: a request subclass sent by the shared agent.
func sendThroughTheSharedAgent() async throws {
    // begin docs/library.md
    final class UserRequest: Request, @unchecked Sendable {
        let id: Int
        init(id: Int) { self.id = id }
        override var requestURL: String { "/anything/users/\(id)" }
    }

    NetworkConfig.shared.baseURL = "http://127.0.0.1:8080"
    let user = try await UserRequest(id: 2).run()   // the finished request, or throws its RequestError
    print(user.responseStatusCode)
    // end docs/library.md
}
