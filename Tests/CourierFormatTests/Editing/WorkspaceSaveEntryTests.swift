import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
import Foundation
import Testing

@Suite("Workspace save: renaming, adding and deleting requests")
struct WorkspaceSaveEntryTests {
    static let workspace = """
        requests:
          login:
            method: POST
            url: /login

          profile:
            url: /profile

          orders:
            url: /orders

        batches:
          smoke: [login, profile]
          all:
            requests:
              - smoke
              - "login"

        chains:
          checkout:
            steps:
              - request: login
                capture: {token: $.token}
              - parallel: [profile, {request: login}]
                when: status.login == 200
              - login
              - request: profile
                when: [status.login == 200, "status.loginx != {{status.login}}"]
        variables: {status.loginx: "1"}
        """

    @Test("a rename renames the key, every reference in batches and chains and status.NAME in conditions, and nothing else")
    func rename() throws {
        let result = try saveDraft(Self.workspace, "login") { $0.name = "sign-in" }
        #expect(result.text == Self.workspace
            .replacingOccurrences(of: "  login:", with: "  sign-in:")
            .replacingOccurrences(of: "[login, profile]", with: "[sign-in, profile]")
            .replacingOccurrences(of: "- \"login\"", with: "- \"sign-in\"")
            .replacingOccurrences(of: "request: login", with: "request: sign-in")
            .replacingOccurrences(of: "      - login\n", with: "      - sign-in\n")
            .replacingOccurrences(of: "status.login ", with: "status.sign-in ")
            .replacingOccurrences(of: "{{status.login}}", with: "{{status.sign-in}}"))
        let workspace = try parseWorkspace(result.text)
        expectEqual(workspace.requestNames, ["sign-in", "profile", "orders"])
        expectEqual(workspace.requestNames(inBatch: "all"), ["sign-in", "profile", "sign-in"])
        #expect(workspace.chains["checkout"]?.steps.flatMap { $0.items.map(\.request.name) }
            == ["sign-in", "profile", "sign-in", "sign-in", "profile"])
        #expect(workspace.chains["checkout"]?.steps.flatMap { $0.conditions.flatMap(\.variables) }
            == ["status.sign-in", "status.sign-in", "status.loginx", "status.sign-in"])
    }

    @Test("a rename with other changes does both")
    func renameAndEdit() throws {
        let result = try saveDraft(Self.workspace, "orders") {
            $0.name = "order-list"
            $0.url = "/orders?all=1"
        }
        #expect(result.text == Self.workspace.replacingOccurrences(of: "  orders:\n    url: /orders",
                                                                   with: "  order-list:\n    url: /orders?all=1"))
    }

    @Test("a rename to a name in use, or one that would need quotes, is refused", arguments: [
        "profile", "smoke", "checkout", "", " padded", "a: b", "a,b", "[x]", "{{x}}", "12", "true", "null", "# x",
    ])
    func renameRefused(name: String) throws {
        var draft = RequestDraft(try #require(try parseWorkspace(Self.workspace).requests["orders"]))
        draft.name = name
        let error = saveError(Self.workspace, [.update(original: "orders", draft: draft)])
        expectEqual(error?.kind, .invalidValue)
        expectEqual(error?.location?.line, 9)
        #expect(error?.message.contains("cannot rename \"orders\"") == true, "\(String(describing: error))")
    }

    @Test("a delete removes the request's lines and leaves one blank line between its neighbours")
    func delete() throws {
        let last = try WorkspaceWriter.apply([.delete(name: "orders")], to: Self.workspace, file: "test.yaml")
        expectEqual(last.text, Self.workspace.replacingOccurrences(of: "  orders:\n    url: /orders\n\n", with: ""))
        let text = "requests:\n  a:\n    url: /a\n\n  b:\n    url: /b\n\n  c:\n    url: /c\n"
        let deleting = { (name: String, text: String) in try WorkspaceWriter.apply([.delete(name: name)], to: text, file: "t.yaml").text }
        expectEqual(try deleting("a", text), "requests:\n  b:\n    url: /b\n\n  c:\n    url: /c\n")
        expectEqual(try deleting("c", text), "requests:\n  a:\n    url: /a\n\n  b:\n    url: /b\n")
        let packed = "requests:\n  a:\n    url: /a\n  b:\n    url: /b   # b\n    # b's end\n\nname: x\n"
        expectEqual(try deleting("b", packed), "requests:\n  a:\n    url: /a\n\nname: x\n")
        #expect(try deleting("a", "requests:\n  a:\n    url: /a\nname: x\n") == "requests: {}\nname: x\n")
    }

    @Test("deleting a request a batch or chain refers to is refused, naming them")
    func deleteRefused() throws {
        let error = try #require(saveError(Self.workspace, [.delete(name: "login")]))
        expectEqual(error.kind, .invalidValue)
        expectEqual(error.location?.line, 2)
        expectEqual(error.message, "cannot delete request \"login\": batch \"smoke\", batch \"all\" and chain \"checkout\" refer to it")
        expectEqual(saveError(Self.workspace, [.delete(name: "nope")])?.kind, .unknownTarget)
    }

    @Test("a request imported from curl is appended with the file's indentation and spacing")
    func addFromCurl() throws {
        let yaml = try CurlImport.yaml(from: "curl -H 'X-Key: k' https://example.org/items", name: "items")
        let text = "requests:\n    a:\n        url: /a\n\n    b:\n        url: /b\n"
        let result = try WorkspaceWriter.apply([.add(name: "items", yaml: yaml)], to: text, file: "t.yaml")
        #expect(result.text == text + """

                items:
                    url: "https://example.org/items"
                    headers:
                        X-Key: "k"

            """)
        expectEqual(try parseWorkspace(result.text).requests["items"]?.headers.first?.value, "k")
    }

    @Test("a duplicate written by RequestYAML reads back as the original")
    func addDuplicate() throws {
        let text = try String(contentsOfFile: repositoryRoot + "/workspaces/petstore.yaml", encoding: .utf8)
        let original = try #require(try Workspace.parse(yaml: text, file: "petstore.yaml").requests["create-pet"])
        let result = try WorkspaceWriter.apply([.add(name: "create-pet-2", yaml: RequestYAML.block(for: original, name: "create-pet-2"))],
                                               to: text, file: "petstore.yaml")
        #expect(result.text.hasPrefix(text.components(separatedBy: "\nbatches:")[0] + "\n  create-pet-2:\n    method: POST\n"))
        #expect(result.text.hasSuffix("\nbatches:" + text.components(separatedBy: "\nbatches:")[1]))
        let copy = try #require(try Workspace.parse(yaml: result.text, file: "petstore.yaml").requests["create-pet-2"])
        expectEqual(differences(original, copy), [])
    }

    @Test("every example request duplicated reads back as the original; each is deleted tidily once nothing refers to it",
          arguments: ["demo", "petstore"])
    func examplesAddAndDelete(example: String) throws {
        let text = try String(contentsOfFile: repositoryRoot + "/workspaces/\(example).yaml", encoding: .utf8)
        let workspace = try Workspace.parse(yaml: text, file: "\(example).yaml")
        for name in workspace.requestNames {
            let original = try #require(workspace.requests[name])
            let added = try WorkspaceWriter.apply([.add(name: "copy", yaml: RequestYAML.block(for: original, name: "copy"))],
                                                  to: text, file: "\(example).yaml")
            let copy = try #require(try Workspace.parse(yaml: added.text, file: "x").requests["copy"])
            #expect(differences(copy, original) == [], "\(name)")
            let referenced = workspace.batches.values.contains { $0.items.contains { $0.name == name } }
                || workspace.chains.values.contains { $0.steps.contains { $0.items.contains { $0.request.name == name } } }
            if referenced {
                expectEqual(saveError(text, [.delete(name: name)])?.message.hasPrefix("cannot delete request \"\(name)\": "), true)
            } else {
                #expect(saveError(text, [.delete(name: name)]) == nil, "\(name) is referred to by nothing")
            }
            // Without its batches and chains, every request can go.
            let requestsOnly = text.components(separatedBy: "\nbatches:")[0]
            let captures: Set = ["token", "orderId", "petId"]
            let deleted = try WorkspaceWriter.apply([.delete(name: name)], to: requestsOnly, file: "\(example).yaml",
                                                    extraVariables: captures)
            let remaining = try Workspace.parse(yaml: deleted.text, file: "x", extraVariables: captures)
            #expect(remaining.requestNames == workspace.requestNames.filter { $0 != name })
            #expect(!deleted.text.contains("\n\n\n") && !deleted.text.contains(":\n\n  ") && !deleted.text.hasSuffix("\n\n"), "\(name)")
        }
    }

    @Test("a file without requests gets a requests key before its batches")
    func addFirstRequest() throws {
        let text = "name: empty\n\n# Batches.\nbatches: {}\n"
        let result = try WorkspaceWriter.apply([.add(name: "a", yaml: "a:\n  url: /a\n")], to: text, file: "t.yaml")
        #expect(result.text == "name: empty\n\nrequests:\n  a:\n    url: /a\n\n# Batches.\nbatches: {}\n")
        let emptied = try WorkspaceWriter.apply([.add(name: "b", yaml: "b:\n  url: /b\n")], to: "requests: {}\n", file: "t.yaml")
        expectEqual(emptied.text, "requests:\n  b:\n    url: /b\n")
        let bare = try WorkspaceWriter.apply([.add(name: "c", yaml: "c:\n  url: /c\n")], to: "name: bare", file: "t.yaml")
        expectEqual(bare.text, "name: bare\n\nrequests:\n  c:\n    url: /c\n")
    }

    @Test("re-indenting a new request keeps a block scalar's text")
    func addBlockScalar() throws {
        let yaml = "notes:\n  method: POST\n  url: /n\n  body:\n    text: |\n      first\n        indented\n"
        let text = "requests:\n    a:\n        url: /a\n"
        let result = try WorkspaceWriter.apply([.add(name: "notes", yaml: yaml)], to: text, file: "t.yaml")
        #expect(result.text == text + """
                notes:
                  method: POST
                  url: /n
                  body:
                    text: |
                      first
                        indented

            """)
        expectEqual(try parseWorkspace(result.text).requests["notes"]?.body, .text("first\n  indented\n", contentType: nil))
    }

    @Test("adding a name in use, or YAML that is not that request, is refused")
    func addRefused() {
        let taken = saveError(Self.workspace, [.add(name: "smoke", yaml: "smoke:\n  url: /s\n")])
        expectEqual(taken?.message.contains("the name \"smoke\" is already used by a batch"), true)
        expectEqual(saveError(Self.workspace, [.add(name: "x", yaml: "y:\n  url: /y\n")])?.kind, .invalidValue)
        expectEqual(saveError(Self.workspace, [.add(name: "x", yaml: "x:\n  url: [unclosed\n")])?.kind, .syntax)
        expectEqual(saveError(Self.workspace, [.add(name: "x", yaml: "x:\n  urll: /x\n")])?.kind, .unknownKey)
        let flow = "requests: {a: {url: /a}}\n"
        #expect(saveError(flow, [.add(name: "x", yaml: "x:\n  url: /x\n")])?.message
            .hasPrefix("requests: is written in flow style") == true)
        expectEqual(saveError(flow, [.delete(name: "a")])?.message.hasPrefix("requests: is written in flow style"), true)
    }

    @Test("edits apply in order; a refused one leaves nothing changed")
    func severalEdits() throws {
        let result = try WorkspaceWriter.apply([.add(name: "extra", yaml: "extra:\n  url: /e\n"), .delete(name: "orders")],
                                               to: Self.workspace, file: "test.yaml")
        expectEqual(try parseWorkspace(result.text).requestNames, ["login", "profile", "extra"])
        #expect(saveError(Self.workspace, [.delete(name: "orders"), .delete(name: "login")]) != nil)
    }

    @Test("writing replaces the file atomically and keeps its permissions")
    func atomicWrite() throws {
        let directory = temporaryDirectory("courier-save")
        let path = directory + "/ws.yaml"
        try "requests: {}\n".write(toFile: path, atomically: false, encoding: .utf8)
        expectEqual(chmod(path, 0o600), 0)
        let inode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
        try WorkspaceWriter.write("name: saved\n", to: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        expectEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        #expect(attributes[.systemFileNumber] as? UInt64 != inode)
        expectEqual(try String(contentsOfFile: path, encoding: .utf8), "name: saved\n")
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["ws.yaml"])
        let link = directory + "/link.yaml"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        try WorkspaceWriter.write("name: through the link\n", to: link)
        expectEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), path)
        expectEqual(try String(contentsOfFile: path, encoding: .utf8), "name: through the link\n")
    }
}
