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

    /// The folds of `body` opened at `folded` lines; lines opening nothing are ignored.
    init(folded: Set<Int>, body: FormattedBody) {
        for opener in folded.sorted() {
            guard let end = body.foldEnd(of: opener) else { continue }
            if let last = ends.last, opener <= last { continue }
            openers.append(opener)
            ends.append(end)
            hiddenBefore.append(hiddenLineCount)
            hiddenLineCount += end - opener
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
        var low = 0
        var high = openers.count
        while low < high {
            let middle = (low + high) / 2
            if openers[middle] - hiddenBefore[middle] <= row { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return row }
        let fold = low - 1
        let openerRow = openers[fold] - hiddenBefore[fold]
        return row == openerRow ? openers[fold] : row + hiddenBefore[fold] + (ends[fold] - openers[fold])
    }

    func isHidden(_ line: Int) -> Bool {
        guard let fold = lastFold(openingBefore: line) else { return false }
        return line <= ends[fold]
    }

    private func lastFold(openingBefore line: Int) -> Int? {
        var low = 0
        var high = openers.count
        while low < high {
            let middle = (low + high) / 2
            if openers[middle] < line { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }
}
