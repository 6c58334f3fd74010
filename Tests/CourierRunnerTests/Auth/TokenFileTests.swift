@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner
import Foundation
import Testing

/// The OAuth2 token file is used only when it is this user's own regular file, 0600, in a
/// tokens directory that is not a link: a 0666 file (anyone could have written the token, or
/// read it) is not used, a symbolic link is never followed — its target is neither read nor
/// written — and the next token saved replaces either with an owner-only file.
@Suite struct TokenFileTests {
    private static func file(in state: String) -> TokenFile {
        TokenFile(stateDirectory: state, workspaceFile: "/tmp/ws.yaml", key: "k")
    }

    private static let token = OAuth2Token(response: ["access_token": "saved-token", "expires_in": 3600], previous: nil)!

    private static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func anOwnerOnlyFileServes() throws {
        let file = Self.file(in: temporaryDirectory("courier-state"))
        try file.save(Self.token)
        expectEqual(try Self.mode(file.path), 0o600)
        expectEqual(file.load()?.accessToken, "saved-token")
    }

    @Test(arguments: [0o666, 0o644, 0o620])
    func aFileOthersMayReadOrWriteIsNotUsedAndTheNextSaveMakesItOwnerOnly(_ mode: Int) throws {
        let file = Self.file(in: temporaryDirectory("courier-state"))
        try file.save(Self.token)
        chmod(file.path, mode_t(mode))
        expectEqual(file.load(), nil)
        try file.save(Self.token)
        expectEqual(try Self.mode(file.path), 0o600)
        expectEqual(file.load()?.accessToken, "saved-token")
    }

    @Test func aSymbolicLinkIsNotFollowedToReadOrToWrite() throws {
        let state = temporaryDirectory("courier-state")
        let file = Self.file(in: state)
        try file.save(Self.token)
        // A valid token file elsewhere, and the token file a link to it.
        let elsewhere = temporaryDirectory("courier-elsewhere") + "/planted.json"
        try FileManager.default.moveItem(atPath: file.path, toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: elsewhere)
        let planted = try Data(contentsOf: URL(fileURLWithPath: elsewhere))
        #expect(file.load() == nil, "the link's target is not read")
        var fresh = Self.token
        fresh.accessToken = "fresh-token"
        try file.save(fresh)
        #expect(try Data(contentsOf: URL(fileURLWithPath: elsewhere)) == planted, "the link's target is not written")
        let info = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(info[.type] as? FileAttributeType == .typeRegular, "the link was replaced by a file")
        expectEqual(file.load()?.accessToken, "fresh-token")
    }

    @Test func aTokensDirectoryThatIsALinkIsNeitherReadNorWritten() throws {
        let state = temporaryDirectory("courier-state")
        let elsewhere = temporaryDirectory("courier-elsewhere")
        chmod(elsewhere, 0o700)
        try FileManager.default.createSymbolicLink(atPath: state + "/tokens", withDestinationPath: elsewhere)
        let file = Self.file(in: state)
        // A token planted in the link's target.
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let planted = elsewhere + "/" + (file.path as NSString).lastPathComponent
        FileManager.default.createFile(atPath: planted, contents: try encoder.encode(Self.token), attributes: [.posixPermissions: 0o600])
        expectEqual(file.load(), nil)
        #expect(throws: TokenFileError.self) { try file.save(Self.token) }
    }

    @Test func aSavedTokenThatCouldNotBeSentIsNotUsed() throws {
        let file = Self.file(in: temporaryDirectory("courier-state"))
        try file.save(Self.token)
        // Written by an earlier version, which kept whatever the endpoint issued.
        var bad = Self.token
        bad.accessToken = "abc\r\nX-Injected: yes"
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        try encoder.encode(bad).write(to: URL(fileURLWithPath: file.path))
        expectEqual(file.load(), nil)
        #expect(throws: TokenFileError.self) { try file.save(bad) }
    }
}
