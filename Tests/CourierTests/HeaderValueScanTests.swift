import Testing
@testable import Courier

/// `ReceivedHead.firstValue(named:in:)` finds one field by scanning the header block's bytes
/// (the transport asks for Content-Type of every streamed-or-not response) and gives what the
/// full parse, `fields(in:)`, gives for it.
@Suite struct HeaderValueScanTests {
    private static func block(_ lines: [String]) -> [UInt8] {
        Array((lines.map { $0 + "\r\n" }.joined() + "\r\n").utf8)
    }

    @Test(arguments: [
        ["Content-Type: text/event-stream"],
        ["Server: nginx", "CONTENT-TYPE:   application/json; charset=utf-8  ", "Content-Length: 2"],
        ["X-Content-Type: no", "content-type:text/plain"],
        ["Content-Type: multipart/mixed;", "\tboundary=abc", "Date: today"],
        ["Content-Length: 2"],
        ["Content-Typo: text/plain", "Content-Type-Extra: x"],
    ])
    func theScanAgreesWithTheFullParse(_ lines: [String]) {
        let bytes = Self.block(lines)
        #expect(ReceivedHead.firstValue(named: "content-type", in: bytes) == ReceivedHead.fields(in: bytes)[.contentType])
    }

    @Test func aFoldedValueIsJoinedAndTheFirstFieldWins() {
        let bytes = Self.block(["Content-Type: multipart/mixed;", " boundary=abc", "Content-Type: text/plain"])
        #expect(ReceivedHead.firstValue(named: "content-type", in: bytes) == "multipart/mixed; boundary=abc")
        #expect(ReceivedHead.firstValue(named: "content-type", in: []) == nil)
    }
}
