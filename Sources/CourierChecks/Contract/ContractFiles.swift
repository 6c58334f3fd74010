import Courier
import CourierFormatCore
import Foundation

/// The contract's document and the files its `$ref`s name, each read once, and none outside
/// the folders a workspace may use (``PathConfinement``): a `$ref: ../../etc/passwd` is an
/// error at the `$ref`, and the file is never opened.
final class ContractFiles {
    let confinement: PathConfinement
    /// Absolute path → the file's root node, in the order they were read.
    private(set) var roots: [(file: String, root: YAMLValue)] = []
    /// A mapping's place URI → its children by key, for ``target(of:at:)``.
    private var children: [String: [String: ContractPlace]] = [:]

    init(directory: String) {
        confinement = PathConfinement(workspaceDirectory: directory)
    }

    /// A file read and the SHA-256 of its bytes, for ``ContractCache``.
    struct Digest: Sendable {
        let path: String
        let digest: String
    }

    /// Every file read, in order, with its digest.
    private(set) var digests: [Digest] = []

    /// `written` made absolute from `directory`.
    static func path(_ written: String, relativeTo directory: String) -> String {
        written.hasPrefix("/") ? written : URL(fileURLWithPath: directory).appendingPathComponent(written).standardized.path
    }

    /// The bytes of `file` (absolute), which must be inside the folders a workspace may use; a
    /// file that is outside or unreadable is an error at `node`. Its digest is kept.
    func read(_ file: String, at node: YAMLValue, purpose: String) throws(WorkspaceError) -> Data {
        do {
            _ = try confinement.check(file, for: purpose)
        } catch {
            throw node.error(.invalidValue, error.description)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw node.error(.unreadable, "cannot read the \(purpose) \(file): \((error as NSError).localizedDescription)")
        }
        digests.append(Digest(path: file, digest: SHA256Hex.of(data)))
        return data
    }

    /// The root of `written` (relative to `directory`), read once; a file that is outside,
    /// unreadable or empty is an error at `node`. `data`: the file's bytes, already read.
    func root(_ written: String, relativeTo directory: String, at node: YAMLValue, purpose: String,
              data known: Data? = nil) throws(WorkspaceError) -> YAMLValue {
        let file = Self.path(written, relativeTo: directory)
        if let known = roots.first(where: { $0.file == file }) { return known.root }
        let data: Data
        if let known { data = known } else { data = try read(file, at: node, purpose: purpose) }
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
            guard let child = self.child(of: place, token) else {
                throw node.error(.invalidValue, "$ref \(reference): \(URL(fileURLWithPath: root.file).lastPathComponent) has nothing at #\(fragment)")
            }
            place = child
        }
        return place
    }

    /// The place under `token` in `place`, with each mapping's keys indexed the first time a
    /// `$ref` walks through it: 2,000 `$ref`s into `components/schemas` read its 2,000 keys once, not each time.
    private func child(of place: ContractPlace, _ token: String) -> ContractPlace? {
        guard case .mapping = place.node.node else { return place.child(token) }
        let key = place.uri
        if let known = children[key] { return known[token] }
        var byName: [String: ContractPlace] = [:]
        for child in place.children() where byName[child.name] == nil { byName[child.name] = child.place }
        children[key] = byName
        return byName[token]
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

    /// A mapping's entries as places, in the order written (none for anything else).
    func children() -> [(name: String, place: ContractPlace)] {
        guard case .mapping = node.node, let entries = try? node.mapping().entries else { return [] }
        return entries.map { ($0.name, ContractPlace(node: $0.value, tokens: tokens + [$0.name])) }
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
