import Courier
import CourierFormat
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

    /// The saved token; nil when there is none, it cannot be read, or it is not to be
    /// trusted: the file (or the tokens directory) is a symbolic link, is not this user's, or
    /// others may read or write it (a 0666 file: anyone could have put a token there, or taken
    /// it), or the token in it could not be sent (``TokenValue``). Such a file is never
    /// followed nor used, and the next token saved replaces it (``save(_:)`` renames over it).
    func load() -> OAuth2Token? {
        guard Self.isPrivateDirectory((path as NSString).deletingLastPathComponent) else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(),
              info.st_mode & 0o077 == 0, info.st_size <= Self.maximumBytes else { return nil }
        let data = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readData(ofLength: Self.maximumBytes + 1)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let token = try? decoder.decode(OAuth2Token.self, from: data), TokenValue.problem(token.accessToken) == nil else { return nil }
        return token
    }

    /// The most bytes a token file may have: two tokens of the most allowed, and room.
    static let maximumBytes = 4 * TokenValue.maximumBytes

    /// `directory` is a real directory (not a link) of this user's that no one else may write to.
    private static func isPrivateDirectory(_ directory: String) -> Bool {
        var info = stat()
        return lstat(directory, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == geteuid()
            && info.st_mode & 0o022 == 0
    }

    /// Writes `token` owner-only (a new file renamed over the old one).
    func save(_ token: OAuth2Token) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try OwnerOnly.makeDirectory(directory)
        guard Self.isPrivateDirectory(directory) else {
            throw TokenFileError(description: "\(directory) is a symbolic link or not this user's own directory; no token is kept there")
        }
        if let problem = TokenValue.problem(token.accessToken) { throw TokenFileError(description: "the token " + problem) }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let data = try encoder.encode(token)
        do throws(OwnerOnlyError) {
            try OwnerOnly.replaceFile(path, with: data)
        } catch {
            throw TokenFileError(description: error.description)
        }
    }

    func remove() { unlink(path) }
}

struct TokenFileError: Error, CustomStringConvertible {
    let description: String
}
