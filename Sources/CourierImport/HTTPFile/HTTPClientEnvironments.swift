import Courier
import Foundation
import CourierWorkspace

/// JetBrains' HTTP client environment files beside a `.http` file: `http-client.env.json`
/// (shared, committed) and `http-client.private.env.json` (secrets, kept out of the
/// repository). Each is `{"ENV": {"name": "value", …}, "$shared": {…}}`; `$shared` values apply
/// to every environment, an environment's own over them.
///
/// The public file's environments become the workspace's `environments`; the private file's
/// become private environments, written to the workspace's private file
/// (`NAME.private.yaml`), never into the workspace itself.
public struct HTTPClientEnvironments: Sendable {
    /// The file names the JetBrains client reads.
    public static let publicFileName = "http-client.env.json"
    public static let privateFileName = "http-client.private.env.json"

    var environments: [(name: String, variables: [(name: String, value: String)])] = []
    var privateEnvironments: [(name: String, variables: [(name: String, value: String)])] = []
    var dropped: [String] = []

    /// Reads the files found (either may be nil).
    public init(publicFile: (path: String, data: Data)?, privateFile: (path: String, data: Data)?) throws(ImportFailure) {
        if let publicFile { environments = try Self.read(publicFile.data, file: publicFile.path, dropped: &dropped) }
        if let privateFile { privateEnvironments = try Self.read(privateFile.data, file: privateFile.path, dropped: &dropped) }
        // A private-only environment still needs a name the workspace knows.
        for environment in privateEnvironments where !environments.contains(where: { $0.name == environment.name }) {
            environments.append((environment.name, []))
        }
    }

    /// The environments of one file, `$shared` folded into each.
    private static func read(_ data: Data, file: String,
                             dropped: inout [String]) throws(ImportFailure) -> [(name: String, variables: [(name: String, value: String)])] {
        let document = try PostmanJSON.parse(data, file: file)
        let members = try PostmanJSON.object(document, file: file, expected: "environments by name")
        let name = (file as NSString).lastPathComponent
        func values(of environment: String) -> [(name: String, value: String)] {
            guard let object = members[environment]?.objectValue else {
                dropped.append("\(name): \"\(environment)\" is not an object of variables; left out")
                return []
            }
            var result: [(name: String, value: String)] = []
            for key in object.keys.sorted() {
                switch object[key]! {
                case .string(let text): result.append((key, text))
                case .int(let number): result.append((key, String(number)))
                case .double(let number): result.append((key, String(number)))
                case .bool(let flag): result.append((key, String(flag)))
                case .null: result.append((key, ""))
                case .array, .object:
                    // SSLConfiguration, Security.Auth (OAuth2): the client's settings, not variables.
                    dropped.append("\(name): \(environment).\(key) is \(PostmanJSON.kind(of: object[key]!)) (client settings such as "
                                   + "SSLConfiguration or Security); set the workspace's tls: or auth: instead")
                }
            }
            return result
        }
        let shared = members["$shared"] == nil ? [] : values(of: "$shared")
        return members.keys.filter { $0 != "$shared" }.sorted().map { environment in
            let own = values(of: environment)
            let inherited = shared.filter { item in !own.contains { $0.name == item.name } }
            return (environment, inherited + own)
        }
    }

    /// Puts the environments into `workspace` and says what was left out.
    func apply(to workspace: inout ImportedWorkspace, report: inout ImportReport) {
        for environment in environments {
            if let index = workspace.environments.firstIndex(where: { $0.name == environment.name }) {
                workspace.environments[index].variables += environment.variables
            } else {
                workspace.environments.append(environment)
            }
        }
        workspace.privateEnvironments += privateEnvironments
        report.dropped += dropped
        if !privateEnvironments.isEmpty {
            report.notes.append("\(Self.privateFileName): its values go to the workspace's private file (NAME.private.yaml beside it), "
                                + "which Courier never writes and courier init's .gitignore keeps out of the repository")
        }
    }
}
