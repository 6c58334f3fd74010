import Foundation

/// The contract's document and the files its `$ref`s name, each read once, and none outside
/// the folders a workspace may use (``PathConfinement``): a `$ref: ../../etc/passwd` is an
/// error at the `$ref`, and the file is never opened.
final class ContractFiles {
    let confinement: PathConfinement
    /// Absolute path → the file's root node, in the order they were read.
    private(set) var roots: [(file: String, root: YAMLValue)] = []

    init(directory: String) {
        confinement = PathConfinement(workspaceDirectory: directory)
    }

    /// The root of `written` (relative to `directory`), read once; a file that is outside,
    /// unreadable or empty is an error at `node`.
    func root(_ written: String, relativeTo directory: String, at node: YAMLValue, purpose: String) throws(WorkspaceError) -> YAMLValue {
        let file = written.hasPrefix("/") ? written : URL(fileURLWithPath: directory).appendingPathComponent(written).standardized.path
        do {
            _ = try confinement.check(file, for: purpose)
        } catch {
            throw node.error(.invalidValue, error.description)
        }
        if let known = roots.first(where: { $0.file == file }) { return known.root }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw node.error(.unreadable, "cannot read the \(purpose) \(file): \((error as NSError).localizedDescription)")
        }
        guard let root = try YAMLValue.document(yaml: String(decoding: data, as: UTF8.self), file: file, subject: "the \(purpose)") else {
            throw node.error(.invalidValue, "the \(purpose) \(file) is empty")
        }
        roots.append((file, root))
        return root
    }

    /// The file a `$ref` (written at `node`) names, read; nil for a reference inside `node`'s
    /// own file or to a URL, which is not read.
    func referencedRoot(_ reference: String, at node: YAMLValue) throws(WorkspaceError) -> YAMLValue? {
        let path = String(reference.prefix { $0 != "#" })
        guard !path.isEmpty, !path.contains("://") else { return nil }
        return try root(path.removingPercentEncoding ?? path, relativeTo: URL(fileURLWithPath: node.file).deletingLastPathComponent().path,
                        at: node, purpose: "file referenced by the contract")
    }

    /// Where a `$ref` written at `node` leads: its file (`node`'s own for `#/…`) and the node its
    /// pointer names there.
    func target(of reference: String, at node: YAMLValue) throws(WorkspaceError) -> ContractPlace {
        if reference.contains("://") {
            throw node.error(.invalidValue, "$ref \(reference): a contract reads only files beside it, not URLs")
        }
        let fragment = reference.firstIndex(of: "#").map { String(reference[reference.index(after: $0)...]) } ?? ""
        guard let tokens = ContractPointer.tokens(fragment: fragment) else {
            throw node.error(.invalidValue, "$ref \(reference): the part after # is not a JSON Pointer (/components/…)")
        }
        let root = try referencedRoot(reference, at: node) ?? roots.first { $0.file == node.file }?.root ?? node
        var place = ContractPlace(node: root, tokens: [])
        for token in tokens {
            guard let child = place.child(token) else {
                throw node.error(.invalidValue, "$ref \(reference): \(URL(fileURLWithPath: root.file).lastPathComponent) has nothing at #\(fragment)")
            }
            place = child
        }
        return place
    }
}

/// A node of a contract's file and the JSON Pointer tokens that lead to it from the file's root.
struct ContractPlace {
    let node: YAMLValue
    let tokens: [String]

    /// `file:///…/api.yaml#/paths/~1pets/get`: the node as the schema registry names it.
    var uri: String { URL(fileURLWithPath: node.file).absoluteString + ContractPointer.fragment(tokens) }

    /// The value under `key` (or the item at an index), if written.
    func child(_ key: String) -> ContractPlace? {
        child { $0 == key }
    }

    /// The value under the first key that `matches`, or the item at the index a token names in a list.
    func child(where matches: (String) -> Bool) -> ContractPlace? {
        switch node.node {
        case .mapping:
            guard let entry = try? node.mapping().entries.first(where: { matches($0.name) }) else { return nil }
            return ContractPlace(node: entry.value, tokens: tokens + [entry.name])
        case .sequence:
            guard let items = try? node.list(), let index = items.indices.first(where: { matches(String($0)) }) else { return nil }
            return ContractPlace(node: items[index], tokens: tokens + [String(index)])
        default:
            return nil
        }
    }
}
