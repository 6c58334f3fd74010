import CourierWorkspace
import Courier
import Foundation

/// The variables window's rows (`V`).
extension WorkbenchSession {
    /// For the environment picker (`E`): each environment's number of values and the files
    /// they come from, shared first (`3 values · environments/staging.yaml, …private.yaml`).
    func environmentSummaries() -> [String: String] {
        var summaries: [String: String] = [:]
        for name in workspace.environmentNames {
            let values = workspace.environments[name] ?? [:]
            var files: [String] = []
            for file in (workspace.environmentSources[name] ?? [:]).values.sorted() where !files.contains(file) { files.append(file) }
            // Private files last: they are read over the shared ones.
            files = files.filter { !$0.hasSuffix(".private.yaml") } + files.filter { $0.hasSuffix(".private.yaml") }
            let count = "\(values.count) value\(values.count == 1 ? "" : "s")"
            summaries[name] = files.isEmpty ? count : count + " · " + files.map(displayName(of:)).joined(separator: ", ")
        }
        return summaries
    }

    /// Every variable: its value now, whether it is a secret, and where it comes from.
    func variableRows() -> [VariableRow] {
        var sources: [(name: String, source: String)] = []
        for name in settings.overrides.keys.sorted() { sources.append((name, "--var")) }
        var captured: Set<String> = []
        for run in runs.runs {
            for (name, _) in run.chainSnapshot?.values ?? [:] where !name.hasPrefix("status.") && !captured.contains(name) {
                captured.insert(name)
                sources.append((name, "capture (\(run.name))"))
            }
        }
        let environmentValues = environment.flatMap { workspace.environments[$0] } ?? [:]
        let environmentFiles = environment.flatMap { workspace.environmentSources[$0] } ?? [:]
        for name in environmentValues.keys.sorted() where settings.overrides[name] == nil {
            sources.append((name, "environment \(environment!)" + (environmentFiles[name].map { " · " + displayName(of: $0) } ?? "")))
        }
        for name in workspace.variables.keys.sorted() where settings.overrides[name] == nil && environmentValues[name] == nil {
            sources.append((name, workspace.variableSources[name].map(displayName(of:)) ?? "file"))
        }
        // `{{env.NAME}}` from a .env file, or the process environment over it.
        let process = ProcessInfo.processInfo.environment
        for name in Set(workspace.dotenv.keys).union(settings.dotenv.keys).sorted() {
            let file = settings.dotenv[name] != nil ? settings.envFiles.last.map { "--env-file " + $0 }
                : workspace.dotenvFile.map(displayName(of:))
            sources.append(("env.\(name)", process[name] != nil ? "process (over \(file ?? ".env"))" : file ?? ".env"))
        }
        for name in Template.builtIns.sorted() { sources.append((name, "built-in")) }
        for name in FakeValues.names { sources.append((name, "built-in")) }
        let secrets = engine.scope.secrets
        return sources.map { entry in
            let value: String
            if entry.source.hasPrefix("capture"),
               let captured = runs.runs.lazy.compactMap({ $0.chainSnapshot?.values[entry.name] }).first {
                value = captured
            } else if ["uuid", "now", "timestamp"].contains(entry.name) || FakeValues.isCall(entry.name) {
                value = "(new on every send)"
            } else {
                value = ((try? engine.scope.value(of: entry.name)) ?? nil) ?? "(none)"
            }
            // A .env file's values are secrets whatever their names.
            let fromDotEnv = entry.name.hasPrefix("env.")
            return VariableRow(name: entry.name, value: value, source: entry.source,
                               isSecret: fromDotEnv || secrets.contains(value) || Redaction.isSensitiveKey(entry.name))
        }
    }
}
