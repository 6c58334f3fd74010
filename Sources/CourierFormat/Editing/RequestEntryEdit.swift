import CourierFormatCore
import Yams

/// Adding a request at the end of `requests:` and deleting one, lines and all.
enum RequestEntryEdit {
    /// The splices that append `yaml` (a request's block, `name:` first) to `requests:`, at
    /// the other requests' indentation and spacing. A file without `requests:` gets one
    /// before `batches:` and `chains:`.
    static func add(name: String, yaml: String, to document: WorkspaceDocument) throws(WorkspaceError) -> [TextSplice] {
        try document.checkNewName(name, at: nil, doing: "cannot add request \"\(name)\"")
        let snippet: Node?
        do {
            snippet = try Yams.compose(yaml: yaml)
        } catch {
            throw WorkspaceError.syntaxError(error, file: "\(document.file) (new request \"\(name)\")")
        }
        guard let entries = snippet?.mapping, entries.count == 1, entries.first?.key.string == name else {
            throw WorkspaceError(.invalidValue, at: nil, "\(document.file): the YAML of a new request must be one key, "
                + "\"\(name):\", with the request under it")
        }
        let source = document.source
        let step = document.indentationStep
        guard let requests = document.topLevel("requests") else {
            let block = "requests:\n" + YAMLIndentation.reindent(yaml, to: step, step: step)
            guard let next = ["batches", "chains"].compactMap(document.topLevel).compactMap(\.key.mark?.line).min() else {
                let text = source.text(0..<source.scalars.count)
                let separator = text.isEmpty || text.hasSuffix("\n\n") ? "" : text.hasSuffix("\n") ? "\n" : "\n\n"
                return [.insert(separator + block, at: source.scalars.count)]
            }
            var line = next - 1
            while line > 0, source.isComment(line: line - 1) { line -= 1 }
            return [.insert(block + "\n", at: source.start(ofLine: line))]
        }
        let keyLine = (requests.key.mark?.line ?? 1) - 1
        if let empty = source.rangeOfEmptyFlowCollection(requests.value), let colon = source.offsetAfterColon(of: requests.key) {
            let block = YAMLIndentation.reindent(yaml, to: (requests.key.mark?.column ?? 1) - 1 + step, step: step)
            return [TextSplice(colon..<empty.upperBound, ""),
                    .insert((source.hasNewline(line: keyLine) ? "" : "\n") + block, at: source.end(ofLine: keyLine))]
        }
        guard let last = requests.value.mapping.map(Array.init)?.last, let lastMark = last.key.mark else {
            throw WorkspaceError(.wrongType, at: document.location(of: requests.value),
                                 "requests: expected a mapping of request names to requests")
        }
        let lastLine = source.lines(ofEntry: last.key, value: last.value).upperBound
        // Requests separated by blank lines get one before the new request too.
        let spaced = lastMark.line - 2 > keyLine && source.isBlank(line: lastMark.line - 2)
        let block = YAMLIndentation.reindent(yaml, to: lastMark.column - 1, step: step)
        let separator = (source.hasNewline(line: lastLine) ? "" : "\n") + (spaced ? "\n" : "")
        return [.insert(separator + block, at: source.end(ofLine: lastLine))]
    }

    /// The splice that removes a request: its key's line through the last line of its value,
    /// and a blank line that would otherwise double the one before it. Refused while a batch
    /// or chain refers to it.
    static func delete(name: String, from document: WorkspaceDocument) throws(WorkspaceError) -> [TextSplice] {
        guard let requests = document.topLevel("requests"), let request = document.request(named: name) else {
            throw WorkspaceError(.unknownTarget, at: nil, "\(document.file): no request named \"\(name)\" to delete")
        }
        let owners = document.references(to: name).map(\.owner).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        guard owners.isEmpty else {
            let list = owners.count == 1 ? owners[0] : owners.dropLast().joined(separator: ", ") + " and " + owners.last!
            throw WorkspaceError(.invalidValue, at: document.location(of: request.key),
                                 "cannot delete request \"\(name)\": \(list) \(owners.count == 1 ? "refers" : "refer") to it")
        }
        let source = document.source
        let lines = source.lines(ofEntry: request.key, value: request.value)
        let keyLine = (requests.key.mark?.line ?? 1) - 1
        var first = lines.lowerBound
        var last = lines.upperBound
        var blanksAfter = 0
        while last + blanksAfter + 1 < source.lineCount, source.isBlank(line: last + blanksAfter + 1) { blanksAfter += 1 }
        if last + blanksAfter + 1 == source.lineCount {
            // Nothing follows: no blank lines are left at the end of the file.
            last += blanksAfter
            while first - 1 > keyLine, source.isBlank(line: first - 1) { first -= 1 }
        } else if first - 1 == keyLine || source.isBlank(line: first - 1) {
            last += blanksAfter
        }
        let removal = TextSplice(source.start(ofLine: first)..<source.end(ofLine: last), "")
        // The last request goes: `requests: {}` keeps the file a workspace.
        guard requests.value.mapping?.count == 1, let colon = source.offsetAfterColon(of: requests.key) else { return [removal] }
        return [.insert(" {}", at: colon), removal]
    }
}
