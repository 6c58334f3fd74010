import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// The OpenAPI importer runs the workspace loader's alias guard (`AliasExpansion`) on YAML
/// before Yams composes it: an alias bomb used as a mapping key is refused at once, at the
/// alias that goes over the bound, instead of hanging in Yams's duplicate-key check.
@Suite struct ImportAliasGuardTests {
    /// A document whose one key is a sequence of seven levels, each repeating the one before ten
    /// times: about 12 million values in some 400 bytes. Unguarded, Yams hashes the whole key
    /// while composing (minutes at this size, 167 s measured for a similar 10^7 key).
    static let keyBomb: String = {
        var levels = ["&a0 [" + Array(repeating: "x", count: 10).joined(separator: ", ") + "]"]
        for level in 1...6 {
            levels.append("&a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]")
        }
        return "openapi: 3.1.0\ninfo: {title: bomb, version: '1'}\npaths: {}\nx-bomb:\n  ? [" + levels.joined(separator: ", ")
            + "]\n  : value\n"
    }()

    @Test func anAliasBombAsAMappingKeyIsRefusedByTheGuardWithItsPlace() throws {
        let text = Self.keyBomb
        let failure: ImportFailure
        do {
            _ = try OpenAPIImport.result(document: Data(text.utf8), file: "bomb.yaml")
            Issue.record("the bomb was imported")
            return
        } catch {
            failure = error
        }
        // The first *a5 of level six takes the count past two million: line 5, where the key is.
        let excess = try #require(AliasExpansion.excess(in: text, limit: 2_000_000))
        expectEqual(failure.location, "\(excess.line):\(excess.column)")
        expectEqual(failure.message, excess.message(subject: "the document"))
        #expect(failure.description.hasPrefix("bomb.yaml:5:"), "\(failure)")
        #expect(failure.description.hasSuffix(
            "error: the document expands to more than 2000000 values through aliases (here *a5 repeats &a5, which holds 1111111)"),
            "\(failure)")
    }

    @Test func aliasesAnAPIDescriptionUsesStillImport() throws {
        let text = """
            openapi: 3.1.0
            info: {title: shared, version: '1'}
            paths:
              /a:
                get:
                  operationId: getA
                  responses: &ok {"200": {description: ok}}
              /b:
                get:
                  operationId: getB
                  responses: *ok
            """
        let result = try OpenAPIImport.result(document: Data(text.utf8), file: "shared.yaml")
        expectEqual(result.workspace.requests.map(\.definition.name), ["get-a", "get-b"])
    }
}
