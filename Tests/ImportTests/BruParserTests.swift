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
        #expect(document.block("docs")?.text == "# Title")
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
        #expect(headers.map(\.key) == ["plain", "off", "colon:key", "nested \"quote\"", "off:quoted"])
        #expect(headers.map(\.enabled) == [true, false, true, true, false])
        #expect(headers[0].value == "a: b")
        let vars = try #require(document.block("vars:post-response")?.entries)
        #expect(vars.map(\.local) == [true, true])
        #expect(vars.map(\.enabled) == [true, false])
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
        #expect(parts.map(\.key) == ["json", "text", "file"])
        #expect(parts[0].annotations == ["description"])
        #expect(parts[0].plainValue.text == "{\"bar\":\"baz\"}")
        #expect(parts[0].plainValue.annotations == ["contentType": "application/json"])
        #expect(parts[1].plainValue.text == "line one\n  indented")
        #expect(parts[1].plainValue.annotations == ["contentType": "text/plain"])
        #expect(parts[2].plainValue.text == "")
        #expect(parts[2].plainValue.annotations == ["file": "a.png|b.png"])
        #expect(document.block("vars")?.entries.map(\.value) == ["100", "same line"])
        #expect(document.block("vars")?.entries.first?.annotations == ["number"])
    }

    @Test func listBlocks() throws {
        let document = try BruDocument(parsing: "vars:secret [\n  a,\n  b\n]\n")
        #expect(document.block("vars:secret")?.items == ["a", "b"])
    }

    @Test func mistakesNameTheirLineAndColumn() {
        #expect(throws: BruDocument.SyntaxError.self) { try BruDocument(parsing: "meta {\n  name: x\n") }
        do {
            _ = try BruDocument(parsing: "meta {\n  name: x\n}\n\nheaders {\n  no colon here\n}\n")
            Issue.record("a line without a colon was read")
        } catch {
            #expect(error.line == 6)
            #expect(error.column == 3)
            #expect(error.message.contains("expected \"key: value\""))
        }
        do {
            _ = try BruDocument(parsing: "meta {\n}\nstray text\n")
            Issue.record("stray text was read")
        } catch {
            #expect(error.line == 3)
        }
        do {
            _ = try BruDocument(parsing: "vars {\n  a: '''\n    never closed\n}\n")
            Issue.record("an open multiline value was read")
        } catch {
            #expect(error.line == 2)
        }
    }

    @Test func bruLangsOwnRequestFixture() throws {
        let document = try BruDocument(parsing: String(decoding: try fixture("bruno/lang/request.bru"), as: UTF8.self))
        #expect(document.value("name", in: "meta") == "Send Bulk SMS")
        #expect(document.value("url", in: "get") == "https://api.textlocal.in/send/:id")
        let query = try #require(document.block("params:query")?.entries)
        #expect(query.count == 8)
        #expect(query.filter { !$0.enabled }.map(\.key) == ["disabled:colon:parameter", "message"])
        #expect(query.first { $0.key == "{braces}" }?.value == "is allowed")
        #expect(document.block("body:graphql")?.text?.hasPrefix("{\n  launchesPast {") == true)
        #expect(document.block("body:sparql")?.text?.contains("?subject ?predicate ?object .") == true)
        #expect(document.value("grant_type", in: "auth:oauth2") == "authorization_code")
        #expect(document.block("vars:post-response")?.entries.map(\.key) == ["token", "orderNumber", "petId", "transactionId"])
        #expect(document.block("tests")?.text?.contains("expect(response.status).to.equal(200);") == true)
        #expect(document.blocks.count == 26)
        #expect(document.value("tags", in: "meta") == "foo, bar")
    }
}
