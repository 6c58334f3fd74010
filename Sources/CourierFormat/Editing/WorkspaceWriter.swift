import CourierFormatCore
import Foundation

/// Saves edits into a workspace file's text, changing only what was edited: comments, blank
/// lines, key order, quoting, indentation and every other request stay byte for byte.
///
/// A changed scalar keeps its quoting style where it can and is quoted whenever YAML would
/// otherwise read it as something else (`"1"`, `"true"`, `"{{token}}"`). Rows of arguments,
/// headers and form fields are edited line by line. A row switched off is written as a
/// commented-out line, `# Name: value`: YAML ignores it and the workbench does not read it
/// back (a draft made from the saved file lacks the row); a row of that name added later
/// takes its line again. Flow collections are not spliced: a request whose edit touches one
/// has its block rewritten (``RequestYAML``), and a note says so.
package enum WorkspaceWriter {
    /// `text` with `edits` made in order. Refuses (and changes nothing) when an edit cannot be
    /// made — an unknown request, a name already used, a request still referred to — or when
    /// the result would not load as a workspace (`Workspace.parse`'s error).
    ///
    /// - Parameter extraVariables: names given with `--var`, as for `Workspace.parse`.
    package static func apply(_ edits: [WorkspaceEdit], to text: String, file: String,
                             extraVariables: Set<String> = []) throws(WorkspaceError) -> WorkspaceSaveResult {
        var text = text
        var notes: [String] = []
        for edit in edits {
            let document = try WorkspaceDocument(text: text, file: file)
            switch edit {
            case .update(let original, let draft):
                let (updated, note) = try RequestUpdate.apply(original: original, draft: draft, to: document)
                text = updated
                notes += note.map { [$0] } ?? []
            case .add(let name, let yaml, _):
                text = document.source.applying(try RequestEntryEdit.add(name: name, yaml: yaml, to: document))
            case .delete(let name):
                text = document.source.applying(try RequestEntryEdit.delete(name: name, from: document))
            }
        }
        _ = try Workspace.parse(yaml: text, file: file, extraVariables: extraVariables)
        return WorkspaceSaveResult(text: text, notes: notes)
    }

    /// Replaces the file at `path` (through a symbolic link) with `text` atomically: the text
    /// goes to a temporary file in the same directory, which is synced and renamed over the
    /// old one, with the old file's permissions (new files get 0644 less the umask).
    package static func write(_ text: String, to path: String) throws {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let attributes = try? FileManager.default.attributesOfItem(atPath: target.path)
        let permissions = (attributes?[.posixPermissions] as? NSNumber)?.uint16Value
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions ?? 0o644))
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            // The umask may have narrowed the mode open(2) was given.
            if let permissions, fchmod(descriptor, mode_t(permissions)) != 0 {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            try file.write(contentsOf: Data(text.utf8))
            try file.synchronize()
            try file.close()
            guard rename(temporary, target.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
