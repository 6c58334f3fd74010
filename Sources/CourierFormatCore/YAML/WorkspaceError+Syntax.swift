import Foundation
import Yams

extension WorkspaceError {
    /// A Yams error as `file:line:column: error: …`: a syntax error at the place Yams
    /// reports, or at `file`'s start when it reports none.
    package static func syntaxError(_ error: any Error, file: String) -> WorkspaceError {
        guard let yamlError = error as? YamlError else {
            return WorkspaceError(.syntax, at: nil, "\(file): \(error)")
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { " (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? ""
            return WorkspaceError(.syntax, at: SourceLocation(file: file, line: mark.line, column: mark.column),
                                  "invalid YAML: \(problem)\(detail)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return WorkspaceError(.syntax, at: SourceLocation(file: file, line: context.mark.line, column: context.mark.column),
                                  "duplicate key \(duplicates.map { "\"\($0)\"" }.joined(separator: ", ")) in one mapping")
        default:
            return WorkspaceError(.syntax, at: SourceLocation(file: file, line: 1, column: 1), "invalid YAML: \(yamlError)")
        }
    }
}
