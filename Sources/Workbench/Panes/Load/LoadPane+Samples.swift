import CourierWorkspace
import Foundation

/// The Load pane's statuses and errors as a list the cursor reaches (up from the past runs),
/// and the sample exchanges Enter opens on one of them.
extension LoadPane {
    /// The sample exchanges of one outcome open over the view: which of them, scrolled how far.
    struct OpenSamples: Equatable {
        var outcome: String
        var index = 0
        var scroll = 0
    }

    /// The rows of statuses and errors on screen now (none when the view does not draw them:
    /// too narrow, too low, or a comparison in their place).
    func visibleOutcomeRows(_ context: PaneContext) -> [LoadView.OutcomeRow] {
        guard let shown, baseline == nil, shown.knee == nil, context.content.width >= 70, context.content.height >= 8,
              budget(height: context.content.height, width: context.content.width).middle > 0 else { return [] }
        return LoadView.outcomeRows(shown)
    }

    /// The samples of the open outcome, in the order kept.
    var samplesOpen: [LoadSampleExchange] {
        guard let openSamples, let samples = shown?.samples else { return [] }
        return samples.filter { $0.outcome == openSamples.outcome }
    }

    /// Up from the first past run enters the statuses and errors (from their last row); down
    /// from their last row goes back to the past runs. False when the action is not a move
    /// this handles (the past runs' cursor takes it).
    func moveAmongOutcomes(_ action: Action, context: PaneContext) -> Bool {
        let rows = visibleOutcomeRows(context)
        guard !rows.isEmpty else {
            selectedOutcome = nil
            return false
        }
        guard let selected = selectedOutcome, let index = rows.firstIndex(where: { $0.id == selected }) else {
            // From the past runs: up at the top (or any move with no past run) enters the outcomes.
            selectedOutcome = nil
            let entering = (action == .up && cursor.selection == 0) || (past.isEmpty && [.up, .down, .top, .bottom].contains(action))
            guard entering else { return false }
            selectedOutcome = (action == .down || action == .top ? rows.first : rows.last)?.id
            return true
        }
        switch action {
        case .up: selectedOutcome = rows[max(0, index - 1)].id
        case .top: selectedOutcome = rows[0].id
        case .down where index + 1 < rows.count: selectedOutcome = rows[index + 1].id
        case .down, .bottom, .pageDown, .halfPageDown:
            if past.isEmpty {
                selectedOutcome = rows[rows.count - 1].id
            } else {
                selectedOutcome = nil
                if action == .bottom { _ = cursor.perform(.bottom, height: pastRows(context)) }
            }
        case .pageUp, .halfPageUp: selectedOutcome = rows[0].id
        default: return false
        }
        return true
    }

    /// Enter on a status or error row: its samples, or why there are none.
    func openSelectedSamples() -> [PaneWork] {
        guard let shown, let selected = selectedOutcome,
              let row = LoadView.outcomeRows(shown).first(where: { $0.id == selected }) else { return [] }
        guard (shown.samples ?? []).contains(where: { $0.outcome == row.outcome }) else {
            let why = shown.samples == nil ? "this run kept no sample exchanges (runs saved before samples were kept have none)"
                : "no sample exchange of \(row.outcome) was kept yet"
            return [.say(why, .info)]
        }
        openSamples = OpenSamples(outcome: row.outcome)
        return []
    }

    /// `]` and `[`: the next or previous sample of the open outcome, from its top.
    func turnSample(forward: Bool) {
        guard var open = openSamples else { return }
        let count = samplesOpen.count
        guard count > 1 else { return }
        open.index = (open.index + (forward ? 1 : count - 1)) % count
        open.scroll = 0
        openSamples = open
    }

    /// Moves through the open sample's request and response.
    func scrollSample(_ action: Action, context: PaneContext) {
        guard var open = openSamples, samplesOpen.indices.contains(open.index) else { return }
        let height = max(1, context.content.height - LoadSampleView.fixedRows)
        let total = LoadSampleView.body(samplesOpen[open.index], width: context.content.width).count
        let page = max(1, height - 1)
        let last = max(0, total - height)
        switch action {
        case .top: open.scroll = 0
        case .bottom: open.scroll = last
        default:
            guard let step = action.lineOffset(page: page) else { return }
            open.scroll = min(last, max(0, open.scroll + step))
        }
        openSamples = open
    }

    /// The open sample over the whole content area.
    func sampleLines(_ context: PaneContext) -> [StyledLine]? {
        guard let open = openSamples else { return nil }
        let samples = samplesOpen
        guard samples.indices.contains(open.index) else { return nil }
        let width = context.content.width
        let sample = samples[open.index]
        let body = LoadSampleView.body(sample, width: width)
        let height = max(0, context.content.height - LoadSampleView.fixedRows)
        return LoadSampleView.header(sample, index: open.index, count: samples.count, width: width, glyphs: context.glyphs)
            + body.dropFirst(open.scroll).prefix(height)
    }
}
