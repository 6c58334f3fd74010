import CourierWorkspace

extension ServiceBrowser {
    func render(context: PaneContext) -> PaneRender {
        let preferred = 100
        let inner = OverlayFrame.innerWidth(preferred: preferred, screen: context.rect)
        let room = max(5, context.rect.height - 4)
        let rows = self.rows
        let detail = detailLines(rows, width: inner - 2)
        // The list gets what the details leave (at least three rows); the details at least half.
        let listHeight = min(rows.count, max(3, room - 1 - min(detail.count, max(3, room / 2))))
        let top = max(0, min(selection - listHeight / 2, rows.count - listHeight))
        var lines = rows[top..<min(rows.count, top + listHeight)].enumerated().map { offset, row in
            line(row, width: inner, context: context).truncated(to: inner).padded(to: inner)
                .highlighted(top + offset == selection ? .selected : .none)
        }
        let detailRoom = room - lines.count - 1
        if detailRoom > 0, !detail.isEmpty {
            lines.append(StyledLine(String(repeating: context.glyphs.horizontal, count: inner), .dim))
            // What does not fit says so on its last line.
            let shown = detail.count > detailRoom ? detailRoom - 1 : detailRoom
            lines += detail.prefix(shown).map { StyledLine([Span(" ")] + $0.spans).truncated(to: inner) }
            if shown < detail.count { lines.append(StyledLine(" \(context.glyphs.ellipsis) \(detail.count - shown) more lines", .dim)) }
        }
        return OverlayFrame(title: "gRPC services", lines: lines,
                            footer: KeyMap.hintLine([(.newRequest, .services), (.chooseItem, .services), (.reloadSchema, .services),
                                                    (.closeWindow, .window)]))
            .render(preferredWidth: preferred, screen: context.rect)
    }

    private func line(_ row: Row, width: Int, context: PaneContext) -> StyledLine {
        switch row {
        case .source(let index):
            var line = StyledLine(" " + sources[index].label, .strong)
            switch loads[index] {
            case .loading: line.append("  \(context.glyphs.spinner(at: context.now)) loading", .accent)
            case .failed: line.append("  \(context.glyphs.failure) not loaded", .failure)
            case .loaded(let catalog):
                line.append("  \(catalog.services.count) service\(catalog.services.count == 1 ? "" : "s")", .dim)
                if catalog.services.isEmpty { line.append(" (the server lists none)", .dim) }
            }
            return line
        case .service(let source, let service):
            guard case .loaded(let catalog) = loads[source] else { return StyledLine() }
            let named = catalog.services[service]
            let isOpen = !folded.contains(foldKey(source, named.name))
            var line = StyledLine("   " + (isOpen ? context.glyphs.expanded : context.glyphs.collapsed) + " ", .dim)
            line.append(named.name)
            line.append("  \(named.methods.count) method\(named.methods.count == 1 ? "" : "s")", .dim)
            return line
        case .method(let source, let service, let method):
            guard case .loaded(let catalog) = loads[source] else { return StyledLine() }
            let methods = catalog.services[service].methods
            let named = methods[method]
            // Names, then messages, in columns across the service's methods.
            let nameWidth = methods.map { DisplayWidth.of($0.name) }.max() ?? 0
            let typesWidth = methods.map { DisplayWidth.of(Self.messages(of: $0)) }.max() ?? 0
            var line = StyledLine("       ")
            line.append(DisplayWidth.padded(named.kind.arrow(unicode: context.glyphs.isUnicode) ?? "", to: 3), .accent)
            line.append(DisplayWidth.padded(named.name, to: nameWidth))
            line.append("  " + DisplayWidth.padded(Self.messages(of: named), to: typesWidth), .dim)
            line.append("  " + named.kind.name, .dim)
            return line
        }
    }

    /// What is below the list: the chosen method's messages as `.proto` text, a service's
    /// methods, a source's failure in full.
    private func detailLines(_ rows: [Row], width: Int) -> [StyledLine] {
        guard rows.indices.contains(selection) else { return [] }
        switch rows[selection] {
        case .source(let index):
            switch loads[index] {
            case .loading: return [StyledLine("loading the schema…", .dim)]
            case .failed(let reason): return Wrapping.lines(reason, width: width).map { StyledLine($0, .failure) }
            case .loaded(let catalog):
                return [StyledLine(catalog.services.map(\.name).joined(separator: ", "), .dim)]
            }
        case .service(let source, let service):
            guard case .loaded(let catalog) = loads[source] else { return [] }
            // Each method's rpc line, the second of its text.
            return catalog.services[service].methods.compactMap { method in
                method.text.split(separator: "\n").dropFirst().first.map { StyledLine(String($0)) }
            }
        case .method(let source, let service, let method):
            guard case .loaded(let catalog) = loads[source] else { return [] }
            // The text's first line says what the method is: the list does too.
            return catalog.services[service].methods[method].text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map { text in
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                return StyledLine(String(text), trimmed.hasPrefix("//") ? .dim : .plain)
            }
        }
    }

    /// `Point → Place`: a method's messages by their short names.
    private static func messages(of method: GRPCCatalog.Method) -> String {
        shortName(method.input) + " → " + shortName(method.output)
    }

    /// `courier.demo.Point` → `Point`.
    static func shortName(_ fullName: String) -> String {
        String(fullName.split(separator: ".").last ?? Substring(fullName))
    }
}
