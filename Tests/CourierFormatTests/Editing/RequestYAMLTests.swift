import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
import Foundation
import Testing

@Suite("RequestYAML")
struct RequestYAMLTests {
    @Test("every request of demo.yaml and petstore.yaml reads back equal from its block", arguments: ["demo", "petstore"])
    func examplesRoundTrip(example: String) throws {
        let workspace = try Workspace.load(path: repositoryRoot + "/workspaces/\(example).yaml")
        for name in workspace.requestNames {
            let original = try #require(workspace.requests[name])
            let block = RequestYAML.block(for: original, name: name)
            let copy = try parseBlock(block, name: name)
            #expect(differences(original, copy) == [], "\(example).yaml \(name):\n\(block)")
        }
    }

    static let everyField = """
        requests:
          full:
            description: "Every field: a test #1"
            method: put
            url: /anything/{{id}}
            useCDN: true
            args: {n: 1, f: 1.5, whole: 2.0, b: true, s: "x", quoted: "7", empty: "", none: null, list: [1, two, "3"], nested: {a: {b: [true]}}}
            headers: {X-One: "1", X-Two: two, X-Template: "{{id}}"}
            auth: {basic: {user: u, password: "p: w"}}
            timeout: 2.5
            priority: 7
            cache: {seconds: 30, version: 3, sensitive: "{{id}}", async: false}
            validate: {status: [200, 201, 204, 300, 301, 302, 303], json: "{id: int, tags: [string], any: any, o: object, a: array, n: number, b: bool}"}
            accept: [text/plain, application/json]
            response: raw
            retry: {limit: 1, backoff: 0.1, statuses: [503]}
            tls: {verify: false, caFile: /ca.pem, pinnedKey: "sha256//abc"}
            sensitive: ["{{id}}", plain]
            hud: "Loading #{{id}}: ready?"
            quietErrors: true
          bodies-text:
            method: POST
            url: /t
            body: {text: "line one\\nline two", contentType: "text/plain; charset=utf-8"}
            priority: high
          bodies-file:
            method: POST
            url: /f
            body: {file: "files/a b.bin", contentType: application/octet-stream}
            tls: {}
          bodies-form:
            method: POST
            url: /form
            body: {form: {z: last, a: 1, "key: odd": "{{id}}"}}
            validate: {status: "200-299"}
          bodies-multipart:
            method: POST
            url: /m
            auth: {bearer: "{{id}}"}
            body:
              multipart:
                - {name: note, value: "hi, there"}
                - {name: photo, file: cat.jpg, filename: cat.jpg, contentType: image/jpeg}
            retry: 2
          json-body:
            method: PATCH
            url: /j
            body: {json: [1, {k: "v"}, null]}
            validate: {}
          downloads:
            url: /d
            download: never.bin
          download-into:
            url: /d
            download: {path: "{{id}}/", resumable: true}
            cache: 5
        variables: {id: "42"}
        """

    @Test("every field of the format reads back equal")
    func everyFieldRoundTrips() throws {
        let workspace = try parseWorkspace(Self.everyField)
        expectEqual(workspace.requestNames.count, 8)
        for name in workspace.requestNames {
            let original = try #require(workspace.requests[name])
            let block = RequestYAML.block(for: original, name: name)
            #expect(differences(original, try parseBlock(block, name: name)) == [], "\(name):\n\(block)")
        }
    }

    static let grpcRequests = """
        requests:
          get-place:
            grpc: {target: "{{api}}", service: courier.demo.Places, method: GetPlace, proto: [protos/places.proto, extra.proto], importPaths: [protos]}
            message: {latitude: 4, longitude: "{{lon}}", tags: [a, "b c"], area: {low: {latitude: 1}}}
            metadata: {x-tenant: "{{tenant}}", trace-bin: AAEC}
            deadline: 2
            headers: {X-Plain: yes}
          from-set:
            grpc: {target: "localhost:50051", service: s.S, method: M, descriptorSet: places.pb, plaintext: true, compression: gzip}
          by-reflection:
            grpc: {target: "https://h:1", service: s.S, method: Chat, reflection: true}
            messages:
              - send: {message: hi}
              - expect: '$.message == "echo: hi"'
              - {expect: '$.message startsWith "echo"', timeout: 2}
              - wait: 0.5
              - close
        variables: {api: "http://127.0.0.1:1", lon: "7", tenant: t}
        """

    @Test("a gRPC request is written with grpc:, message:, metadata: and messages:, and reads back equal")
    func grpcRequestsRoundTrip() throws {
        let workspace = try parseWorkspace(Self.grpcRequests)
        for name in workspace.requestNames {
            let original = try #require(workspace.requests[name])
            let block = RequestYAML.block(for: original, name: name)
            #expect(!block.contains("url:") && !block.contains("method: POST"), "\(name):\n\(block)")
            #expect(differences(original, try parseBlock(block, name: name)) == [], "\(name):\n\(block)")
        }
        let written = RequestYAML.block(for: try #require(workspace.requests["by-reflection"]), name: "by-reflection")
        #expect(written == """
            by-reflection:
              grpc:
                target: https://h:1
                service: s.S
                method: Chat
                reflection: true
              messages:
                - send: {message: hi}
                - expect: "$.message == \\"echo: hi\\""
                - {expect: $.message startsWith "echo", timeout: 2}
                - wait: 0.5
                - close

            """, "\(written)")
    }

    @Test("the block is written in block style, in the README's key order, defaults left out")
    func blockLayout() throws {
        let workspace = try parseWorkspace(Self.everyField)
        #expect(RequestYAML.block(for: try #require(workspace.requests["full"]), name: "full") == """
            full:
              description: "Every field: a test #1"
              method: PUT
              url: /anything/{{id}}
              useCDN: true
              args:
                "n": 1
                f: 1.5
                whole: 2.0
                b: true
                s: x
                quoted: "7"
                empty: ""
                none: null
                list: [1, two, "3"]
                nested: {a: {b: [true]}}
              headers:
                X-One: "1"
                X-Two: two
                X-Template: "{{id}}"
              auth:
                basic:
                  user: u
                  password: "p: w"
              timeout: 2.5
              priority: 7
              cache:
                seconds: 30
                version: 3
                sensitive: "{{id}}"
                async: false
              validate:
                status: [200, 201, 204, 300-303]
                json: {a: array, any: any, b: bool, id: int, "n": number, o: object, tags: [string]}
              accept: [application/json, text/plain]
              response: raw
              retry:
                limit: 1
                backoff: 0.1
                statuses: [503]
              tls:
                verify: false
                caFile: /ca.pem
                pinnedKey: sha256//abc
              sensitive: ["{{id}}", plain]
              hud: "Loading #{{id}}: ready?"
              quietErrors: true

            """)
        #expect(RequestYAML.block(for: try #require(workspace.requests["bodies-form"]), name: "bodies-form") == """
            bodies-form:
              method: POST
              url: /form
              body:
                form:
                  z: last
                  a: 1
                  "key: odd": "{{id}}"
              validate:
                status: 200-299

            """)
    }

    @Test("status codes: a single code, a single range, or codes and runs of three or more as ranges")
    func statusCodes() throws {
        var definition = RequestDefinition(name: "s", location: SourceLocation(file: "t", line: 1, column: 1))
        definition.url = "/s"
        let cases: [(Set<Int>, String)] = [([204], "204"), (Set(200...299), "200-299"), ([200, 201], "[200, 201]"),
                                           (Set(200...202).union([204, 205]).union(500...599), "[200-202, 204, 205, 500-599]")]
        for (codes, written) in cases {
            definition.validate = RequestDefinition.Validation(statusCodes: codes)
            let block = RequestYAML.block(for: definition, name: "s")
            #expect(block.contains("    status: \(written)\n"), "\(block)")
            expectEqual(try parseBlock(block, name: "s").validate?.statusCodes, codes)
        }
    }
}
