import CourierHistory
import Foundation

/// The run `--compare last|ID|FILE` names: the previous saved run of the same workspace file
/// and target, a saved run by its history id, or a result that `--json` wrote. An argument of
/// digits only is an id; write a file of such a name as `./12`.
public enum LoadBaseline: Sendable, Hashable {
    case last
    case history(id: Int64)
    case file(String)

    public init(_ argument: String) {
        if argument == "last" {
            self = .last
        } else if let id = Int64(argument), id > 0, argument.allSatisfy(\.isASCII) {
            self = .history(id: id)
        } else {
            self = .file(argument)
        }
    }

    /// The baseline for `result`, a run of the workspace at `workspacePath`. `last` looks
    /// before `result`'s id when it has been saved already. `history` is nil when there is
    /// none to read (`last` and an id then fail).
    public func resolve(for result: LoadResult, workspacePath: String, history: HistoryStore?) throws(LoadBaselineError) -> LoadResult {
        try resolve(target: result.target, workspace: result.workspace, workspacePath: workspacePath, before: result.id, history: history)
    }

    /// Whether the baseline is read from the history (`last` or an id), not a file.
    public var needsHistory: Bool {
        if case .file = self { return false }
        return true
    }

    /// The baseline for a run of `target` in the workspace named `workspace` at
    /// `workspacePath`; `last` looks before the run saved as `id` (nil: before any). A file
    /// or an id can be read before the run starts, so that a wrong one is said at once.
    public func resolve(target: String, workspace: String, workspacePath: String, before id: Int64?,
                        history: HistoryStore?) throws(LoadBaselineError) -> LoadResult {
        switch self {
        case .last:
            let found: LoadResult?
            do { found = try history?.lastLoadRun(workspacePath: workspacePath, target: target, before: id) }
            catch { throw LoadBaselineError("the history cannot be read: \(error)") }
            guard let found else { throw LoadBaselineError("no earlier load run of \(target) in \(workspace)") }
            return found
        case .history(let id):
            let found: LoadResult?
            do { found = try history?.loadRun(id: id) }
            catch { throw LoadBaselineError("load run \(id) cannot be read: \(error)") }
            guard let found else { throw LoadBaselineError("no load run \(id) in the history") }
            return found
        case .file(let path):
            return try Self.read(path)
        }
    }

    /// A load result from a file `--json` wrote (or `courier history load-run --json`): a
    /// regular file of at most ``largestFile`` bytes.
    public static func read(_ path: String) throws(LoadBaselineError) -> LoadResult {
        var info = stat()
        if stat(path, &info) == 0 {
            // A FIFO or a device would be read without end (`--compare /dev/zero`).
            guard info.st_mode & S_IFMT == S_IFREG else { throw LoadBaselineError("\(path): not a regular file") }
            guard info.st_size <= Self.largestFile else {
                throw LoadBaselineError("\(path): \(info.st_size) bytes, larger than a load result (at most 64 MiB)")
            }
        }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) }
        catch { throw LoadBaselineError("\(path): cannot be read: \((error as NSError).localizedDescription)") }
        do { return try LoadResult.decoded(data) }
        catch { throw LoadBaselineError("\(path): not a load result: \(Self.describe(error))") }
    }

    /// The largest baseline file read: a load result is kilobytes.
    static let largestFile = 64 << 20

    /// A decoding error in a sentence: what is wrong and where (`at latency.p99: …`).
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "" : " at " + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "no \"\(key.stringValue)\"" + at(context.codingPath)
        case .typeMismatch(let type, let context): return "expected \(Self.noun(type))" + at(context.codingPath)
        case .valueNotFound(let type, let context): return "expected \(Self.noun(type)), found null" + at(context.codingPath)
        case .dataCorrupted(let context):
            let cause = (context.underlyingError as NSError?)?.localizedDescription ?? context.debugDescription
            return context.codingPath.isEmpty ? "not JSON (\(cause))" : context.debugDescription + at(context.codingPath)
        @unknown default: return "\(error)"
        }
    }

    private static func noun(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Double.Type, is Int.Type, is Int64.Type: return "a number"
        case is Bool.Type: return "true or false"
        case is [String: Any].Type: return "an object"
        case is [Any].Type: return "a list"
        default: return String(describing: type)
        }
    }
}

/// Why `--compare` has nothing to compare with.
public struct LoadBaselineError: Error, CustomStringConvertible, Sendable, Hashable {
    public var message: String

    init(_ message: String) { self.message = message }

    public var description: String { message }
}
