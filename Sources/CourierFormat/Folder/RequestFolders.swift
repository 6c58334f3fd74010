/// The folders of a folder workspace's requests as paths (`billing/invoices`): which exist and
/// which sit directly in another (the Requests tree, the Postman export).
package enum RequestFolders {
    /// Every folder named and every folder above one.
    package static func all(_ paths: some Sequence<String>) -> Set<String> {
        var folders: Set<String> = []
        for path in paths where !path.isEmpty {
            var components = path.split(separator: "/").map(String.init)
            while !components.isEmpty {
                guard folders.insert(components.joined(separator: "/")).inserted else { break }
                components.removeLast()
            }
        }
        return folders
    }

    /// The folders directly in `folder` (`""` is the top), by name.
    package static func children(of folder: String, in folders: Set<String>) -> [String] {
        folders.filter { path in
            let parent = path.split(separator: "/").dropLast().joined(separator: "/")
            return parent == folder
        }.sorted()
    }
}
