import Courier
import CourierFormat
import CourierFormatCore
import CourierHistory
import CourierRunner
import Foundation

/// `courier run --report FILE` (and `courier check --report FILE`): one self-contained HTML
/// page — a summary, a timings waterfall, then each name run with its requests, their checks
/// (expected against actual, where each is written, the schema keyword a violation broke),
/// headers and the start of each body. Everything is inline (no fetches: its
/// Content-Security-Policy forbids them), readable with JavaScript off (requests open and
/// close as `<details>`; the script only adds the filter buttons) and in light or dark.
///
/// What it shows is redacted as the other outputs are: results as `--json` and `--junit`
/// print them (``RequestResult``), headers and bodies as the history and HAR keep them
/// (``HTMLReportExchanges``).
public struct HTMLReport {
    /// What the report says about the run as a whole.
    public struct Context: Sendable {
        public var workspace: String
        /// The workspace file as given.
        public var workspacePath: String
        public var environment: String?
        public var date: Date
        /// `courier run` or `courier check`.
        public var command: String
        public var names: [String]

        public init(workspace: String, workspacePath: String, environment: String?, date: Date = Date(), command: String, names: [String]) {
            self.workspace = workspace
            self.workspacePath = workspacePath
            self.environment = environment
            self.date = date
            self.command = command
            self.names = names
        }
    }

    /// A request of the report with its exchange, when it ran.
    struct Entry {
        var result: RequestResult
        var exchange: HistoryExchange?
        /// Its number in the report, for anchors from the waterfall.
        var number: Int
    }

    /// A name run: a request, a batch, or a chain (one per `each:` row).
    struct Target {
        enum Item {
            case step(StepReport)
            case request(Entry)
        }
        var name: String
        var kind: String
        var items: [Item] = []
    }

    let context: Context
    private let exchanges: HTMLReportExchanges?
    private(set) var targets: [Target] = []
    private(set) var summary = RunSummary()

    /// `exchanges` is the run's (``RunOptions/reportExchanges``); without it the report has
    /// no headers or bodies.
    public init(_ context: Context, exchanges: HTMLReportExchanges?) {
        self.context = context
        self.exchanges = exchanges
    }

    public mutating func record(_ event: RunEvent) {
        switch event {
        case .targetStarted(let name, let kind): targets.append(Target(name: name, kind: kind))
        case .step(let step):
            if targets.isEmpty { targets.append(Target(name: step.chain, kind: "chain")) }
            targets[targets.count - 1].items.append(.step(step))
        case .request(let result):
            if targets.isEmpty { targets.append(Target(name: result.name, kind: "request")) }
            let exchange = result.skipped ? nil : exchanges?.take()
            targets[targets.count - 1].items.append(.request(Entry(result: result, exchange: exchange, number: entries.count + 1)))
        case .finished(let summary): self.summary = summary
        case .streamEvent: break
        }
    }

    /// Every request of the report, in order.
    var entries: [Entry] {
        targets.flatMap { target in
            target.items.compactMap { item in
                if case .request(let entry) = item { return entry }
                return nil
            }
        }
    }

    /// The page.
    public var html: String {
        var page = HTMLReportStyle.pageStart(title: title, css: HTMLReportStyle.css,
                                             policy: "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:")
        page += header + summarySection + HTMLReportWaterfall(entries: entries).section
        page += "<section class=\"targets\" aria-label=\"Requests\">\n"
        page += HTMLReportStyle.filterBar
        for section in sections { page += self.section(for: section) }
        page += "</section>\n"
        page += "<footer>Made by Courier. Secrets are redacted as in the history, HAR and JUnit. "
            + "Bodies show their first \(HumanReport.size(HTMLReportExchanges.excerptBytes)).</footer>\n"
        page += "</main>\n<script>\(HTMLReportStyle.script)</script>\n</body>\n</html>\n"
        return page
    }

    private var title: String {
        "\(summary.failed == 0 ? "✓" : "✗") \(context.workspace) — \(context.command) \(context.names.joined(separator: " "))"
    }

    /// The page's sections: each batch and chain, and requests named one by one together
    /// while they follow each other.
    private var sections: [Target] {
        var sections: [Target] = []
        for target in targets {
            guard target.kind == "request" else {
                sections.append(target)
                continue
            }
            if sections.last?.kind == "request" {
                sections[sections.count - 1].items += target.items
            } else {
                sections.append(Target(name: "Requests", kind: "request", items: target.items))
            }
        }
        return sections
    }

    private func section(for target: Target) -> String {
        let results = target.items.compactMap { item -> RequestResult? in
            if case .request(let entry) = item { return entry.result }
            return nil
        }
        let failed = results.contains(where: \.failed)
        var html = "<section class=\"target\(failed ? " has-failed" : "")\">\n"
        let kind = target.kind == "request" ? "" : "<span class=\"kind\">\(Self.escape(target.kind))</span> "
        html += "<h2>\(kind)\(Self.escape(target.name))"
            + "<span class=\"count\">\(results.count) request\(results.count == 1 ? "" : "s")</span></h2>\n"
        for item in target.items {
            switch item {
            case .step(let step): html += stepLine(step)
            case .request(let entry): html += HTMLReportRequest(entry: entry).html
            }
        }
        return html + "</section>\n"
    }

    private func stepLine(_ step: StepReport) -> String {
        var html = "<div class=\"step state-\(Self.escape(step.state.replacingOccurrences(of: " ", with: "-")))\">"
            + "<span class=\"step-index\">step \(step.index)</span> <span class=\"step-title\">\(Self.escape(step.title))</span> "
            + "<span class=\"step-state\">\(Self.escape(step.state))</span>"
        if step.state == "skipped", let condition = step.condition { html += " <span class=\"muted\">when \(Self.escape(condition))</span>" }
        if !step.captures.isEmpty {
            html += " <span class=\"captures\">captured "
                + step.captures.sorted { $0.key < $1.key }.map { "<code>\(Self.escape($0.key))=\(Self.escape($0.value))</code>" }.joined(separator: " ")
                + "</span>"
        }
        return html + "</div>\n"
    }

    // MARK: - Text

    /// Text for HTML content and attribute values: markup characters as entities, and no
    /// control characters but tab and newline (as JUnit's XML has them).
    package static func escape(_ text: String) -> String { JUnitReport.escape(text) }

    static func milliseconds(_ value: Double) -> String {
        value >= 1000 ? String(format: "%.2f s", value / 1000) : String(format: "%.1f ms", value)
    }
}
