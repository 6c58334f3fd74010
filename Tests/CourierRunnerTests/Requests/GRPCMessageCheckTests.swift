#if GRPC
@testable import CourierDemoServer
import CourierFormat
import CourierFormatCore
import CourierProtobuf
@testable import CourierRunner
import Foundation
import Testing

/// A `grpc:` request's message checked against its method's schema before anything is sent:
/// every unknown field and value of the wrong type is an error at its line and column, a
/// `{{placeholder}}` is left to the send, and nothing is sent when one is wrong.
@Suite struct GRPCMessageCheckTests {
    /// The demo's Places schema as a descriptor set file (no protoc needed) beside `yaml`.
    private func runner(_ yaml: String) throws -> (WorkspaceRunner, String) {
        let path = writeWorkspace(yaml, name: "grpc.yaml")
        try DemoPlacesSchema.descriptorSet.write(to: URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("places.pb"))
        return (try WorkspaceRunner(workspace: try Workspace.load(path: path)), path)
    }

    private static let target = #"grpc: {target: "http://127.0.0.1:9", service: courier.demo.Places, descriptorSet: places.pb, "#

    @Test func everyProblemOfEveryMessageIsReportedAtItsLineBeforeAnythingIsSent() async throws {
        let (runner, path) = try runner("""
            variables: {lat: "4"}
            requests:
              area:
                \(Self.target)method: ListPlaces}
                message:
                  low: {latitude: "{{lat}}", lattitude: 1}
                  high: 5
                  limit: "{{lat}}"
              chat:
                \(Self.target)method: Chat}
                messages:
                  - send: {message: hello}
                  - send: {message: 3}
                  - close
              typo:
                \(Self.target)method: GetPlaces}
                message: {latitude: 1}
            chains:
              all:
                steps: [{request: area}, {request: chat}, {request: typo}]
            """)
        do {
            _ = try await runner.run(["all"]) { Issue.record("\($0) reported: nothing may be sent") }
            Issue.record("the run went ahead")
        } catch {
            expectEqual(error.kind, .invalidValue)
            #expect(error.description == """
                \(path):6:34: error: message field low.lattitude: no field "lattitude" in courier.demo.Point (latitude, longitude)
                \(path):7:7: error: message field high: courier.demo.Point is written as a JSON object, not a number
                \(path):13:16: error: message field message: a string, not a number
                \(path):16:5: error: no method GetPlaces in courier.demo.Places (it has GetPlace, ListPlaces, RecordTrip, Chat)
                """)
        }
    }

    @Test func aMessageWhoseOnlyDoubtsArePlaceholdersPasses() async throws {
        let (runner, _) = try runner("""
            variables: {lat: "4", point: "{}"}
            requests:
              area:
                \(Self.target)method: ListPlaces}
                message: {low: "{{point}}", high: {latitude: "{{lat}}"}, limit: "{{lat}}"}
            """)
        try await runner.checkCallMessages(["area"])
    }

    /// List elements: a wrong one is reported at its index, a placeholder among them is not,
    /// and the elements after a wrong one are still checked.
    @Test func listElementsAreCheckedOneByOne() async throws {
        guard let compiler = ProtoCompiler.find() else {
            print("skipping: no protoc on PATH (scripts/test-servers-bootstrap.sh installs protobuf-compiler)")
            try Test.cancel("no protoc on PATH")
        }
        let schema = try await compiler.schema(files: [repositoryRoot + "/Tests/Fixtures/grpc/types.proto"])
        let codec = GRPCMessageCodec(schema: schema, shape: ProtoMethodShape(fullName: "courier.test.S.M", input: "courier.test.Everything",
                                                                             output: "courier.test.Everything"))
        let location = { (line: Int) in SourceLocation(file: "t.yaml", line: line, column: 3) }
        let template = GRPCDefinition.MessageTemplate(
            json: .object(["packedInts": .array([.string("{{n}}"), .string("x"), .int(3), .bool(true)]),
                           "colors": .array([.string("RED"), .string("BLUE")]),
                           "counts": .object(["a": .string("{{n}}"), "b": .string("many")])]),
            locations: ["$.packedInts[1]": location(1), "$.packedInts[3]": location(2), "$.colors[1]": location(3),
                        "$.counts.b": location(4)])
        let problems = GRPCMessageCheck.problems(in: template, codec: codec)
        #expect(problems.map(\.description) == [
            "t.yaml:1:3: message field packedInts[1]: an integer, not a string",
            "t.yaml:2:3: message field packedInts[3]: an integer, not a bool",
            "t.yaml:3:3: message field colors[1]: \"BLUE\" is not a value of courier.test.Color (COLOR_UNSPECIFIED, RED, GREEN)",
            "t.yaml:4:3: message field counts.b: an integer, not a string",
        ])
    }
}
#endif
