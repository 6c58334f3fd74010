@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Testing

/// A workspace run twice, as text and as `--json`, with its history, JUnit and HTML reports,
/// and every place a secret could land: what was printed, JUnit, the HTML report, HAR, each
/// history row (headers, URL, response body, a session's transcript) and the history files' bytes.
struct SecretSinkRun {
    let state: String
    let printed: String
    let exchanges: [HistoryExchange]
    let har: String
    let sinks: [String: String]

    init(_ path: String, _ names: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        state = temporaryDirectory("courier-state")
        let junit = temporaryDirectory("courier-junit") + "/report.xml"
        let html = temporaryDirectory("courier-html") + "/report.html"
        var printed = ""
        for json in [true, false] {
            let run = await headlessRun(path, names) { [state] in
                $0.json = json
                $0.stateDirectory = state
                $0.junitPath = junit
                $0.reportPath = html
            }
            #expect(run.status == 0, "\(run.errors)", sourceLocation: sourceLocation)
            printed += (run.output + run.errors).joined(separator: "\n")
        }
        self.printed = printed
        exchanges = try HistoryStore(stateDirectory: state).exchangesWithBodies()
        har = String(decoding: HARExport.text(exchanges, creatorVersion: "test"), as: UTF8.self)
        var sinks = ["output": printed, "JUnit": try String(contentsOfFile: junit, encoding: .utf8), "HAR": har,
                     "HTML report": try String(contentsOfFile: html, encoding: .utf8)]
        for exchange in exchanges {
            sinks["history row \(exchange.request)"] = "\(exchange.requestHeaders) \(exchange.responseHeaders) \(exchange.url) "
                + String(decoding: exchange.responseBody ?? Data(), as: UTF8.self)
                + (exchange.transcript?.lines.joined(separator: "\n") ?? "")
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: state) where file.hasPrefix("history") {
            sinks[file] = String(decoding: try Data(contentsOf: URL(fileURLWithPath: state + "/" + file)), as: UTF8.self)
        }
        self.sinks = sinks
    }

    /// Records an issue for each secret found in a sink.
    func expectHidden(_ secrets: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (sink, text) in sinks {
            for secret in secrets { #expect(!text.contains(secret), "\(sink): \(secret)", sourceLocation: sourceLocation) }
        }
    }
}
