import Courier
import Foundation
import Testing

/// gRPC's wire pieces the engine reads and writes (grpc/doc/PROTOCOL-HTTP2.md): framing,
/// status trailers, timeouts and metadata. The calls themselves are tested against a gRPC
/// server nobody here wrote.
@Suite struct GRPCWireTests {
    @Test func framesSplitAcrossChunksOfAnySizeComeOutWhole() throws {
        let messages = [Data(), Data("hi".utf8), Data(repeating: 7, count: 70_000)]
        let stream = messages.reduce(Data()) { $0 + GRPCFrame.encode($1) } + GRPCFrame.encode(Data([1, 2]), compressed: true)
        expectEqual(GRPCFrame.encode(Data("hi".utf8)), Data([0, 0, 0, 0, 2]) + Data("hi".utf8))
        for size in [1, 3, 5, 4096, stream.count] {
            var decoder = GRPCFrame.Decoder()
            var got: [GRPCFrame.Message] = []
            var offset = 0
            while offset < stream.count {
                got += try decoder.consume(stream[offset..<min(stream.count, offset + size)])
                offset += size
            }
            try decoder.finish()
            #expect(got.map(\.bytes) == messages + [Data([1, 2])], "chunks of \(size)")
            expectEqual(got.map(\.compressed), [false, false, false, true])
        }
    }

    @Test func badFramingSaysWhere() throws {
        var decoder = GRPCFrame.Decoder(limit: 10)
        #expect(throws: GRPCFrame.DecodingError.badFlag(2, offset: 7)) {
            _ = try decoder.consume(GRPCFrame.encode(Data("ab".utf8)) + Data([2, 0, 0, 0, 0]))
        }
        var small = GRPCFrame.Decoder(limit: 10)
        #expect(throws: GRPCFrame.DecodingError.tooLong(11, limit: 10)) { _ = try small.consume(GRPCFrame.encode(Data(count: 11))) }
        var cut = GRPCFrame.Decoder()
        _ = try cut.consume(GRPCFrame.encode(Data(count: 8)).prefix(9))
        #expect(throws: GRPCFrame.DecodingError.truncated(missing: 4)) { try cut.finish() }
    }

    @Test func theStatusIsReadFromTrailersWithItsMessageDecoded() throws {
        let status = try #require(GRPCStatus(fields: [("Grpc-Status", "5"), ("grpc-message", "no feature at 1%2C1 %E2%9C%93 100%"),
                                                      ("grpc-status-details-bin", GRPCMetadata.encodedBinary(Data([8, 5])))]))
        #expect(status.code == .notFound && status.message == "no feature at 1,1 ✓ 100%")
        expectEqual(status.details, Data([8, 5]))
        expectEqual(status.description, "NOT_FOUND (5): no feature at 1,1 ✓ 100%")
        let error = try #require(status.error)
        #expect(error.family == .grpc && error.code.rawValue == 5 && error.message == status.description)
        expectEqual(GRPCStatus(fields: [("grpc-status", "0")])?.error, nil)
        #expect(GRPCStatus(fields: [("grpc-status", "42")])?.code == .unknown, "a number outside 0–16 is UNKNOWN")
        expectEqual(GRPCStatus(fields: [("content-type", "application/grpc")]), nil)
    }

    @Test func everyCodeHasItsNameBothWays() {
        expectEqual(GRPCStatusCode.allCases.count, 17)
        expectEqual(GRPCStatusCode.allCases.map(\.rawValue), Array(0...16))
        for code in GRPCStatusCode.allCases {
            #expect(GRPCStatusCode(name: code.name) == code && GRPCStatusCode(name: String(code.rawValue)) == code)
        }
        expectEqual(GRPCStatusCode.deadlineExceeded.name, "DEADLINE_EXCEEDED")
        #expect(GRPCStatusCode(name: "not_found") == .notFound && GRPCStatusCode(name: "NOPE") == nil)
    }

    @Test func theTimeoutTakesTheFinestUnitThatFitsEightDigitsAndNeverShortens() {
        expectEqual(GRPCTimeout.header(seconds: 0.05), "50000000n")
        expectEqual(GRPCTimeout.header(seconds: 1.5), "1500000u")
        expectEqual(GRPCTimeout.header(seconds: 3600), "3600000m")
        expectEqual(GRPCTimeout.header(seconds: 200_000), "200000S")
        expectEqual(GRPCTimeout.header(seconds: 0), "1n")
        for seconds in [0.001, 0.3, 2.25, 99.9, 86_400.0] {
            let back = GRPCTimeout.seconds(GRPCTimeout.header(seconds: seconds)) ?? -1
            #expect(back >= seconds && back - seconds < seconds * 1e-6 + 1e-9, "\(seconds)")
        }
        #expect(GRPCTimeout.seconds("100000000S") == nil && GRPCTimeout.seconds("5x") == nil && GRPCTimeout.seconds("S") == nil)
    }

    @Test func metadataKeysAreCheckedAndBinaryValuesAreBase64WithoutPadding() throws {
        let fields = try GRPCMetadata.fields([(key: "X-Trace", value: Data("abc".utf8)), (key: "token-bin", value: Data([0xFF, 0, 1, 2]))])
        expectEqual(fields.map(\.name), ["x-trace", "token-bin"])
        expectEqual(fields.map(\.value), ["abc", "/wABAg"])
        expectEqual(GRPCMetadata.decodedBinary("/wABAg"), Data([0xFF, 0, 1, 2]))
        #expect(GRPCMetadata.decodedBinary("/wABAg==") == Data([0xFF, 0, 1, 2]), "padded values are taken too")
        expectEqual(GRPCMetadata.decodedBinary("AQ,Ag"), Data([1, 2]))
        #expect(throws: GRPCMetadata.Problem.self) { try GRPCMetadata.fields([(key: "x-bad", value: Data([0xFF]))]) }
        #expect(throws: GRPCMetadata.Problem.self) { try GRPCMetadata.fields([(key: "grpc-timeout", value: Data("1S".utf8))]) }
        #expect(throws: GRPCMetadata.Problem.self) { try GRPCMetadata.fields([(key: "two words", value: Data("x".utf8))]) }
    }
}
