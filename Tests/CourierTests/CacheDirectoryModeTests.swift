@testable import Courier
import Foundation
import Testing

/// Making the cache's folders owner-only touches only the folders it makes (and the cache
/// folder itself), never a parent that was already there: a cache under `/tmp/new/…` once
/// turned `/tmp` into 0700, which locked every other user out of it.
@Suite struct CacheDirectoryModeTests {
    private static func mode(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func existingParentsKeepTheirMode() throws {
        let shared = NSTemporaryDirectory() + "courier-shared-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o1777])
        defer { try? FileManager.default.removeItem(atPath: shared) }
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared)
        try CacheFiles.makeDirectory(shared + "/courier/responses")
        expectEqual(Self.mode(shared), 0o1777)
        expectEqual(Self.mode(shared + "/courier"), 0o700)
        expectEqual(Self.mode(shared + "/courier/responses"), 0o700)
        // The cache folder itself, found looser, is tightened.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shared + "/courier/responses")
        try CacheFiles.makeDirectory(shared + "/courier/responses")
        expectEqual(Self.mode(shared + "/courier/responses"), 0o700)

        let jarFolder = shared + "/jars"
        try FileManager.default.createDirectory(atPath: jarFolder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: jarFolder)
        try CookieJar().save(to: jarFolder + "/cookies.txt")
        expectEqual(Self.mode(jarFolder), 0o755)
        expectEqual(Self.mode(jarFolder + "/cookies.txt"), 0o600)
    }
}
