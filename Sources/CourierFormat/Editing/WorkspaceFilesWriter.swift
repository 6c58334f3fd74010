import CourierFormatCore
import Foundation

/// Saves edits into the files of a workspace — one file, or a folder's root file, included
/// files and request files — with ``WorkspaceWriter``'s splices: each edit goes to the file the
/// request is defined in, a new request to the folder chosen, and a rename renames what refers
/// to the request in every file. The result is checked by reading the whole workspace with the
/// new texts before any file is written; a refusal changes nothing.
package enum WorkspaceFilesWriter {
    /// The files' new texts (only those that change, by path) and the writer's notes.
    package struct Result: Sendable {
        package var texts: [String: String]
        package var notes: [String]
        /// The files that do not exist yet (new request files).
        package var created: [String]
    }

    /// `edits` made in order to `workspace`'s files as they are on disk.
    ///
    /// - Parameter extraVariables: names given with `--var`, as for `Workspace.load`.
    package static func apply(_ edits: [WorkspaceEdit], to workspace: Workspace,
                              extraVariables: Set<String> = []) throws(WorkspaceError) -> Result {
        var texts: [String: String] = [:]
        var notes: [String] = []
        var created: [String] = []
        var current = workspace
        func text(of file: String) throws(WorkspaceError) -> String {
            if let text = texts[file] { return text }
            guard FileManager.default.fileExists(atPath: file) else { return "" }
            do {
                return try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw WorkspaceError(.unreadable, at: nil, "\(file): cannot read it (\(error.localizedDescription))")
            }
        }
        func document(_ file: String) throws(WorkspaceError) -> WorkspaceDocument {
            // A new (or empty) request file starts as an empty `requests:`.
            let text = try text(of: file)
            return try WorkspaceDocument(text: text.isEmpty ? "requests: {}\n" : text, file: file)
        }
        for edit in edits {
            switch edit {
            case .update(let original, let draft):
                guard let file = current.requests[original]?.location.file else {
                    throw WorkspaceError(.unknownTarget, at: nil, "\(current.file): no request named \"\(original)\" to save")
                }
                if draft.name != original { try checkFree(draft.name, in: current, doing: "cannot rename \"\(original)\"") }
                let (updated, note) = try RequestUpdate.apply(original: original, draft: draft, to: try document(file))
                texts[file] = updated
                notes += note.map { [$0] } ?? []
                if draft.name != original {
                    for other in current.files where other != file {
                        let otherDocument = try document(other)
                        let splices = try renamingReferences(in: otherDocument, from: original, to: draft.name)
                        if !splices.isEmpty { texts[other] = otherDocument.source.applying(splices) }
                    }
                }
            case .add(let name, let yaml, let folder):
                try checkFree(name, in: current, doing: "cannot add request \"\(name)\"")
                let file = destination(of: name, folder: folder, in: current)
                if !FileManager.default.fileExists(atPath: file), texts[file] == nil { created.append(file) }
                let target = try document(file)
                texts[file] = target.source.applying(try RequestEntryEdit.add(name: name, yaml: yaml, to: target))
            case .delete(let name):
                guard let file = current.requests[name]?.location.file else {
                    throw WorkspaceError(.unknownTarget, at: nil, "\(current.file): no request named \"\(name)\" to delete")
                }
                for other in current.files where other != file {
                    let otherDocument = try document(other)
                    if let reference = otherDocument.references(to: name).first {
                        throw WorkspaceError(.invalidValue, at: otherDocument.location(of: reference.node),
                                             "cannot delete request \"\(name)\": \(reference.owner) refers to it")
                    }
                }
                let target = try document(file)
                texts[file] = target.source.applying(try RequestEntryEdit.delete(name: name, from: target))
            }
            var reader = WorkspaceFileReader(layout: WorkspaceLayout(path: current.file), texts: texts)
            current = try reader.read(extraVariables: extraVariables)
        }
        return Result(texts: texts, notes: notes, created: created)
    }

    /// Writes a result: each file replaced atomically (``WorkspaceWriter/write(_:to:)``), new
    /// request files' folders made first.
    package static func write(_ result: Result) throws {
        for (file, text) in result.texts.sorted(by: { $0.key < $1.key }) {
            if result.created.contains(file) {
                try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
            }
            try WorkspaceWriter.write(text, to: file)
        }
    }

    /// Where a new request goes: the root file of a one-file workspace or when no folder is
    /// given, else `requests/FOLDER/NAME.yaml`.
    package static func destination(of name: String, folder: String?, in workspace: Workspace) -> String {
        guard workspace.isFolder, let folder else { return workspace.file }
        return WorkspaceLayout(path: workspace.file).requestsDirectory + (folder.isEmpty ? "" : "/" + folder) + "/"
            + WorkspaceLayout.fileName(for: name, fallback: "request") + ".yaml"
    }

    /// Refuses a name a request, batch or chain of any file has.
    private static func checkFree(_ name: String, in workspace: Workspace, doing: String) throws(WorkspaceError) {
        let place: (String, SourceLocation)? = workspace.requests[name].map { ("a request", $0.location) }
            ?? workspace.batches[name].map { ("a batch", $0.location) } ?? workspace.chains[name].map { ("a chain", $0.location) }
        if let (kind, location) = place {
            throw WorkspaceError(.invalidValue, at: nil, "\(doing): the name \"\(name)\" is already used by \(kind) (\(location))")
        }
    }

    private static func renamingReferences(in document: WorkspaceDocument, from original: String,
                                           to name: String) throws(WorkspaceError) -> [TextSplice] {
        do {
            return try RequestRename(document: document, original: original, name: name).referenceSplices()
        } catch {
            switch error {
            case .refused(let refusal): throw refusal
            case .needsRewrite(let reason):
                throw WorkspaceError(.invalidValue, at: nil, "\(document.file): cannot rename the references to \"\(original)\": \(reason)")
            }
        }
    }
}
