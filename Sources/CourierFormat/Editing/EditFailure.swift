import CourierFormatCore
import Yams

/// Why an edit's splices could not be made.
enum EditFailure: Error {
    /// The edit is refused, or the file is not a workspace.
    case refused(WorkspaceError)
    /// The edit touches text that cannot be spliced (say why: "written in flow style"); the
    /// request's block is written anew instead.
    case needsRewrite(String)
}

/// Runs parsing code whose errors refuse the edit.
func refusing<T>(_ body: () throws(WorkspaceError) -> T) throws(EditFailure) -> T {
    do {
        return try body()
    } catch {
        throw .refused(error)
    }
}

extension YAMLSourceText {
    /// The splice that writes over a scalar with what `text` makes of the scalar's style. An
    /// empty plain scalar (`key:`) gets the new text after its colon.
    func replacing(_ node: Node, parentIndentation: Int,
                   with text: (Node.Scalar.Style) -> String) throws(EditFailure) -> TextSplice {
        guard let scalar = node.scalar, let mark = node.mark else { throw .needsRewrite("a value is not a single scalar") }
        if scalar.style == .plain, scalar.string.isEmpty {
            return .insert(" " + text(.plain), at: offset(of: mark))
        }
        guard let range = range(ofScalar: node, parentIndentation: parentIndentation) else {
            throw .needsRewrite("a value is written over several lines")
        }
        return TextSplice(range, text(scalar.style))
    }
}
