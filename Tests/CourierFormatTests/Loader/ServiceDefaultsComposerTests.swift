@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
import Testing

/// What `config.args` add to a request: the arguments the request does not write itself (the
/// composer's marks are tested in WorkbenchTests).
@Suite struct ServiceDefaultsComposerTests {
    @Test func inheritedArgumentsAreThoseTheRequestDoesNotWrite() throws {
        let path = writeWorkspace("""
        config: {args: {client: courier, version: 1, gone: x}}
        requests:
          own: {url: /a, args: {version: 9, gone: null}}
          posted: {method: POST, url: /b, body: {json: {name: Rex}}}
        """)
        let workspace = try Workspace.load(path: path)
        let defaults = workspace.serviceDefaults(environment: nil)
        expectEqual(workspace.requests["own"]!.inheritedArgs(defaults).map(\.name), ["client"])
        expectEqual(workspace.requests["posted"]!.inheritedArgs(defaults).map(\.name), ["client", "version", "gone"])
    }
}
