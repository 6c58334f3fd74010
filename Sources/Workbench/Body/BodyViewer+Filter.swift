import CourierWorkspace
import Foundation

/// The Body tab's JSON path filter (`f`): run at once over a small body, or off the input loop
/// over a large one (the Exchange pane runs ``filterToRun`` and hands back ``showFiltered(_:for:)``).
extension BodyViewer {
    /// Shows only the value `text` (a JSON path, `$.orders[0]`) leads to; empty text clears the
    /// filter. When the path does not parse or leads nowhere, ``filterError`` says why and the
    /// whole body stays shown.
    package mutating func applyFilter(_ text: String) {
        let path = text.trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty else {
            clearFilter()
            return
        }
        let previous = shownBody
        filterText = path
        runFilter(offTheLoop: true)
        if shownBody !== previous { resetView() }
    }

    /// Shows the whole body again.
    package mutating func clearFilter() {
        let wasFiltered = filteredBody != nil
        filterText = ""
        filterError = nil
        filteredBody = nil
        isFilterPending = false
        if wasFiltered { resetView() }
    }

    /// A filter to run off the input loop over ``body`` (a large body's), once: its path, parsed.
    /// Nil once asked for (``markFilterRunning()``), and when none waits.
    package var filterToRun: (text: String, path: JSONPath)? {
        guard isFilterPending, !isFilterRunning, let path = try? JSONPath(parsing: filterText) else { return nil }
        return (filterText, path)
    }

    /// The filter's run off the input loop started.
    package mutating func markFilterRunning() {
        isFilterRunning = true
    }

    /// Takes the result of the filter `text` run off the input loop over ``body``: shown, or why
    /// not; a result for another filter (typed meanwhile) is dropped.
    package mutating func showFiltered(_ result: Result<FormattedBody, BodyFilterError>, for text: String) {
        guard isFilterPending, text == filterText else { return }
        isFilterPending = false
        isFilterRunning = false
        show(result)
        if filteredBody != nil { resetView() }
    }

    /// Runs the filter over ``body``: at once, or — `offTheLoop`, a body past
    /// ``quickSearchBytes`` whose walk can take seconds — marked pending for the pane to run.
    mutating func runFilter(offTheLoop: Bool = false) {
        filteredBody = nil
        isFilterPending = false
        isFilterRunning = false
        do {
            let path = try JSONPath(parsing: filterText)
            if offTheLoop, body.byteCount > Self.quickSearchBytes, body.isComplete, body.kind == .json {
                filterError = nil
                isFilterPending = true
                return
            }
            show(body.filtered(by: path))
        } catch {
            filterError = error.reason
        }
    }

    private mutating func show(_ result: Result<FormattedBody, BodyFilterError>) {
        switch result {
        case .success(let filtered):
            filteredBody = filtered
            filterError = nil
        case .failure(let error):
            filterError = error.description
        }
    }
}
