import Yams

/// The splices that make a block mapping of rows (`headers:`, `args:`, `form:`) say what the
/// composer's rows say, touching only the rows that changed.
///
/// A changed name or value is written over in place; a removed row's lines go; a new row
/// gets a line after the row before it. A row switched off becomes a commented-out line,
/// `# Name: value`, at the rows' indentation: YAML ignores it and the workbench does not read
/// it back (a draft made from the saved file lacks that row), but a person can switch it back
/// on, and a row of that name added later takes its line.
struct RowsEdit {
    /// Where a mapping that is not there yet goes: the offset of a line start, how far in its
    /// key is, and whether a newline must come first (the file's last line has none).
    struct Insertion {
        var offset: Int
        var indentation: Int
        var newlineFirst: Bool
    }

    let source: YAMLSourceText
    /// `headers`, `args` or `form`.
    let key: String
    /// The key and its mapping, nil when the request has none yet.
    let entry: WorkspaceDocument.Entry?
    /// The rows as the file has them, one per entry of the mapping, in order.
    let fileRows: [KeyValueRow]
    /// The rows as the composer has them.
    let draftRows: [KeyValueRow]
    /// When no rows are left at all: whether the key goes too, or stays as `key: {}`.
    let removable: Bool
    let insertion: Insertion
    /// How much further in than its key a new mapping's rows go.
    let step: Int

    func splices() throws(EditFailure) -> [TextSplice] {
        let rows = draftRows.filter { !$0.name.isEmpty }
        guard rows != fileRows else { return [] }
        let anyEnabled = rows.contains(where: \.isEnabled)
        guard let entry else {
            guard !rows.isEmpty else { return [] }
            let indentation = String(repeating: " ", count: insertion.indentation)
            let head = (insertion.newlineFirst ? "\n" : "") + indentation + key + ":" + (anyEnabled ? "" : " {}") + "\n"
            let lines = rows.map { line(for: $0, indentation: insertion.indentation + step) }
            return [.insert(head + lines.joined(), at: insertion.offset)]
        }
        let entryLines = source.lines(ofEntry: entry.key, value: entry.value)
        if rows.isEmpty, removable {
            return [TextSplice(source.start(ofLine: entryLines.lowerBound)..<source.end(ofLine: entryLines.upperBound), "")]
        }
        guard let colon = source.offsetAfterColon(of: entry.key) else {
            throw .needsRewrite("a key is written over several lines")
        }
        let keyIndentation = (entry.key.mark?.column ?? 1) - 1
        var splices: [TextSplice] = []
        var reusable = RowComments(source: source, lines: entryLines.dropFirst())
        if source.isFlow(entry.value) {
            guard let empty = source.rangeOfEmptyFlowCollection(entry.value) else { throw .needsRewrite("written in flow style") }
            // `key: {}` gains rows: they go on the lines under the key.
            if anyEnabled { splices.append(TextSplice(colon..<empty.upperBound, "")) }
            let indentation = keyIndentation + step
            var newRows = ""
            for row in rows {
                let text = line(for: row, indentation: indentation)
                if let splice = reusable.take(row.name, indentation: indentation, writing: text) {
                    splices.append(splice)
                } else {
                    newRows += text
                }
            }
            let keyLine = entryLines.lowerBound
            let prefix = source.hasNewline(line: keyLine) ? "" : "\n"
            return splices + [.insert(prefix + newRows, at: source.end(ofLine: keyLine))]
        }
        guard let pairs = entry.value.mapping.map(Array.init), pairs.count == fileRows.count,
              let first = pairs.first?.key.mark else {
            throw .needsRewrite("its \(key) are not a mapping of names to values")
        }
        if !anyEnabled { splices.append(.insert(" {}", at: colon)) }
        let indentation = first.column - 1
        var lastKept: Int?
        for move in Self.align(fileRows.map(\.name), rows.map(\.name)) {
            switch move {
            case .kept(let index, let draftIndex):
                splices += try change(pairs[index], from: fileRows[index], to: rows[draftIndex])
                lastKept = index
            case .removed(let index):
                let lines = source.lines(ofEntry: pairs[index].key, value: pairs[index].value)
                splices.append(TextSplice(source.start(ofLine: lines.lowerBound)..<source.end(ofLine: lines.upperBound), ""))
            case .added(let draftIndex):
                let text = line(for: rows[draftIndex], indentation: indentation)
                if let splice = reusable.take(rows[draftIndex].name, indentation: indentation, writing: text) {
                    splices.append(splice)
                } else if let lastKept {
                    let last = source.lines(ofEntry: pairs[lastKept].key, value: pairs[lastKept].value).upperBound
                    splices.append(.insert((source.hasNewline(line: last) ? "" : "\n") + text, at: source.end(ofLine: last)))
                } else {
                    splices.append(.insert(text, at: source.start(ofLine: first.line - 1)))
                }
            }
        }
        return splices
    }

    /// A row's line: `Name: value`, or `# Name: value` when it is switched off.
    private func line(for row: KeyValueRow, indentation: Int) -> String {
        String(repeating: " ", count: indentation) + (row.isEnabled ? "" : "# ")
            + YAMLScalar.string(row.name, at: .blockKey) + ": " + YAMLScalar.json(row.json, at: .blockValue) + "\n"
    }

    /// The splices for a row that is still there, perhaps renamed, changed or switched off.
    private func change(_ pair: WorkspaceDocument.Entry, from old: KeyValueRow,
                        to new: KeyValueRow) throws(EditFailure) -> [TextSplice] {
        let keyIndentation = (pair.key.mark?.column ?? 1) - 1
        let renamed = new.name != old.name
        let revalued = new.json != old.json
        let keyText = { (style: Node.Scalar.Style) in YAMLScalar.string(new.name, at: .blockKey, keeping: style) }
        let valueText = { (style: Node.Scalar.Style) in YAMLScalar.json(new.json, at: .blockValue, keeping: style) }
        guard !new.isEnabled else {
            var splices: [TextSplice] = []
            if renamed { splices.append(try source.replacing(pair.key, parentIndentation: keyIndentation, with: keyText)) }
            if revalued { splices.append(try source.replacing(pair.value, parentIndentation: keyIndentation, with: valueText)) }
            return splices
        }
        let lines = source.lines(ofEntry: pair.key, value: pair.value)
        let lineStart = source.start(ofLine: lines.lowerBound)
        if !renamed, !revalued, lines.count == 1 {
            return [.insert("# ", at: lineStart + keyIndentation)]
        }
        let style = { (node: Node) in node.scalar?.style ?? .plain }
        let written = String(repeating: " ", count: keyIndentation) + "# "
            + keyText(style(pair.key)) + ": " + valueText(style(pair.value))
        return [TextSplice(lineStart..<source.contentEnd(ofLine: lines.upperBound), written)]
    }

    enum Step: Equatable {
        case kept(file: Int, draft: Int)
        case removed(file: Int)
        case added(draft: Int)
    }

    /// The file's rows matched to the draft's by name (a longest common subsequence), in
    /// order. Between two matches, unmatched rows pair up in order: the same row renamed.
    static func align(_ file: [String], _ draft: [String]) -> [Step] {
        var common = Array(repeating: Array(repeating: 0, count: draft.count + 1), count: file.count + 1)
        for i in file.indices.reversed() {
            for j in draft.indices.reversed() {
                common[i][j] = file[i] == draft[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var steps: [Step] = []
        var removed: [Int] = []
        var added: [Int] = []
        func flush() {
            let paired = min(removed.count, added.count)
            steps += (0..<paired).map { .kept(file: removed[$0], draft: added[$0]) }
            steps += removed.dropFirst(paired).map { .removed(file: $0) }
            steps += added.dropFirst(paired).map { .added(draft: $0) }
            removed = []
            added = []
        }
        var i = 0, j = 0
        while i < file.count || j < draft.count {
            if i < file.count, j < draft.count, file[i] == draft[j] {
                flush()
                steps.append(.kept(file: i, draft: j))
                i += 1
                j += 1
            } else if j == draft.count || (i < file.count && common[i + 1][j] >= common[i][j + 1]) {
                removed.append(i)
                i += 1
            } else {
                added.append(j)
                j += 1
            }
        }
        flush()
        return steps
    }
}

/// Commented-out rows (`# Name: value`) under a mapping's key, which a row of that name
/// takes over instead of getting a new line.
private struct RowComments {
    let source: YAMLSourceText
    var lines: [Int]

    init(source: YAMLSourceText, lines: some Sequence<Int>) {
        self.source = source
        self.lines = lines.filter { source.isComment(line: $0) }
    }

    /// The splice that writes `text` over the comment for `name`, which is then used up.
    mutating func take(_ name: String, indentation: Int, writing text: String) -> TextSplice? {
        let prefix = String(repeating: " ", count: indentation) + "# " + YAMLScalar.string(name, at: .blockKey) + ":"
        guard let index = lines.firstIndex(where: { source.lineText($0).hasPrefix(prefix) }) else { return nil }
        let line = lines.remove(at: index)
        return TextSplice(source.start(ofLine: line)..<source.end(ofLine: line), text)
    }
}
