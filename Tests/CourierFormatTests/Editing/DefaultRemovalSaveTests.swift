import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
import Foundation
import Testing

/// Saving a request whose headers or args remove an inherited default with `null`: the
/// `null` stays where it was written and still removes the default when read back.
@Suite struct DefaultRemovalSaveTests {
    private static let removals = """
        config:
          headers: {X-Trace: on, X-Client: courier}
          args: {client: courier, debug: 1}
        requests:
          r:
            url: /anything/r
            headers:
              X-One: one
              X-Trace: null
              X-Two: two
            args:
              page: 1
              debug: null
        """

    @Test func aRequestThatRemovesAnInheritedDefaultSavesAndKeepsTheNull() throws {
        let saved = try saveDraft(Self.removals, "r") { draft in
            draft.url = "/anything/edited"
            draft.headers.append(KeyValueRow(name: "X-Three", value: "three"))
            draft.args?.append(KeyValueRow(name: "q", value: "x"))
        }
        #expect(saved.text.contains("      X-One: one\n      X-Trace: null\n      X-Two: two\n      X-Three: three\n"), "\(saved.text)")
        #expect(saved.text.contains("      page: 1\n      debug: null\n      q: x\n"), "\(saved.text)")
        let request = try #require(try parseWorkspace(saved.text).requests["r"])
        expectEqual(request.removedHeaders, ["X-Trace"])
        expectEqual(request.headers.map(\.name), ["X-One", "X-Two", "X-Three"])
        #expect(RequestDraft(request).headers.map(\.name) == ["X-One", "X-Trace", "X-Two", "X-Three"], "the removal keeps its place")
        let defaults = try parseWorkspace(saved.text).serviceDefaults(environment: nil)
        let sent = request.applyingDefaults(defaults)
        #expect(sent.headers.map(\.name) == ["X-Client", "X-One", "X-Two", "X-Three"], "still not sent after the save")
        expectEqual(sent.args, ["client": "courier", "page": 1, "q": "x"])
    }

    @Test func aRemovalTypedInTheComposerIsSavedAsNull() throws {
        let saved = try saveDraft(Self.removals, "r") { draft in
            draft.headers.append(KeyValueRow(name: "X-Client", value: "null", type: KeyValueRow.inferredType(of: "null")))
        }
        #expect(saved.text.contains("      X-Two: two\n      X-Client: null\n"), "\(saved.text)")
        let request = try #require(try parseWorkspace(saved.text).requests["r"])
        expectEqual(request.removedHeaders, ["X-Trace", "X-Client"])
        expectEqual(RequestDraft(request).applied(to: request).removedHeaders, ["X-Trace", "X-Client"])
    }

    @Test func aFlowStyleRequestWithARemovalIsRewrittenAndSaved() throws {
        let text = "config: {headers: {X-Trace: on}}\nrequests:\n  r: {url: /r, headers: {X-A: a, X-Trace: null}}\n"
        let saved = try saveDraft(text, "r") { $0.url = "/s" }
        let request = try #require(try parseWorkspace(saved.text).requests["r"])
        #expect(request.url == "/s" && request.removedHeaders == ["X-Trace"], "\(saved.text)")
        expectEqual(request.headerOrder, ["X-A", "X-Trace"])
    }
}
