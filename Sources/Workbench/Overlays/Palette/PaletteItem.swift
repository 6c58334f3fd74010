import CourierWorkspace

/// One entry of the command palette: an action, or a request, batch or chain to go to.
package struct PaletteItem: Sendable, Hashable {
    package enum Target: Sendable, Hashable {
        case action(Action)
        case node(RequestTree.Node)
    }

    package var title: String
    package var detail: String
    package var target: Target
    package var matched: [Int] = []

    /// Actions that make sense from the palette: not the moves of a list, nor the keys of a
    /// window, a question, a picker or a line being typed.
    static let actions: [Action] = Action.allCases.filter {
        ![.up, .down, .left, .right, .pageUp, .pageDown, .halfPageUp, .halfPageDown, .top, .bottom,
          .focusNext, .focusPrevious, .palette, .back, .closeWindow, .restoreFile, .answerYes, .answerNo,
          .previousItem, .nextItem, .chooseItem, .commitLine, .cancelLine, .nextField].contains($0)
    }

    /// Every item matching `query`, best first: the workspace's names, then actions.
    static func matching(_ query: String, in workspace: Workspace) -> [PaletteItem] {
        var items: [PaletteItem] = []
        for name in workspace.requestNames {
            let request = workspace.requests[name]!
            items.append(PaletteItem(title: name, detail: "\(request.method.rawValue) \(request.url)", target: .node(.request(name))))
        }
        items += workspace.batchNames.map { PaletteItem(title: $0, detail: "batch", target: .node(.batch($0))) }
        items += workspace.chainNames.map { PaletteItem(title: $0, detail: "chain", target: .node(.chain($0))) }
        items += actions.map { action in
            let keys = KeyMap.keys(for: action).map(KeyMap.label(of:)).joined(separator: " ")
            return PaletteItem(title: action.title, detail: keys, target: .action(action))
        }
        guard !query.isEmpty else { return items }
        return items.enumerated().compactMap { offset, item -> (Int, Int, PaletteItem)? in
            guard let match = FuzzyMatch.match(query, in: item.title) else { return nil }
            var found = item
            found.matched = match.positions
            return (match.score, -offset, found)
        }.sorted { ($0.0, $0.1) > ($1.0, $1.1) }.map(\.2)
    }
}
