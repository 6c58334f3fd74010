import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
import Foundation
import Testing

@Suite("Workspace save: editing a request")
struct WorkspaceSaveTests {
    static let headers = """
        # Requests with block mappings.
        requests:
          r:
            url: /r            # the endpoint
            headers:
              X-One: one
              X-Two: "two"     # kept
              X-Three: 'three'
            args:
              page: 1
              q: text

          other:
            url: /other
        """

    @Test("editing one URL of demo.yaml changes exactly that line")
    func oneLineDiff() throws {
        let text = try String(contentsOfFile: repositoryRoot + "/workspaces/demo.yaml", encoding: .utf8)
        let result = try saveDraft(text, "slow") { $0.url = "/delay/2" }
        let before = text.split(separator: "\n", omittingEmptySubsequences: false)
        let after = result.text.split(separator: "\n", omittingEmptySubsequences: false)
        expectEqual(after.count, before.count)
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }
        expectEqual(changed.map(\.element.0), ["    url: /delay/1"])
        expectEqual(changed.map(\.element.1), ["    url: /delay/2"])
        expectEqual(result.notes, [])
        expectEqual(try parseWorkspace(result.text, extraVariables: ["token", "orderId"]).requests["slow"]?.url, "/delay/2")
    }

    @Test("every request of the examples, edited every way at once, reads back as the draft says; the others stay equal",
          arguments: ["demo", "petstore"])
    func examplesReadBackAsDrafts(example: String) throws {
        let text = try String(contentsOfFile: repositoryRoot + "/workspaces/\(example).yaml", encoding: .utf8)
        let workspace = try Workspace.parse(yaml: text, file: "\(example).yaml")
        for name in workspace.requestNames {
            let original = try #require(workspace.requests[name])
            var draft = RequestDraft(original)
            draft.name = name + "-2"
            // A gRPC call's URL is its grpc: and it has no arguments: the composer edits neither.
            if original.grpc == nil { draft.url += "/x" }
            if !draft.headers.isEmpty { draft.headers[0].isEnabled = false }
            draft.headers.append(KeyValueRow(name: "X-Added", value: "{{uuid}}"))
            if draft.args?.isEmpty == false { draft.args?[0].value = "changed: yes" }
            if original.grpc == nil { draft.args?.append(KeyValueRow(name: "extra", value: "1", type: .int)) }
            draft.form?[0].value = "true"
            let result = try WorkspaceWriter.apply([.update(original: name, draft: draft)], to: text, file: "\(example).yaml")
            let saved = try Workspace.parse(yaml: result.text, file: "\(example).yaml")
            #expect(saved.requestNames == workspace.requestNames.map { $0 == name ? draft.name : $0 })
            let found = differences(try #require(saved.requests[draft.name]), draft.applied(to: original))
            #expect(found == [], "\(name): \(found)")
            for other in workspace.requestNames where other != name {
                let before = try #require(workspace.requests[other])
                #expect(differences(try #require(saved.requests[other]), before) == [], "\(name): \(other)")
            }
        }
    }

    @Test("a header's value changes in place, keeping its quotes and the comment after it")
    func headerValue() throws {
        let result = try saveDraft(Self.headers, "r") {
            $0.headers[0].value = "uno"
            $0.headers[1].value = "deux"
            $0.headers[2].value = "it's"
        }
        #expect(result.text == Self.headers
            .replacingOccurrences(of: "X-One: one", with: "X-One: uno")
            .replacingOccurrences(of: "X-Two: \"two\"", with: "X-Two: \"deux\"")
            .replacingOccurrences(of: "X-Three: 'three'", with: "X-Three: 'it''s'"))
    }

    @Test("columns count Unicode scalars, as libyaml does: text after emoji and combining marks is found")
    func unicodeColumns() throws {
        let text = "requests:\n  u:\n    url: /u\n    headers: \n      X-e\u{301}🚀: \"e\u{301}🚀\"  # ☕\n      X-B: b\n"
        let result = try saveDraft(text, "u") {
            $0.headers[0].value = "über"
            $0.headers[1].value = "c"
        }
        #expect(result.text == "requests:\n  u:\n    url: /u\n    headers: \n      X-e\u{301}🚀: \"über\"  # ☕\n      X-B: c\n")
    }

    @Test("a plain value that would no longer read as the same string is double-quoted")
    func plainBecomesQuoted() throws {
        let cases = ["{{uuid}}": "\"{{uuid}}\"", "a: b": "\"a: b\"", "a #b": "\"a #b\"", " padded": "\" padded\"",
                     "true": "\"true\"", "12": "\"12\"", "": "\"\"", "~": "\"~\"", "- item": "\"- item\"",
                     "say \"hi\"": "say \"hi\"", "tab\there": "\"tab\\there\"", "fine-value/x?y=1": "fine-value/x?y=1",
                     "del\u{7F}": "\"del\\u007F\"", "line\u{2028}break": "\"line\\u2028break\""]
        for (value, written) in cases {
            let result = try saveDraft(Self.headers, "r") { $0.headers[0].value = value }
            #expect(result.text.contains("      X-One: \(written)\n"), "\(value)")
            expectEqual(try parseWorkspace(result.text).requests["r"]?.headers.first?.value, value)
        }
        let singleQuoted = try saveDraft(Self.headers, "r") { $0.headers[2].value = "two\nlines" }
        #expect(singleQuoted.text.contains("      X-Three: \"two\\nlines\"\n"))
    }

    @Test("an argument keeps its type: 1 → 2 stays plain, the string \"2\" is quoted")
    func argumentTypes() throws {
        let number = try saveDraft(Self.headers, "r") { $0.args?[0].value = "2" }
        #expect(number.text.contains("      page: 2\n"))
        expectEqual(try parseWorkspace(number.text).requests["r"]?.args?["page"], .int(2))
        let string = try saveDraft(Self.headers, "r") {
            $0.args?[0] = KeyValueRow(name: "page", value: "2", type: .string)
            $0.args?[1].value = "null"
        }
        #expect(string.text.contains("      page: \"2\"\n      q: \"null\"\n"))
        expectEqual(try parseWorkspace(string.text).requests["r"]?.args, ["page": "2", "q": "null"])
        let typed = try saveDraft(Self.headers, "r") { $0.args?[1] = KeyValueRow(name: "q", value: "true", type: .bool) }
        #expect(typed.text.contains("      q: true\n"))
        let empty = "requests:\n  e:\n    url: /e\n    args:\n      none:\n      after: 1\n"
        #expect(try saveDraft(empty, "e") { $0.args?[0].value = "5"; $0.args?[0].type = .int }.text
            == "requests:\n  e:\n    url: /e\n    args:\n      none: 5\n      after: 1\n")
    }

    @Test("a header is added after the last one, removed with its line, or switched off as a comment")
    func headerRows() throws {
        let added = try saveDraft(Self.headers, "r") { $0.headers.append(KeyValueRow(name: "Accept", value: "application/json")) }
        #expect(added.text == Self.headers.replacingOccurrences(of: "X-Three: 'three'\n",
                                                                with: "X-Three: 'three'\n      Accept: application/json\n"))
        let removed = try saveDraft(Self.headers, "r") { $0.headers.remove(at: 1) }
        expectEqual(removed.text, Self.headers.replacingOccurrences(of: "      X-Two: \"two\"     # kept\n", with: ""))
        let off = try saveDraft(Self.headers, "r") { $0.headers[1].isEnabled = false }
        expectEqual(off.text, Self.headers.replacingOccurrences(of: "      X-Two:", with: "      # X-Two:"))
        expectEqual(try parseWorkspace(off.text).requests["r"]?.headers.map(\.name), ["X-One", "X-Three"])
        let renamed = try saveDraft(Self.headers, "r") { $0.headers[0].name = "X-First" }
        expectEqual(renamed.text, Self.headers.replacingOccurrences(of: "X-One: one", with: "X-First: one"))
    }

    @Test("a header switched back on takes its commented-out line again")
    func switchedBackOn() throws {
        let off = try saveDraft(Self.headers, "r") { $0.headers[1].isEnabled = false }
        let on = try saveDraft(off.text, "r") { $0.headers.insert(KeyValueRow(name: "X-Two", value: "two"), at: 1) }
        expectEqual(on.text, Self.headers.replacingOccurrences(of: "X-Two: \"two\"     # kept", with: "X-Two: two"))
    }

    @Test("with every header switched off the mapping is {}; with none left the key goes")
    func noHeadersLeft() throws {
        let off = try saveDraft(Self.headers, "r") { draft in
            for index in draft.headers.indices { draft.headers[index].isEnabled = false }
        }
        #expect(off.text.contains("""
                headers: {}
                  # X-One: one
                  # X-Two: "two"     # kept
                  # X-Three: 'three'
                args:
            """))
        expectEqual(try parseWorkspace(off.text).requests["r"]?.headers.isEmpty, true)
        let backOn = try saveDraft(off.text, "r") { $0.headers = [KeyValueRow(name: "X-One", value: "one")] }
        #expect(backOn.text == Self.headers.replacingOccurrences(of: "      X-Two:", with: "      # X-Two:")
            .replacingOccurrences(of: "      X-Three:", with: "      # X-Three:"))
        let none = try saveDraft(Self.headers, "r") { $0.headers = [] }
        #expect(none.text == Self.headers.replacingOccurrences(of: """
                headers:
                  X-One: one
                  X-Two: "two"     # kept
                  X-Three: 'three'

            """, with: ""))
    }

    @Test("the first header of a request goes under a new headers key after its last key")
    func firstHeader() throws {
        let result = try saveDraft(Self.headers, "other") { $0.headers = [KeyValueRow(name: "X-New", value: "{{uuid}}")] }
        #expect(result.text == Self.headers + "\n    headers:\n      X-New: \"{{uuid}}\"\n")
        let args = try saveDraft(Self.headers + "\n", "other") { $0.args = [KeyValueRow(name: "n", value: "5", type: .int)] }
        expectEqual(args.text, Self.headers + "\n    args:\n      \"n\": 5\n")
    }

    @Test("a method is changed in place, or inserted before url: with the sibling keys' indentation")
    func method() throws {
        let inserted = try saveDraft(Self.headers, "other") { $0.method = .delete }
        expectEqual(inserted.text, Self.headers.replacingOccurrences(of: "  other:\n", with: "  other:\n    method: DELETE\n"))
        let changed = try saveDraft(inserted.text, "other") { $0.method = .put }
        expectEqual(changed.text, Self.headers.replacingOccurrences(of: "  other:\n", with: "  other:\n    method: PUT\n"))
        let described = "requests:\n  d:\n    description: A request.\n    url: /d\n"
        #expect(try saveDraft(described, "d") { $0.method = .post }.text
            == "requests:\n  d:\n    description: A request.\n    method: POST\n    url: /d\n")
    }

    @Test("form fields are edited in a block form; a field removed and one added take the same line")
    func formFields() throws {
        let text = """
            requests:
              f:
                method: POST
                url: /post
                body:
                  form:
                    name: courier   # who
                    lang: swift
            """
        let result = try saveDraft(text, "f") {
            $0.form?[0].value = "Courier {{uuid}}"
            $0.form?.remove(at: 1)
            $0.form?.append(KeyValueRow(name: "count", value: "3", type: .int))
        }
        #expect(result.text == """
            requests:
              f:
                method: POST
                url: /post
                body:
                  form:
                    name: Courier {{uuid}}   # who
                    count: 3
            """)
        #expect(try parseWorkspace(result.text).requests["f"]?.body
            == .form(["name": "Courier {{uuid}}", "count": 3], order: ["name", "count"]))
    }

    @Test("an edit that touches a flow collection rewrites that request's block, with a note")
    func flowRewrite() throws {
        let text = """
            requests:
              orders: {url: /orders, auth: {bearer: x}}   # one line
              get-args:
                url: /get
                args: {lang: "{{uuid}}", page: 1}
            """
        let orders = try saveDraft(text, "orders") { $0.url = "/orders/2" }
        expectEqual(orders.notes, ["orders: written in flow style; its block was rewritten; the comments in it were lost"])
        #expect(orders.text == """
            requests:
              orders:
                url: /orders/2
                auth:
                  bearer: x
              get-args:
                url: /get
                args: {lang: "{{uuid}}", page: 1}
            """)
        let args = try saveDraft(text, "get-args") {
            $0.args?[1].value = "2"
            $0.args?[0].isEnabled = false
        }
        expectEqual(args.notes, ["get-args: written in flow style; its block was rewritten"])
        #expect(args.text == """
            requests:
              orders: {url: /orders, auth: {bearer: x}}   # one line
              get-args:
                url: /get
                args:
                  # lang: "{{uuid}}"
                  page: 2

            """)
    }

    @Test("a value written over several lines is not spliced: the block is rewritten, with a note")
    func multiLineValue() throws {
        let text = "requests:\n  long:\n    url: /a\n      /b\n    headers:\n      X-Note: |\n        two\n        lines\n"
        let header = try saveDraft(text, "long") { $0.headers[0].value = "one line" }
        expectEqual(header.text, "requests:\n  long:\n    url: /a\n      /b\n    headers:\n      X-Note: one line\n")
        expectEqual(header.notes, [])
        let url = try saveDraft(text, "long") { $0.url = "/c" }
        expectEqual(url.notes, ["long: a value is written over several lines; its block was rewritten"])
        expectEqual(url.text, "requests:\n  long:\n    url: /c\n    headers:\n      X-Note: \"two\\nlines\\n\"\n")
    }

    @Test("the demo's flow-style form is rewritten in block style and then edited")
    func demoFlowForm() throws {
        let text = try String(contentsOfFile: repositoryRoot + "/workspaces/demo.yaml", encoding: .utf8)
        let result = try saveDraft(text, "post-form") { $0.form?[0].value = "courier 2" }
        expectEqual(result.notes, ["post-form: written in flow style; its block was rewritten"])
        #expect(result.text.contains("""
              post-form:
                method: POST
                url: /post
                body:
                  form:
                    name: courier 2
                    lang: "{{lang}}"
                validate:
                  json: {form: {lang: string, name: string}}

              post-text:
            """))
        let withoutPostForm = { (text: String) in
            text.components(separatedBy: "\n\n").filter { !$0.hasPrefix("  post-form:") }.joined(separator: "\n\n")
        }
        expectEqual(withoutPostForm(result.text), withoutPostForm(text))
        #expect(withoutPostForm(text) != text)
    }

    @Test("comments, blank lines and other requests stay byte for byte")
    func commentsUntouched() throws {
        let text = """
            # top
            name: commented   # trailing

            requests:   # the requests
              # before a
              a:
                # inside a
                url: /a   # a's url
                headers:
                  # no headers yet
                  X-A: "1"   # first

              b:
                url: '/b'
            # the end
            """
        let result = try saveDraft(text, "a") {
            $0.url = "/a2"
            $0.headers[0].value = "2"
        }
        #expect(result.text == text.replacingOccurrences(of: "url: /a ", with: "url: /a2 ")
            .replacingOccurrences(of: "X-A: \"1\"", with: "X-A: \"2\""))
        let quoted = try saveDraft(text, "b") { $0.url = "/b's" }
        expectEqual(quoted.text, text.replacingOccurrences(of: "url: '/b'", with: "url: '/b''s'"))
    }

    @Test("an edit whose result would not load is refused, as is an unknown request")
    func refused() throws {
        let text = "requests:\n  file:\n    url: /bytes\n    download: out.bin\n"
        let error = saveError(text, [.update(original: "file", draft: {
            var draft = RequestDraft(try! parseWorkspace(text).requests["file"]!)
            draft.method = .post
            return draft
        }())])
        expectEqual(error?.kind, .invalidValue)
        expectEqual(error?.description.contains("a download must use GET"), true)
        var draft = RequestDraft(try #require(try parseWorkspace(text).requests["file"]))
        draft.headers = [KeyValueRow(name: "X-A", value: "{{undefined}}")]
        expectEqual(saveError(text, [.update(original: "file", draft: draft)])?.kind, .undefinedVariable)
        expectEqual(saveError(text, [.update(original: "nope", draft: draft)])?.kind, .unknownTarget)
    }
}
