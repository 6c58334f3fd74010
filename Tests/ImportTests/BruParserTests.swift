@testable import CourierImport
import Foundation
import Testing

/// The hand-written Bru reader on the language's edge cases and on bruno-lang's own fixtures.
@Suite struct BruParserTests {
    @Test func textBlocksKeepNestedBracesAndDropTheirIndentation() throws {
        let document = try BruDocument(parsing: """
            body:json {
              {
                "a": {"b": [1, {"c": 2}]},
                "d": "}"
              }
            }

            docs {
              # Title
            }
            """)
        #expect(document.block("body:json")?.text == "{\n  \"a\": {\"b\": [1, {\"c\": 2}]},\n  \"d\": \"}\"\n}")
        expectEqual(document.block("docs")?.text, "# Title")
    }

    @Test func switchedOffQuotedAndLocalEntries() throws {
        let document = try BruDocument(parsing: """
            headers {
              plain: a: b
              ~off: hidden
              "colon:key": quoted
              "nested \\"quote\\"": yes
              ~"off:quoted": no
            }
            vars:post-response {
              @local: res.body.id
              ~@both: res.body.x
            }
            """)
        let headers = try #require(document.block("headers")?.entries)
        expectEqual(headers.map(\.key), ["plain", "off", "colon:key", "nested \"quote\"", "off:quoted"])
        expectEqual(headers.map(\.enabled), [true, false, true, true, false])
        expectEqual(headers[0].value, "a: b")
        let vars = try #require(document.block("vars:post-response")?.entries)
        expectEqual(vars.map(\.local), [true, true])
        expectEqual(vars.map(\.enabled), [true, false])
    }

    @Test func multilineValuesAndAnnotations() throws {
        let document = try BruDocument(parsing: """
            body:multipart-form {
              @description('''
                several
                lines
              ''')
              json: {"bar":"baz"} @contentType(application/json)
              text: '''
                line one
                  indented
              ''' @contentType(text/plain)
              file: @file(a.png|b.png)
            }
            vars {
              @number
              count: 100
              one: '''same line'''
            }
            """)
        let parts = try #require(document.block("body:multipart-form")?.entries)
        expectEqual(parts.map(\.key), ["json", "text", "file"])
        expectEqual(parts[0].annotations, ["description"])
        #expect(parts[0].plainValue.text == "{\"bar\":\"baz\"}")
        expectEqual(parts[0].plainValue.annotations, ["contentType": "application/json"])
        expectEqual(parts[1].plainValue.text, "line one\n  indented")
        expectEqual(parts[1].plainValue.annotations, ["contentType": "text/plain"])
        expectEqual(parts[2].plainValue.text, "")
        expectEqual(parts[2].plainValue.annotations, ["file": "a.png|b.png"])
        expectEqual(document.block("vars")?.entries.map(\.value), ["100", "same line"])
        expectEqual(document.block("vars")?.entries.first?.annotations, ["number"])
    }

    @Test func listBlocks() throws {
        let document = try BruDocument(parsing: "vars:secret [\n  a,\n  b\n]\n")
        expectEqual(document.block("vars:secret")?.items, ["a", "b"])
    }

    @Test func mistakesNameTheirLineAndColumn() {
        #expect(throws: BruDocument.SyntaxError.self) { try BruDocument(parsing: "meta {\n  name: x\n") }
        do {
            _ = try BruDocument(parsing: "meta {\n  name: x\n}\n\nheaders {\n  no colon here\n}\n")
            Issue.record("a line without a colon was read")
        } catch {
            expectEqual(error.line, 6)
            expectEqual(error.column, 3)
            #expect(error.message.contains("expected \"key: value\""))
        }
        do {
            _ = try BruDocument(parsing: "meta {\n}\nstray text\n")
            Issue.record("stray text was read")
        } catch {
            expectEqual(error.line, 3)
        }
        do {
            _ = try BruDocument(parsing: "vars {\n  a: '''\n    never closed\n}\n")
            Issue.record("an open multiline value was read")
        } catch {
            expectEqual(error.line, 2)
        }
    }

    @Test func bruLangsOwnRequestFixture() throws {
        let document = try BruDocument(parsing: String(decoding: try fixture("bruno/lang/request.bru"), as: UTF8.self))
        expectEqual(document.value("name", in: "meta"), "Send Bulk SMS")
        expectEqual(document.value("url", in: "get"), "https://api.textlocal.in/send/:id")
        let query = try #require(document.block("params:query")?.entries)
        expectEqual(query.count, 8)
        #expect(query.filter { !$0.enabled }.map(\.key) == ["disabled:colon:parameter", "message"])
        #expect(query.first { $0.key == "{braces}" }?.value == "is allowed")
        #expect(document.block("body:graphql")?.text?.hasPrefix("{\n  launchesPast {") == true)
        expectEqual(document.block("body:sparql")?.text?.contains("?subject ?predicate ?object ."), true)
        expectEqual(document.value("grant_type", in: "auth:oauth2"), "authorization_code")
        expectEqual(document.block("vars:post-response")?.entries.map(\.key), ["token", "orderNumber", "petId", "transactionId"])
        expectEqual(document.block("tests")?.text?.contains("expect(response.status).to.equal(200);"), true)
        expectEqual(document.blocks.count, 26)
        expectEqual(document.value("tags", in: "meta"), "foo, bar")
    }
}
