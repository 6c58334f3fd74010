import Foundation

/// A folder workspace as a team keeps one (#44): `courier.yaml` with the config, variables,
/// environments and a chain, and 60 requests in 12 files across three folders under
/// `requests/` (one nested: `admin/audit`), with a batch in one file naming requests of others.
/// Every request is a `GET {{demo}}/anything/...` the demo server echoes.
struct FolderWorkspaceFixture {
    let directory: String
    /// The 12 request files, relative to `directory`.
    static let files = ["users/list.yaml", "users/profile.yaml", "users/settings.yaml", "users/teams.yaml",
                        "orders/create.yaml", "orders/read.yaml", "orders/refund.yaml", "orders/ship.yaml",
                        "admin/keys.yaml", "admin/flags.yaml", "admin/audit/log.yaml", "admin/audit/export.yaml"]

    /// The request names of `file` (five a file).
    static func names(in file: String) -> [String] {
        let stem = file.replacingOccurrences(of: ".yaml", with: "").replacingOccurrences(of: "/", with: "-")
        return (1...5).map { "\(stem)-\($0)" }
    }

    static var allNames: [String] { files.flatMap(names(in:)) }

    /// An empty folder: the test writes every file.
    init(empty: Bool) {
        directory = temporaryDirectory("courier-folder")
    }

    init() {
        directory = temporaryDirectory("courier-folder")
        write("courier.yaml", """
        # The team's workspace: shared config here, requests under requests/.
        name: shop
        config:
          baseUrl: "{{demo}}"
          timeout: 10
        variables:
          tenant: acme
        environments:
          staging: {tenant: staging-acme}
        chains:
          onboarding:
            steps:
              - users-list-1
              - orders-create-2

        """)
        for file in Self.files {
            var text = "# \(file): kept by the team\nrequests:\n"
            for (index, name) in Self.names(in: file).enumerated() {
                text += "  \(name):\n    # request \(index + 1) of \(file)\n    url: /anything/\(name)\n    args: {tenant: \"{{tenant}}\"}\n"
            }
            if file == "orders/ship.yaml" {
                text += "batches:\n  smoke:\n    requests: [users-list-1, admin-audit-log-3, orders-ship-5]\n"
            }
            write("requests/" + file, text)
        }
    }

    /// Writes `text` at `path` under the workspace's folder, making folders.
    func write(_ path: String, _ text: String) {
        let full = directory + "/" + path
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) -> String { (try? String(contentsOfFile: directory + "/" + path, encoding: .utf8)) ?? "" }

    var root: String { directory + "/courier.yaml" }
}
