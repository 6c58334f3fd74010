import CourierWorkspace
import Courier
import Foundation

/// The shell's side of the windows over the panes (``Overlay``): the stack of open ones, the
/// keys they take, and what their answers do.
extension AppModel {
    /// The window on top, which takes every key.
    var overlay: (any Overlay)? { overlays.last }

    /// Opens a window over the panes (and over any window already open).
    func open(_ overlay: any Overlay) {
        overlays.append(overlay)
    }

    /// Closes `overlay`, wherever it is on the stack.
    func close(_ overlay: any Overlay) {
        overlays.removeAll { $0 === overlay }
    }

    /// What an overlay reads of the workbench: the whole screen is its room.
    func overlayContext(now: Date = Date()) -> PaneContext {
        var context = context(for: focus, now: now)
        context.rect = Rect(row: 0, column: 0, width: size.columns, height: size.rows)
        context.isFocused = true
        return context
    }

    /// Every key while a window is open goes to the top one: raw while it types a line, else
    /// as the action its scopes give the key.
    func handleOverlayKey(_ key: Key, now: Date) {
        guard let top = overlay else { return }
        let context = overlayContext(now: now)
        if top.isTyping {
            carryOut(top.type(key, context: context), from: top)
        } else if let action = top.action(for: key) {
            carryOut(top.perform(action, context: context), from: top)
        }
    }

    func confirmed(_ consequence: Confirmation.Consequence) {
        switch consequence {
        case .quit:
            wantsToQuit = true
        case .delete(let name):
            if write([.delete(name: name)], done: "deleted \(name) from \(fileName)") { drafts[name] = nil }
        case .cancelAll:
            let count = panes.inFlight.table.live.count
            inFlightAgents.forEach { $0.cancelAll() }
            say("cancelled \(count) request\(count == 1 ? "" : "s")", .warning)
        case .purgeCache:
            carryOut(panes.cache.purge(all: true))
        case .pane(let id, let question):
            carryOut(panes.component(id).confirmed(question, context: context(for: id)))
        case .restoreFile(let text):
            do {
                try WorkspaceWriter.write(text, to: workspacePath)
                reload()
                say("restored \(fileName) as it was before the editor", .success)
            } catch {
                say("cannot restore \(fileName): \(error.localizedDescription)", .failure)
            }
        }
    }

    /// Every variable: its value now, whether it is a secret, and where it comes from.
    func variableRows() -> [VariableRow] {
        var sources: [(name: String, source: String)] = []
        for name in settings.overrides.keys.sorted() { sources.append((name, "--var")) }
        var captured: Set<String> = []
        for run in panes.runs.history.runs {
            for (name, _) in run.chainSnapshot?.values ?? [:] where !name.hasPrefix("status.") && !captured.contains(name) {
                captured.insert(name)
                sources.append((name, "capture (\(run.name))"))
            }
        }
        let environmentValues = environment.flatMap { workspace.environments[$0] } ?? [:]
        for name in environmentValues.keys.sorted() where settings.overrides[name] == nil {
            sources.append((name, "environment \(environment!)"))
        }
        for name in workspace.variables.keys.sorted() where settings.overrides[name] == nil && environmentValues[name] == nil {
            sources.append((name, "file"))
        }
        for name in Template.builtIns.sorted() { sources.append((name, "built-in")) }
        for name in FakeValues.names { sources.append((name, "built-in")) }
        let secrets = session.scope.secrets
        return sources.map { entry in
            let value: String
            if entry.source.hasPrefix("capture"),
               let captured = panes.runs.history.runs.lazy.compactMap({ $0.chainSnapshot?.values[entry.name] }).first {
                value = captured
            } else if ["uuid", "now", "timestamp"].contains(entry.name) || FakeValues.isCall(entry.name) {
                value = "(new on every send)"
            } else {
                value = ((try? session.scope.value(of: entry.name)) ?? nil) ?? "(none)"
            }
            return VariableRow(name: entry.name, value: value, source: entry.source,
                               isSecret: secrets.contains(value) || Redaction.isSensitiveKey(entry.name))
        }
    }
}
