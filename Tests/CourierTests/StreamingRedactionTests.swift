import Courier
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A body redacted as it streams (`StreamingRedaction`), for one too large to hold: the same
/// result as `Redaction` on the body held whole — checked against it on random documents —
/// with the bytes and layout kept, in memory bounded by its window.
@Suite struct StreamingRedactionTests {
    private static let secrets = SecretMatcher(["hunter2-secret", "tok_live_abc"])

    private static func redact(_ text: String, json: Bool = false, window: Int = 1 << 20, chunk: Int = 7) -> (String, Bool) {
        var redaction = StreamingRedaction(secrets: secrets, json: json, window: window)
        var output: [UInt8] = []
        let bytes = Array(text.utf8)
        // In small pieces: a token split across two reads is one token.
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            redaction.take(bytes[start..<min(bytes.count, start + chunk)], into: &output)
        }
        redaction.finish(into: &output)
        return (String(decoding: output, as: UTF8.self), redaction.changed)
    }

    @Test func secretKeysValuesAtAnyDepthBecomeThePlaceholderAndTheLayoutStays() {
        let body = """
        {
          "user": {"name": "ada", "password": "pw-1", "api_key": 12345},
          "login": {"token": {"value": "x", "nested": [1, "}"]}, "id": 7},
          "items": [{"clientSecret": ["a", "b"]}, "hunter2-secret", true, null, -1.5e3],
          "next": "https://ada:pw@example.com/x?access_token=abc&page=2"
        }
        """
        let (out, changed) = Self.redact(body)
        #expect(changed)
        #expect(out.contains(#""password": "‹redacted›""#))
        #expect(out.contains(#""api_key": "‹redacted›""#))
        #expect(out.contains(#""token": "‹redacted›", "id": 7"#), "an object value is one placeholder: \(out)")
        #expect(out.contains(#"{"clientSecret": "‹redacted›"}"#))
        #expect(out.contains(#""‹redacted›", true, null, -1.5e3]"#), "a known secret in a string")
        #expect(out.contains("https://ada:‹redacted›@example.com/x?access_token=‹redacted›&page=2"))
        #expect(out.hasPrefix("{\n  \"user\": {\"name\": \"ada\""), "the layout is kept: \(out)")
        #expect((try? JSONValue(parsing: Data(out.utf8))) != nil, "still JSON")
    }

    @Test func randomDocumentsMatchTheRedactionOfTheWholeDocument() throws {
        var generator = SplitMix64(seed: 46)
        let keys = ["name", "id", "password", "authToken", "author", "items", "secret", "url", "note", "refresh_token"]
        func value(depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &generator) {
            case 0: return .int(Int.random(in: -1000...1000, using: &generator))
            case 1: return [.string("plain"), .string("has hunter2-secret in it"), .string("https://u:p@h/?token=t&a=1"),
                            .string("tok_live_abc"), .string("quote \" and \\ and \u{e9}")].randomElement(using: &generator)!
            case 2: return .bool(Bool.random(using: &generator))
            case 3: return .null
            case 4: return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth: depth + 1) })
            default:
                var members: [String: JSONValue] = [:]
                for _ in 0..<Int.random(in: 0...4, using: &generator) { members[keys.randomElement(using: &generator)!] = value(depth: depth + 1) }
                return .object(members)
            }
        }
        for _ in 0..<200 {
            let document = JSONValue.object(["root": value(depth: 0), "password": .string("x")])
            for pretty in [false, true] {
                let text = String(decoding: document.serialized(prettyPrinted: pretty), as: UTF8.self)
                let (out, _) = Self.redact(text, chunk: Int.random(in: 1...64, using: &generator))
                let streamed = try JSONValue(parsing: Data(out.utf8))
                let whole = Redaction.json(document, strings: { Redaction.redact($0, secrets: Self.secrets) })
                #expect(streamed == whole, "\(text)\n→ \(out)")
            }
        }
    }

    @Test func textIsRedactedLineByLineAndBytesThatAreNotUTF8StayAsTheyAre() {
        let (out, changed) = Self.redact("GET /?api_key=k1 HTTP/1.1\nsaid hunter2-secret twice: hunter2-secret\n\u{1}plain\n")
        #expect(changed)
        expectEqual(out, "GET /?api_key=‹redacted› HTTP/1.1\nsaid ‹redacted› twice: ‹redacted›\n\u{1}plain\n")
        var redaction = StreamingRedaction(secrets: Self.secrets, json: false)
        var output: [UInt8] = []
        let binary: [UInt8] = [0xFF, 0xFE] + Array("hunter2-secret".utf8) + [0x0A]
        redaction.take(binary, into: &output)
        redaction.finish(into: &output)
        expectEqual(output, binary)
        #expect(!redaction.changed)
    }

    @Test func aBodyThatStopsBeingJSONGoesOnAsText() {
        let (out, changed) = Self.redact("{\"a\": 1} <html>tok_live_abc</html>")
        #expect(changed)
        #expect(out.contains("<html>‹redacted›</html>"), "\(out)")
        let (untouched, same) = Self.redact("{\"plain\": \"value\", \"n\": [1, 2]}")
        expectEqual(untouched, "{\"plain\": \"value\", \"n\": [1, 2]}")
        #expect(!same)
    }

    @Test func stringsLongerThanTheWindowAreRedactedAWindowAtATime() {
        let filler = String(repeating: "x", count: 3000)
        let (out, changed) = Self.redact("[\"\(filler)hunter2-secret\(filler)\", {\"password\": \"\(filler)\"}]", window: 1024, chunk: 500)
        #expect(changed)
        expectEqual(out, "[\"\(filler)‹redacted›\(filler)\", {\"password\": \"‹redacted›\"}]")
    }

    @Test func aFileIsCopiedRedactedOwnerOnlyAndNeverOverAnotherFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("redaction-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = directory + "/body", copy = directory + "/copy"
        let lines = (0..<50_000).map { "{\"id\": \($0), \"token\": \"t\($0)\", \"note\": \"see tok_live_abc\"}" }
        try Data(("[" + lines.joined(separator: ",\n") + "]").utf8).write(to: URL(fileURLWithPath: source))
        #expect(try StreamingRedaction.copy(source, to: copy, secrets: Self.secrets, contentType: "application/json"))
        let text = try String(contentsOfFile: copy, encoding: .utf8)
        #expect(!text.contains("tok_live_abc") && !text.contains("\"t49999\""))
        #expect(text.hasSuffix("{\"id\": 49999, \"token\": \"‹redacted›\", \"note\": \"see ‹redacted›\"}]"))
        let mode = (try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int) ?? 0
        expectEqual(mode, 0o600)
        #expect(throws: StreamingRedactionError.self) {
            try StreamingRedaction.copy(source, to: copy, secrets: Self.secrets, contentType: nil)
        }
        #expect(FileManager.default.fileExists(atPath: copy), "the file already there is left as it was")
    }
}
