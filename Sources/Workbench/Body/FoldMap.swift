import CourierWorkspace

/// Maps between the rows a viewer shows and the lines of its body, given which lines are
/// folded. Only the outermost folds count (a fold inside a folded one hides nothing more), kept
/// sorted with the number of lines hidden before each, so both directions are binary searches:
/// bodies run to millions of lines, folds are few.
struct FoldMap: Sendable {
    private var openers: [Int] = []
    private var ends: [Int] = []
    /// Lines hidden by the folds before each one.
    private var hiddenBefore: [Int] = []
    private(set) var hiddenLineCount = 0

    init() {}

    /// The folds of `body` opened at `folded` lines (ascending); lines opening nothing are
    /// ignored. Folds inside a fold are skipped by binary search, so closing every fold costs
    /// no more than the outermost ones.
    init(folded: [Int], body: FormattedBody) {
        var index = 0
        while index < folded.count {
            let opener = folded[index]
            guard let end = body.foldEnd(of: opener) else {
                index += 1
                continue
            }
            openers.append(opener)
            ends.append(end)
            hiddenBefore.append(hiddenLineCount)
            hiddenLineCount += end - opener
            index = folded[(index + 1)...].partitioningIndex { $0 > end }
        }
    }

    /// The row showing `line`: for a hidden line, the row of the fold hiding it.
    func row(of line: Int) -> Int {
        guard let fold = lastFold(openingBefore: line) else { return line }
        if line <= ends[fold] { return openers[fold] - hiddenBefore[fold] }
        return line - hiddenBefore[fold] - (ends[fold] - openers[fold])
    }

    /// The line shown on `row`.
    func line(atRow row: Int) -> Int {
        let following = openers.indices.partitioningIndex { openers[$0] - hiddenBefore[$0] > row }
        guard following > 0 else { return row }
        let fold = following - 1
        let openerRow = openers[fold] - hiddenBefore[fold]
        return row == openerRow ? openers[fold] : row + hiddenBefore[fold] + (ends[fold] - openers[fold])
    }

    private func lastFold(openingBefore line: Int) -> Int? {
        let following = openers.partitioningIndex { $0 >= line }
        return following > 0 ? following - 1 : nil
    }
}
