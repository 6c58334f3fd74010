import Glibc
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// Column widths agree with the C library's wcwidth, which ncursesw uses to place text.
@Suite struct DisplayWidthTests {
    @Test func tableAgreesWithGlibcForEveryScalar() throws {
        let locale = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil))
        let previous = uselocale(locale)
        defer {
            uselocale(previous)
            freelocale(locale)
        }
        typealias WidthFunction = @convention(c) (wchar_t) -> Int32
        let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth"))
        let wcwidth = unsafeBitCast(symbol, to: WidthFunction.self)
        var disagreements: [String] = []
        for value in UInt32(0x20)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), DisplayWidth.isPrintable(scalar) else { continue }
            let expected = Int(wcwidth(wchar_t(bitPattern: value)))
            if DisplayWidth.of(scalar) != expected { disagreements.append(String(value, radix: 16)) }
            if disagreements.count > 5 { break }
        }
        #expect(disagreements.isEmpty, "scalars measured differently from wcwidth: \(disagreements)")
    }

    @Test func measuresCJKAndEmojiAsTwoColumns() {
        expectEqual(DisplayWidth.of("abc"), 3)
        expectEqual(DisplayWidth.of("中文"), 4)
        expectEqual(DisplayWidth.of("日本語テキスト"), 14)
        expectEqual(DisplayWidth.of("🚀"), 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
    }

    @Test func prefixNeverSplitsAWideCharacter() {
        let cut = DisplayWidth.prefix(of: "中文字", fitting: 5)
        expectEqual(cut.text, "中文")
        expectEqual(cut.width, 4)
        expectEqual(DisplayWidth.truncated("中文字符串", to: 6), "中文…")
        #expect(DisplayWidth.of(DisplayWidth.truncated("中文字符串", to: 6)) <= 6)
    }

    @Test func aMessageThatDoesNotFitShortensItsPathBeforeItsReason() {
        let message = "/home/someone/projects/api/config/courier/config.yaml:3:3: error: keys: unknown action \"sned\""
        #expect(DisplayWidth.fittedShorteningPath(message, to: 200) == message, "one that fits is left alone")
        // The path loses just enough of its head.
        #expect(DisplayWidth.fittedShorteningPath(message, to: 80)
                == "…projects/api/config/courier/config.yaml:3:3: error: keys: unknown action \"sned\"")
        // Down to its last 24 characters; then the end is cut.
        expectEqual(DisplayWidth.fittedShorteningPath(message, to: 50), "…courier/config.yaml:3:3: error: keys: unknown ac…")
        // A path after other words; a slash that does not start a path is not one.
        #expect(DisplayWidth.fittedShorteningPath("cannot read /var/lib/a/b/c/d/e/f/g/file.json: gone", to: 42)
                == "cannot read …a/b/c/d/e/f/g/file.json: gone")
        expectEqual(DisplayWidth.fittedShorteningPath("a and/or b, or c and/or d — none of them fit", to: 20), "a and/or b, or c an…")
    }

    @Test func middleTruncationKeepsBothEnds() {
        let url = "http://127.0.0.1:8080/a/very/long/path/to/something.json"
        let short = DisplayWidth.middleTruncated(url, to: 24)
        expectEqual(DisplayWidth.of(short), 24)
        #expect(short.hasPrefix("http://127."))
        #expect(short.hasSuffix("thing.json"))
        #expect(short.contains("…"))
    }

    @Test func sanitizingRemovesControlCharactersAndEscapes() {
        let hostile = "ok\u{1b}[2J\u{07}\tend\u{9b}x"
        let clean = DisplayWidth.sanitized(hostile)
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(clean.hasPrefix("ok\u{FFFD}[2J\u{FFFD}    end"))
        #expect(Span("a\u{1b}b").text == "a\u{FFFD}b")
    }
}
