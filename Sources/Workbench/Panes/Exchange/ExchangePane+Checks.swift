import CourierWorkspace
import Courier
import Foundation

/// One row of the Checks tab (and of a past exchange's checks in the History tab): what was
/// checked, and for a failure, expected against actual.
struct CheckRow {
    var passed: Bool
    /// The check as written.
    var label: String
    /// `expected == 201`; nil for a pass and for a schema violation (its message says both).
    var expected: String?
    /// `got 200`, `got "Sample" (string)`, or a schema violation's path and message.
    var actual: String?
    /// Why there is no value (`— no header X-Trace`), or the schema location.
    var note: String?

    init(_ result: CheckRecord) {
        passed = result.passed
        label = result.check
        guard !result.passed else { return }
        if result.isSchema, result.actual != "nothing" {
            actual = "\(result.subject): \(result.actual)"
        } else {
            expected = "expected " + result.expected
            // The kind goes with the value where the domain's summary names it (a kind test, or
            // `== 3` against "3").
            let kinded = result.actualKind.map { "\(result.actual) (\($0))" }.flatMap { result.summary.contains("got " + $0) ? $0 : nil }
            actual = "got " + (kinded ?? result.actual)
        }
        note = result.note.map { expected == nil ? $0 : "— " + $0 }
    }
}

extension ExchangePane {
    /// The response's tabs for what is shown: Checks for a request with `expect:` (or a
    /// response that has check results), never for a cache entry.
    var responseTabs: [ResponseTab] {
        let hasChecks = inspection == nil && (selection.selectedExchange?.request.checkResults != nil
            || selection.selectedRequestName.flatMap { source.effectiveDefinition(of: $0) }?.expect.isEmpty == false)
        return ResponseTab.allCases.filter { $0 != .checks || hasChecks }
    }

    /// The Checks tab's title with its count: `Checks 4/5` (passed of all).
    func checksTitle(_ results: [CheckResult]?) -> String {
        guard let results else { return ResponseTab.checks.title }
        return "\(ResponseTab.checks.title) \(results.filter(\.passed).count)/\(results.count)"
    }

    /// The verdict for the response line: `✓ 5 checks passed`, `✗ 1/5 checks failed`.
    func checksVerdict(_ results: [CheckResult]) -> StyledLine { checksVerdict(passed: results.map(\.passed)) }

    /// The verdict of checks that passed or not, one flag each.
    func checksVerdict(passed: [Bool]) -> StyledLine {
        let failed = passed.filter { !$0 }.count
        let noun = passed.count == 1 ? "check" : "checks"
        guard failed > 0 else { return StyledLine("\(glyphs.success) \(passed.count) \(noun) passed", .success) }
        return StyledLine("\(glyphs.failure) \(failed)/\(passed.count) \(noun) failed", .failure)
    }

    /// The Checks tab: a row per check, ✓ or ✗, the check as written, and for failures expected
    /// and actual in aligned columns; below, the selected check whole with its place in the file.
    func checksLines(_ exchange: Exchange, width: Int, height: Int, focused: Bool) -> (lines: [StyledLine], footer: StyledLine?) {
        guard let results = exchange.request.checkResults, !results.isEmpty else {
            let why = exchange.request.response == nil ? "there was no response to check" : "this response was not checked (sent before expect: was added)"
            return ([StyledLine(" No checks ran: \(why).", .dim)], nil)
        }
        if checksCursor.count != results.count { checksCursor.reset(count: results.count, selecting: 0) }
        let rows = results.map { CheckRow(CheckRecord($0)) }
        let selected = results[checksCursor.selection]
        let detail = checkDetail(CheckRecord(selected), width: width)
        // The detail goes when it would leave the list too little room.
        let showsDetail = height - detail.count - 1 >= min(results.count, 6)
        let listHeight = showsDetail ? height - detail.count - 1 : height
        var lines = checkLines(rows, showing: checksCursor.window(height: listHeight), selected: checksCursor.selection,
                               focused: focused, width: width)
        if showsDetail { lines += [StyledLine()] + detail }
        let failed = results.filter { !$0.passed }.count
        var footer = failed == 0 ? "all \(results.count) passed" : "\(failed) of \(results.count) failed"
        if let path = selected.jsonPath { footer += " · Enter: \(path) in the body" }
        return (lines, StyledLine(footer, .dim))
    }

    /// The rows at `indices`, ✓ or ✗, the failures' expected and actual in columns sized
    /// for all of `rows`.
    func checkLines(_ rows: [CheckRow], showing indices: some Sequence<Int>, selected: Int?, focused: Bool, width: Int) -> [StyledLine] {
        // Columns for the failures; a pass is its label alone.
        let labelWidth = min(rows.filter { !$0.passed }.map { DisplayWidth.of($0.label) }.max() ?? 0, max(16, (width - 3) * 2 / 5))
        let expectedWidth = min(rows.compactMap { $0.expected.map(DisplayWidth.of) }.max() ?? 0, max(12, (width - 3 - labelWidth) / 3))
        return indices.map { index in
            let highlight: RowHighlight = index == selected ? (focused ? .selected : .selectedUnfocused) : .none
            return checkLine(rows[index], labelWidth: labelWidth, expectedWidth: expectedWidth, highlight: highlight)
                .truncated(to: width).padded(to: width)
        }
    }

    private func checkLine(_ row: CheckRow, labelWidth: Int, expectedWidth: Int, highlight: RowHighlight) -> StyledLine {
        StyledLine.build(highlight: highlight) { line in
            line.append(row.passed ? " \(glyphs.success) " : " \(glyphs.failure) ", row.passed ? .success : .failure)
            guard !row.passed else {
                line.append(row.label, .plain)
                return
            }
            line.append(StyledLine(row.label, .strong).padded(to: labelWidth))
            line.append("  ")
            if let expected = row.expected {
                line.append(StyledLine(expected, .plain).padded(to: expectedWidth))
                line.append("  ")
            }
            if let actual = row.actual { line.append(actual, .failure) }
            if let note = row.note { line.append("  " + note, .dim) }
        }
    }

    /// The selected check whole, wrapped: where it is written, and its summary.
    private func checkDetail(_ result: CheckRecord, width: Int) -> [StyledLine] {
        var lines = [StyledLine.build { $0.append(" " + result.shortLocation, .dim); $0.append("  " + result.check, .plain) }.truncated(to: width)]
        if !result.passed {
            lines += Wrapping.lines(result.summary, width: width - 3).prefix(3).map { StyledLine("   " + $0, .failure) }
        }
        return lines
    }

    /// Moves the Checks tab's selection in a list of `height` rows.
    func moveCheckSelection(_ action: Action, height: Int) {
        guard let count = selection.selectedExchange?.request.checkResults?.count else { return }
        if checksCursor.count != count { checksCursor.reset(count: count, selecting: 0) }
        _ = checksCursor.perform(action, height: height)
    }

    /// Enter on a check: its JSON path in the Body tab, the cursor on the value (on the
    /// nearest part of the path the body has, when the value is missing).
    func showCheckedPath() {
        guard let exchange = selection.selectedExchange, let results = exchange.request.checkResults,
              results.indices.contains(checksCursor.selection) else { return }
        let result = results[checksCursor.selection]
        guard let path = result.jsonPath else {
            say("\(result.check.subjectText) is not a JSON path: nothing to show in the body", .info)
            return
        }
        guard var viewer = exchange.viewer else {
            say("the body is still being laid out", .info)
            return
        }
        viewer.clearFilter()
        var shown = path
        var match = viewer.body.match(at: shown)
        while match == nil, !shown.components.isEmpty {
            shown.components.removeLast()
            match = viewer.body.match(at: shown)
        }
        guard let match else {
            say(viewer.body.kind == .json ? "the body is not laid out whole yet" : "the body is not JSON", .warning)
            return
        }
        viewer.show([match], for: shown.description, caseInsensitive: false)
        exchange.viewer = viewer
        responseTab = .body
        say(shown == path ? "\(path) in the body" : "\(path) is not in the body: showing \(shown), the nearest part that is",
            shown == path ? .info : .warning)
    }
}
