import Courier
import Foundation
import CourierWorkspace

/// Imports a Bruno collection folder as a workspace: the `.bru` format (`bruno.json`,
/// `collection.bru`, a `.bru` file per request, `folder.bru` per folder,
/// `environments/*.bru`) or Bruno's YAML format, OpenCollection (`opencollection.yml`, a
/// `.yml` file per request, `folder.yml`, `environments/*.yml`), told apart by the file at
/// the top.
///
/// Requests become workspace requests named from their folders and names, folders batches
/// (and the requests' folders under `--layout folder`), each environment an environment
/// (its secrets' names in the private file, their values being Bruno's to keep), the
/// collection's pre-request variables `variables`. Assertions become `expect:` checks and
/// post-response variables captures, where Courier has them; scripts and tests are listed in
/// the report.
public enum BrunoImport {
    /// The collection's files, as paths relative to its folder and their bytes.
    public typealias Files = [(path: String, data: Data)]

    /// `courier import bruno FOLDER`: reads the collection's `.bru`, `.yml`, `.yaml` and
    /// `bruno.json` files (not `node_modules` or hidden folders), then ``result(files:name:)``.
    public static func result(folder: String) throws(ImportFailure) -> ImportResult {
        var files: Files = []
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else {
            throw ImportFailure(file: folder, "cannot read the folder")
        }
        for case let url as URL in enumerator {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            if url.lastPathComponent == "node_modules" {
                enumerator.skipDescendants()
                continue
            }
            guard ["bru", "yml", "yaml"].contains(url.pathExtension) || relative == "bruno.json" else { continue }
            guard let data = try? Data(contentsOf: url) else { continue }
            files.append((relative, data))
        }
        return try result(files: files, name: folder)
    }

    /// The collection made of `files` (paths relative to its folder, `/`-separated); `name`
    /// is the folder as the user named it, for messages.
    /// - Throws: ``ImportFailure`` when there is neither `bruno.json` nor `opencollection.yml`,
    ///   or a file is not valid Bru, JSON or YAML (naming the file and the line and column).
    public static func result(files: Files, name: String) throws(ImportFailure) -> ImportResult {
        let paths = Set(files.map { $0.path })
        if paths.contains("opencollection.yml") || paths.contains("opencollection.yaml") {
            return try OpenCollectionImport.result(files: files, name: name)
        }
        guard let manifest = files.first(where: { $0.path == "bruno.json" }) else {
            throw ImportFailure(file: name, "not a Bruno collection: it has neither bruno.json nor opencollection.yml")
        }
        return try BruCollection(files: files, folder: name, manifest: manifest.data).result()
    }

    /// `text` of `file` read as Bru, or a failure at its line and column.
    static func parse(_ data: Data, file: String) throws(ImportFailure) -> BruDocument {
        guard let text = String(data: data, encoding: .utf8) else { throw ImportFailure(file: file, "not UTF-8 text") }
        do {
            return try BruDocument(parsing: text)
        } catch {
            throw ImportFailure(file: file, line: error.line, column: error.column, error.message)
        }
    }

    /// The folder path of a file path (`a/b/c.bru` → `["a", "b"]`).
    static func folders(of path: String) -> [String] {
        Array(path.split(separator: "/").dropLast().map(String.init))
    }

    /// Builds the tree of folders from requests keyed by their folder paths, in `order`
    /// (each folder's `seq`, then its name), folders' settings from `folderSettings`.
    static func tree(requests: [(folders: [String], seq: Double, request: SourceTree.Request)],
                     folderSettings: [[String]: (folder: SourceTree.Folder, seq: Double)]) -> [SourceTree.Node] {
        func nodes(at path: [String]) -> [SourceTree.Node] {
            var entries: [(seq: Double, key: String, node: SourceTree.Node)] = []
            for item in requests where item.folders == path {
                entries.append((item.seq, item.request.title, .request(item.request)))
            }
            let subfolders = Set((requests.map(\.folders) + folderSettings.keys).filter { $0.count > path.count && Array($0.prefix(path.count)) == path }
                .map { $0[path.count] })
            for name in subfolders {
                let child = path + [name]
                var folder = folderSettings[child]?.folder ?? SourceTree.Folder(title: name)
                folder.children = nodes(at: child)
                entries.append((folderSettings[child]?.seq ?? .infinity, name, .folder(folder)))
            }
            return entries.sorted { ($0.seq, $0.key) < ($1.seq, $1.key) }.map(\.node)
        }
        return nodes(at: [])
    }
}
