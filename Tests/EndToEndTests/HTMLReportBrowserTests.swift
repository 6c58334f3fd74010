import Foundation
import Testing

extension EndToEndTests {
    /// `courier run --report FILE` in a real browser: the binary runs a workspace against its
    /// embedded demo server — one request whose check passes, one whose check fails — and
    /// headless Chromium renders the report it wrote: the summary and the failed check's expected
    /// and actual are in the rendered DOM (with JavaScript and without), and a 1200×900
    /// screenshot is a PNG of that size with more than a few colours.
    ///
    /// In the serialized group: Chromium takes both cores for seconds, and beside the
    /// workbench's tmux tests it would make their timing its own.
    @Suite(.enabled(if: HeadlessChromium.installed != nil,
                    "no headless Chromium on PATH (scripts/test-servers-bootstrap.sh installs chromium-headless-shell as root)"))
    struct HTMLReportBrowser {
        static let workspace = """
            config: {baseUrl: "{{demo}}"}
            requests:
              good:
                url: /json
                expect: [status == 200]
              bad:
                url: /json
                expect: ["$.slideshow.slides count >= 3"]
            """

        /// Runs the two requests with `--report`; the report's path.
        private func report(in directory: String) async throws -> String {
            let workspace = directory + "/ws.yaml"
            try Self.workspace.write(toFile: workspace, atomically: true, encoding: .utf8)
            let report = directory + "/report.html"
            let run = try await ChildProcess.finish(["env", "COURIER_DEMO_PORT=0", "HOME=\(directory)", "XDG_STATE_HOME=\(directory)/state",
                                            "XDG_CACHE_HOME=\(directory)/cache", "COURIER_CONFIG=",
                                            EndToEndTests.binary, "run", workspace, "good", "bad", "--report", report, "--no-history"])
            #expect(run.status == 1, "the failed check fails the run: \(run.output)")
            #expect(FileManager.default.fileExists(atPath: report), "\(run.output)")
            return report
        }

        @Test func theRenderedReportShowsTheSummaryAndTheFailedCheck() async throws {
            let chromium = try #require(HeadlessChromium.installed)
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let report = try await report(in: sandbox.directory)

            // Without JavaScript: the same page, its policy forbidding every script.
            let withoutScripts = sandbox.directory + "/report-without-scripts.html"
            let policy = "script-src 'unsafe-inline'"
            let html = try String(contentsOfFile: report, encoding: .utf8)
            #expect(html.contains(policy))
            try html.replacingOccurrences(of: policy, with: "script-src 'none'").write(toFile: withoutScripts, atomically: true, encoding: .utf8)
            for javaScript in [true, false] {
                let dom = try await chromium.dumpDOM(javaScript ? report : withoutScripts)
                let mode = javaScript ? "with JavaScript" : "without JavaScript"
                #expect(dom.contains("id=\"summary-checks\""), "\(mode): \(dom.prefix(2000))")
                #expect(dom.contains("1 passed · 1 failed"), "\(mode): the checks' tally")
                #expect(dom.contains("<div class=\"card-value\">1</div><div class=\"card-detail\">0 skipped</div>"), "\(mode): one failed request")
                let failedRow = try #require(dom.components(separatedBy: "<tr class=\"check check-failed\">").dropFirst().first, "\(mode)")
                let row = failedRow.components(separatedBy: "</tr>")[0]
                #expect(row.contains("<code>$.slideshow.slides count &gt;= 3</code>"), "\(mode): \(row)")
                #expect(row.contains("<td class=\"expected\"><code>&gt;= 3</code></td>"), "\(mode): \(row)")
                #expect(row.contains("<td class=\"actual\"><code>2</code>"), "\(mode): \(row)")
                #expect(row.contains("ws.yaml:8:"), "\(mode): where the check is written: \(row)")
                // The failed request is open without a click; the filter buttons need the script.
                #expect(dom.contains("data-outcome=\"failed\" open"), "\(mode)")
                #expect(dom.contains("<div class=\"filters\" id=\"filters\" hidden") == !javaScript, "\(mode): the script shows the filters")
            }
        }

        @Test func aScreenshotOfTheReportIsAColourfulPNG() async throws {
            let chromium = try #require(HeadlessChromium.installed)
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let report = try await report(in: sandbox.directory)
            let png = sandbox.directory + "/report.png"
            try await chromium.screenshot(report, to: png)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
            let header = try #require(PNGHeader(bytes), "not a PNG: \(bytes.prefix(16).map { String($0) })")
            #expect(header.width == 1200 && header.height == 900, "\(header)")
            // Decoded by the browser itself: text, badges, bars and a light background.
            let colours = try await distinctColours(of: bytes, chromium: chromium, in: sandbox.directory)
            #expect(colours > 50, "\(colours) colours")
        }

        /// The number of distinct RGB values in a PNG: a page draws it on a canvas and writes
        /// the count into its DOM.
        private func distinctColours(of png: Data, chromium: HeadlessChromium, in directory: String) async throws -> Int {
            let page = directory + "/count.html"
            try """
                <!DOCTYPE html><html><body><img id="png" src="data:image/png;base64,\(png.base64EncodedString())"><p id="count">none</p>
                <script>
                window.addEventListener('load', function () {
                  var image = document.getElementById('png'), canvas = document.createElement('canvas');
                  canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
                  var context = canvas.getContext('2d');
                  context.drawImage(image, 0, 0);
                  var data = context.getImageData(0, 0, canvas.width, canvas.height).data, seen = new Set();
                  for (var i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
                  document.getElementById('count').textContent = 'colours=' + seen.size;
                  image.remove();
                });
                </script></body></html>
                """.write(toFile: page, atomically: true, encoding: .utf8)
            let dom = try await chromium.dumpDOM(page)
            let count = try #require(dom.components(separatedBy: "<p id=\"count\">colours=").dropFirst().first?.prefix { $0.isNumber }, "\(dom.suffix(500))")
            return try #require(Int(count))
        }
    }
}

/// A PNG's signature and IHDR chunk: its size in pixels.
struct PNGHeader: CustomStringConvertible {
    let width: Int
    let height: Int

    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = bigEndian(16)
        height = bigEndian(20)
    }

    var description: String { "\(width)×\(height)" }
}
