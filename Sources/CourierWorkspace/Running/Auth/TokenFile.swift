import Courier
import Foundation

/// The file an OAuth2 token is kept in between runs: `<state>/tokens/<workspace>-<key>.json`,
/// 0600 in a 0700 directory, one per workspace and resolved auth settings (so per environment
/// when the environment changes the endpoint, client or user).
struct TokenFile: Sendable {
    let path: String

    init(stateDirectory: String?, workspaceFile: String, key: String) {
        let directory = stateDirectory ?? XDGDirectories.stateHome() + "/courier"
        path = "\(directory)/tokens/\(WorkspaceStateName.of(workspacePath: workspaceFile))-\(key).json"
    }

    /// The saved token; nil when there is none or it cannot be read.
    func load() -> OAuth2Token? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(OAuth2Token.self, from: data)
    }

    /// Writes `token` owner-only (a new file renamed over the old one).
    func save(_ token: OAuth2Token) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try OwnerOnly.makeDirectory(directory)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let data = try encoder.encode(token)
        let temporary = path + ".tmp"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw TokenFileError(description: "\(temporary) cannot be created: \(String(cString: strerror(errno)))") }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == data.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw TokenFileError(description: "\(path) cannot be written")
        }
    }

    func remove() { unlink(path) }
}

struct TokenFileError: Error, CustomStringConvertible {
    let description: String
}
