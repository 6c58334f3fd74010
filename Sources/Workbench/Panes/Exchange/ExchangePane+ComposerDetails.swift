import CourierWorkspace
import Courier
import Foundation

extension ExchangePane {
    /// The read-only tabs: a body that is not a form, auth, and the options (cache,
    /// validation, timeout, retry, TLS, priority, download).
    func detailLines(_ draft: RequestDraft, request: WorkspaceRequest?, width: Int) -> [StyledLine] {
        guard let definition = source.effectiveDefinition(of: draft.name) ?? source.workspace.requests[draft.name] else { return [] }
        if let grpc = definition.grpc, composer.tab == .params { return metadataLines(grpc) }
        if let grpc = definition.grpc, composer.tab == .body { return messageLines(grpc, request: request, width: width) }
        switch composer.tab {
        case .params:
            if case .json? = definition.body {
                return [StyledLine(" The arguments travel as the JSON body: see Body (e edits it).", .dim)]
            }
            return [StyledLine(" The arguments are nested JSON: e edits them in $EDITOR.", .dim)] + jsonLines(definition.args)
        case .body:
            return bodyLines(definition)
        case .auth:
            return authLines(definition, width: width)
        case .options, .headers:
            return optionLines(definition, request: request, width: width)
        }
    }

    func jsonLines(_ value: JSONValue?) -> [StyledLine] {
        guard let value else { return [] }
        let body = FormattedBody.format(value.serialized(prettyPrinted: true), mimeType: "application/json", lineLimit: 200)
        return (0..<body.lineCount).map { StyledLine([Span(" ")] + body.line($0).spans) }
    }

    private func bodyLines(_ definition: RequestDefinition) -> [StyledLine] {
        switch definition.body {
        case .json(let value)?:
            return [StyledLine(" JSON (sent with sorted keys) — e edits it", .dim)] + jsonLines(value)
        case .text(let text, let contentType)?:
            return [StyledLine(" \(contentType ?? "text/plain; charset=utf-8") — e edits it", .dim)]
                + text.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(" " + $0) }
        case .file(let path, let contentType)?:
            let size = (try? FileManager.default.attributesOfItem(atPath: source.workspace.resolvePath(path))[.size] as? Int).flatMap { $0 }
            return [StyledLine(" from the file \(path)" + (size.map { " (\(ByteCount.text($0)))" } ?? " (missing)"), .plain),
                    StyledLine(" \(contentType ?? "application/octet-stream")", .dim)]
        case .graphql(let graphql)?:
            return graphQLLines(graphql)
        case .multipart(let parts)?:
            return [StyledLine(" multipart/form-data", .dim)] + parts.map { part in
                StyledLine.build { line in
                    line.append(" \(part.name)  ", .syntaxKey)
                    line.append(part.file.map { "@\($0)" + (part.filename.map { " as \($0)" } ?? "") } ?? part.value ?? "")
                }
            }
        case .form?, nil:
            let query = definition.method.encodesArgumentsInQuery
            return [StyledLine(query ? " No body: \(definition.method.rawValue) sends its arguments in the query." : " No body.", .dim)]
        }
    }

    /// The request's own auth; else its folder's, saying which folder's config gives it.
    private func authLines(_ definition: RequestDefinition, width: Int) -> [StyledLine] {
        func said(_ text: String) -> [StyledLine] { Wrapping.lines(text, width: max(10, width - 2)).map { StyledLine(" " + $0, .dim) } }
        if let auth = definition.auth { return Self.authLines(auth.authentication, reveal: source.revealsSecrets) }
        if definition.noAuth { return said("No authorization (auth: none), whatever its folder says.") }
        let configs = source.workspace.folderConfigs(for: definition.name)
        guard let config = configs.last(where: { $0.auth != nil || $0.noAuth }), let auth = config.auth else {
            return [StyledLine(" No authorization.", .dim)]
        }
        let place = "requests/" + (config.folder.isEmpty ? "" : config.folder + "/")
        return said("From the config of \(place) (auth: none on the request opts out):")
            + Self.authLines(auth.authentication, reveal: source.revealsSecrets)
    }

    private func optionLines(_ definition: RequestDefinition, request: WorkspaceRequest?, width: Int) -> [StyledLine] {
        func row(_ name: String, _ value: String, _ style: Style = .plain) -> StyledLine {
            StyledLine.build { $0.append(" " + DisplayWidth.padded(name, to: 11), .syntaxKey); $0.append(value, style) }
        }
        var lines: [StyledLine] = []
        if let cache = definition.cache {
            var text = "\(cache.seconds) s, version \(cache.version)"
            if cache.sensitive != nil { text += ", per \(source.revealsSecrets ? cache.sensitive! : "user (sensitive)")" }
            lines.append(row("cache", text))
            if let request {
                let explanation = ResponseCache.explain(request)
                let style: Style = explanation.startUsesCache ? .success : .dim
                let summary = explanation.entryExists ? explanation.summary : "no entry yet: the first successful send writes one"
                lines += Wrapping.lines(summary, width: max(10, width - 13)).map { row("", $0, style) }
            }
        } else {
            lines.append(row("cache", "off", .dim))
        }
        let statuses = definition.validate?.statusCodes.map(DefinitionText.statusCodes) ?? "200-299"
        lines.append(row("status", "accepted: \(statuses)"))
        if let template = definition.validate?.json { lines.append(row("json", DefinitionText.template(template))) }
        lines.append(row("timeout", "\(definition.timeout ?? source.workspace.config.timeout ?? RequestSettings.standardTimeoutInterval) s without progress"))
        for option in TransferOptionFields.rows(definition.transferOptions) { lines.append(row(option.label, option.text)) }
        let retry = definition.retry ?? source.workspace.config.retry
        lines.append(row("retry", retry.map(DefinitionText.retry) ?? "none", retry == nil ? .dim : .plain))
        lines.append(row("tls", DefinitionText.tls(definition.tls ?? source.workspace.config.tls ?? .default)))
        lines.append(row("priority", DefinitionText.priority(definition.priority ?? .default)))
        if let response = definition.response { lines.append(row("response", response.rawValue)) }
        if let accepted = definition.acceptedContentTypes { lines.append(row("accept", accepted.sorted().joined(separator: ", "))) }
        if let download = definition.download { lines.append(row("download", "to \(download.path), resumable")) }
        if !definition.sensitive.isEmpty { lines.append(row("hidden", "\(definition.sensitive.count) sensitive value(s)")) }
        return lines
    }

    /// The Exchange pane when a section, batch or chain is selected.
    func groupSummary(width: Int, now: Date) -> [StyledLine] {
        switch selection.tree.selectedNode {
        case .batch(let name)?:
            let members = source.workspace.requestNames(inBatch: name)
            var lines = [StyledLine(" Batch \(name): \(members.count) requests sent together — Enter runs it", .dim)]
            lines += RunHistory.likeRuns(members).map { range in memberLine(members[range.lowerBound], times: range.count, now: now) }
            return lines
        case .chain(let name)?:
            let steps = source.workspace.chains[name]?.steps.count ?? 0
            return [StyledLine(" Chain \(name): \(steps) steps one after another — Enter runs it, S step by step", .dim)]
                + (source.workspace.chains[name]?.steps.flatMap { $0.items.map { memberLine($0.request.name, now: now) } } ?? [])
        case .folder(let path)?:
            let members = source.workspace.requestNames.filter { source.workspace.requestFolders[$0] == path }
            let below = selection.tree.requestCount(inFolder: path) - members.count
            var lines = [StyledLine(" Folder requests/\(path)/: \(members.count) requests"
                + (below > 0 ? " and \(below) in its folders" : "") + " — n adds one here, Enter folds it", .dim)]
            lines += members.map { memberLine($0, now: now) }
            return lines
        default:
            return [StyledLine(" Select a request to see it here as it will be sent.", .dim)]
        }
    }

    private func memberLine(_ name: String, times: Int = 1, now: Date) -> StyledLine {
        StyledLine.build { line in
            let method = source.effectiveDefinition(of: name)?.method.rawValue ?? "?"
            line.append(" ")
            line.append(MethodBadge.spans(method))
            line.append(name)
            if times > 1 { line.append(" ×\(times)", .dim) }
            if let exchange = source.exchanges[name] {
                line.append("  ")
                line.append(RequestsPane.badge(of: exchange, glyphs: glyphs, now: now))
            }
        }
    }
}

/// Sizes for people: `512 B`, `1.2 KB`, `20.0 MB`.
enum ByteCount {
    static func text(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return String(format: value < 10 ? "%.1f" : "%.0f", value) + " " + units[unit]
    }
}
