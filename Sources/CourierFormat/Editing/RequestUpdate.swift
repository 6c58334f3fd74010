import CourierFormatCore
import Yams

/// Saving a composer draft into its request's block: the method, URL, arguments, headers and
/// form fields that changed are spliced in, and a rename renames every reference too.
struct RequestUpdate {
    let document: WorkspaceDocument
    /// The request's name in the file.
    let original: String
    let draft: RequestDraft

    /// The file's text with the draft saved, and a note when the request's block had to be
    /// written anew: what the edit touches is in flow style (or a value spans lines), so it is
    /// first rewritten in block style from what the file says, then edited like any other.
    static func apply(original: String, draft: RequestDraft,
                      to document: WorkspaceDocument) throws(WorkspaceError) -> (text: String, note: String?) {
        let update = RequestUpdate(document: document, original: original, draft: draft)
        do {
            return (document.source.applying(try update.splices()), nil)
        } catch {
            switch error {
            case .refused(let refusal): throw refusal
            case .needsRewrite(let reason): return try update.applyToRewrittenBlock(because: reason)
            }
        }
    }

    /// The draft saved after the request's block is written anew in block style.
    private func applyToRewrittenBlock(because reason: String) throws(WorkspaceError) -> (text: String, note: String?) {
        let request = try request()
        let source = document.source
        let lines = source.lines(ofEntry: request.key, value: request.value)
        let block = RequestYAML.block(for: try definition(of: request), name: original)
        let rewritten = source.applying([TextSplice(
            source.start(ofLine: lines.lowerBound)..<source.end(ofLine: lines.upperBound),
            YAMLIndentation.reindent(block, to: (request.key.mark?.column ?? 1) - 1, step: document.indentationStep))])
        let blockDocument = try WorkspaceDocument(text: rewritten, file: document.file)
        do {
            let splices = try RequestUpdate(document: blockDocument, original: original, draft: draft).splices()
            let comments = source.hasComment(lines: lines) ? "; the comments in it were lost" : ""
            return (blockDocument.source.applying(splices), "\(original): \(reason); its block was rewritten\(comments)")
        } catch {
            switch error {
            case .refused(let refusal): throw refusal
            case .needsRewrite(let reason):
                throw WorkspaceError(.invalidValue, at: document.location(of: request.key),
                                     "requests.\(original): cannot be saved: \(reason)")
            }
        }
    }

    private func request() throws(WorkspaceError) -> WorkspaceDocument.Entry {
        guard let request = document.request(named: original) else {
            throw WorkspaceError(.unknownTarget, at: nil, "\(document.file): no request named \"\(original)\" to save")
        }
        return request
    }

    /// The request as the file has it.
    private func definition(of request: WorkspaceDocument.Entry) throws(WorkspaceError) -> RequestDefinition {
        var templates: [TemplateUse] = []
        return try RequestDefinition(name: original, yaml: document.value(request.value, path: "requests.\(original)"),
                                     templates: &templates)
    }

    func splices() throws(EditFailure) -> [TextSplice] {
        let request = try refusing(request)
        let current = RequestDraft(try refusing { () throws(WorkspaceError) in try definition(of: request) })
        let rename = RequestRename(document: document, original: original, name: draft.name)
        let renames = draft.name == original ? [] : try rename.splices(key: request.key)
        return renames + (try fieldSplices(request, current: current))
    }

    private func fieldSplices(_ request: WorkspaceDocument.Entry, current: RequestDraft) throws(EditFailure) -> [TextSplice] {
        let named = { (rows: [KeyValueRow]) in rows.filter { !$0.name.isEmpty } }
        var rowEdits: [(key: String, file: [KeyValueRow], draft: [KeyValueRow])] = []
        if let file = current.args, let rows = draft.args, named(rows) != file { rowEdits.append(("args", file, rows)) }
        if named(draft.headers) != current.headers { rowEdits.append(("headers", current.headers, draft.headers)) }
        let formEdit = current.form.flatMap { file in draft.form.flatMap { named($0) != file ? (file, $0) : nil } }
        let changed = draft.method != current.method || draft.url != current.url || !rowEdits.isEmpty || formEdit != nil
        guard changed else { return [] }

        let source = document.source
        guard !source.isFlow(request.value), let fields = request.value.mapping.map(Array.init),
              let first = fields.first?.key.mark else {
            throw .needsRewrite("written in flow style")
        }
        // A gRPC request has no url: (its grpc: has the call); its method and URL are not edited.
        let url = fields.first { $0.key.string == "url" }
        if url == nil, draft.method != current.method || draft.url != current.url {
            throw .refused(WorkspaceError(.invalidValue, at: document.location(of: request.key),
                                          "requests.\(original): a gRPC request's method and URL are its grpc:"))
        }
        let indentation = first.column - 1
        let step = indentation - ((request.key.mark?.column ?? 1) - 1)
        var splices: [TextSplice] = []
        if draft.method != current.method {
            let method = { (style: Node.Scalar.Style) in
                YAMLScalar.string(self.draft.method.rawValue, at: .blockValue, keeping: style)
            }
            if let entry = fields.first(where: { $0.key.string == "method" }) {
                splices.append(try source.replacing(entry.value, parentIndentation: indentation, with: method))
            } else if let url {
                let urlLine = (url.key.mark?.line ?? 1) - 1
                splices.append(.insert(String(repeating: " ", count: indentation) + "method: " + method(.plain) + "\n",
                                       at: source.start(ofLine: urlLine)))
            }
        }
        if draft.url != current.url, let url {
            splices.append(try source.replacing(url.value, parentIndentation: indentation) {
                YAMLScalar.string(self.draft.url, at: .blockValue, keeping: $0)
            })
        }
        // New mappings go after the request's last key, and so after rows added at its end.
        var newMappings: [TextSplice] = []
        for edit in rowEdits {
            let entry = fields.first { $0.key.string == edit.key }
            let rows = try RowsEdit(source: source, key: edit.key, entry: entry, fileRows: edit.file, draftRows: edit.draft,
                                    removable: true, insertion: insertion(after: fields), step: step).splices()
            if entry == nil { newMappings += rows } else { splices += rows }
        }
        if let (file, rows) = formEdit {
            guard let body = fields.first(where: { $0.key.string == "body" }), !source.isFlow(body.value),
                  let bodyFields = body.value.mapping.map(Array.init) else {
                throw .needsRewrite("written in flow style")
            }
            splices += try RowsEdit(source: source, key: "form", entry: bodyFields.first { $0.key.string == "form" },
                                    fileRows: file, draftRows: rows, removable: false,
                                    insertion: insertion(after: bodyFields), step: step).splices()
        }
        return splices + newMappings
    }

    /// Where a new key goes in a block mapping: after its last entry, at its keys' indentation.
    private func insertion(after fields: [WorkspaceDocument.Entry]) -> RowsEdit.Insertion {
        let source = document.source
        let last = fields.last.map { source.lines(ofEntry: $0.key, value: $0.value).upperBound } ?? 0
        return RowsEdit.Insertion(offset: source.end(ofLine: last), indentation: (fields.first?.key.mark?.column ?? 1) - 1,
                                  newlineFirst: !source.hasNewline(line: last))
    }
}
