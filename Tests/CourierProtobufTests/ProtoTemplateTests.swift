import Courier
@testable import CourierProtobuf
import Foundation
import Testing

/// The message a new request starts from (the service browser's `n`): every field written,
/// and a message both this codec and Python's protobuf take as it is.
@Suite struct ProtoTemplateTests {
    @Test func everyFieldIsWrittenAtItsZeroValue() async throws {
        let (bytes, _) = try await ProtoFixtures.requiredDescriptorSet(["types.proto"])
        let schema = try ProtoSchema(descriptorSet: bytes)
        let template = try #require(schema.template(ofMessage: "courier.test.Everything"))
        let scalars: JSONValue = .object([
            "d": .int(0), "f": .int(0), "i32": .int(0), "i64": .string("0"), "u32": .int(0), "u64": .string("0"),
            "s32": .int(0), "s64": .string("0"), "f32": .int(0), "f64": .string("0"), "sf32": .int(0), "sf64": .string("0"),
            "b": .bool(false), "s": .string(""), "by": .string(""),
        ])
        // The oneof `choice` has its first field alone; JSON names, not the .proto's.
        #expect(template == .object([
            "scalars": scalars, "packedInts": .array([.int(0)]), "names": .array([.string("")]),
            "counts": .object(["key": .string("0")]), "byId": .object(["0": scalars]),
            "color": .string("COLOR_UNSPECIFIED"), "colors": .array([.string("COLOR_UNSPECIFIED")]),
            "text": .string(""), "maybe": .int(0), "snakeCaseName": .string(""), "items": .array([scalars]),
        ]))
        expectEqual(schema.template(ofMessage: "courier.test.Nope"), nil)
    }

    @Test func everyTemplateIsAMessageForThisCodecAndForPythons() async throws {
        for (file, type) in [("types.proto", "courier.test.Everything"), ("wellknown.proto", "courier.test.WellKnown"),
                             ("places.proto", "courier.demo.TripSummary"), ("places.proto", "courier.demo.Area")] {
            let (bytes, path) = try await ProtoFixtures.requiredDescriptorSet([file])
            let schema = try ProtoSchema(descriptorSet: bytes)
            let template = try #require(schema.template(ofMessage: type))
            let ours = try schema.encode(template, as: type)
            let text = String(decoding: template.serialized(), as: UTF8.self)
            let answers = try await ProtoFixtures.requiredOracle(set: path, type: type, requests: [#"{"json": "# + text + "}"])
            let pythons = try #require(answers.first)
            #expect(pythons.error == nil, "Python refused the template of \(type): \(text): \(pythons.error ?? "")")
            if file != "types.proto" && file != "wellknown.proto" {  // no maps: the bytes are Python's
                #expect(ours.hex == pythons.binary, "\(type)")
            }
        }
    }
}
