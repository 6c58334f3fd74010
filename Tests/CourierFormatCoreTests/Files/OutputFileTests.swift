@testable import CourierFormatCore
import Foundation
import Glibc
import Synchronization
import Testing
#if canImport(Glibc)
#endif

/// The files commands write where the user says (`--report`, `--junit`, `--har`, `-o`):
/// a regular file is replaced whole through a 0600 sibling, a device or a FIFO is written
/// through and stays what it is, and a symbolic link is followed only to a file of the
/// user's. The devices are nodes made here (`mknod`, as root: the tests run as root), so a
/// fault replaces a node of the test's, never `/dev/null`.
@Suite struct OutputFileTests {
    private func mode(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & 0o7777
    }

    private func kind(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    /// A character device node at `path`: (1, 3) is /dev/null's, (1, 7) /dev/full's.
    private func device(_ path: String, minor: UInt) throws -> String {
        guard mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | minor)) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
        }
        return path
    }

    private func contents(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<unreadable>" }

    private func entries(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test func aNewFileHasTheUmasksModeAndNoTemporaryIsLeft() throws {
        let directory = temporaryDirectory("courier-output")
        let path = directory + "/report.html"
        try OutputFile.write("<html>", to: path)
        expectEqual(contents(path), "<html>")
        let mask = umask(0o022)
        umask(mask)
        expectEqual(mode(path), 0o666 & ~mask)
        expectEqual(entries(directory), ["report.html"])
        try OutputFile.write("har", to: directory + "/x.har", privacy: .ownerOnly)
        expectEqual(mode(directory + "/x.har"), 0o600)
    }

    @Test func aReplacedFileKeepsItsModeUnlessItIsOwnerOnly() throws {
        let directory = temporaryDirectory("courier-output")
        let path = directory + "/junit.xml"
        FileManager.default.createFile(atPath: path, contents: Data("old".utf8))
        chmod(path, 0o640)
        try OutputFile.write("new", to: path)
        expectEqual(contents(path), "new")
        expectEqual(mode(path), 0o640)
        chmod(path, 0o644)
        try OutputFile.write("private", to: path, privacy: .ownerOnly)
        #expect(mode(path) == 0o600, "a HAR stays 0600 even over a readable file")
    }

    /// Until it is whole, what is written is in a 0600 sibling; the old file is untouched,
    /// and a file dropped without committing leaves it so.
    @Test func theSiblingIs0600UntilCommittedAndADiscardLeavesTheOldFile() throws {
        let directory = temporaryDirectory("courier-output")
        let path = directory + "/out.har"
        FileManager.default.createFile(atPath: path, contents: Data("old".utf8))
        chmod(path, 0o644)
        let file = try OutputFile(path)
        try file.write("{\"log\":")
        try file.write(Data(repeating: 0x20, count: 200_000))
        let siblings = entries(directory).filter { $0 != "out.har" }
        #expect(siblings.count == 1 && siblings[0].hasPrefix(".out.har.") && siblings[0].hasSuffix(".part"), "\(siblings)")
        #expect(siblings.first.map { mode(directory + "/" + $0) } == 0o600)
        expectEqual(contents(path), "old")
        try file.commit()
        expectEqual(entries(directory), ["out.har"])
        expectEqual(try Data(contentsOf: URL(fileURLWithPath: path)).count, 7 + 200_000)
        expectEqual(mode(path), 0o644)

        let dropped = try OutputFile(path)
        try dropped.write("half")
        dropped.discard()
        expectEqual(entries(directory), ["out.har"])
        expectEqual(try Data(contentsOf: URL(fileURLWithPath: path)).count, 7 + 200_000)
    }

    /// `--junit devnull`: the bytes go into the device, which stays a device (it became a
    /// regular file; as root, `/dev/null` itself).
    @Test func aCharacterDeviceIsWrittenThroughAndStaysADevice() throws {
        let directory = temporaryDirectory("courier-output")
        let null = try device(directory + "/null", minor: 3)
        try OutputFile.write("<testsuites/>", to: null)
        expectEqual(kind(null), S_IFCHR)
        #expect(entries(directory) == ["null"], "no sibling left beside a device")
        // Through a link of ours, as /dev/stdout is.
        symlink(null, directory + "/stdout")
        try OutputFile.write("<testsuites/>", to: directory + "/stdout")
        #expect(kind(directory + "/stdout") == S_IFLNK && kind(null) == S_IFCHR)
    }

    @Test func aFullDeviceIsAnError() throws {
        let directory = temporaryDirectory("courier-output")
        let full = try device(directory + "/full", minor: 7)
        #expect {
            try OutputFile.write("<testsuites/>", to: full)
        } throws: { error in
            "\(error)" == "cannot write \(full): No space left on device"
        }
        expectEqual(kind(full), S_IFCHR)
    }

    /// A FIFO with a reader gets the bytes in order and stays a FIFO.
    @Test func aFIFOIsWrittenThroughToItsReader() throws {
        let directory = temporaryDirectory("courier-output")
        let fifo = directory + "/pipe"
        expectEqual(mkfifo(fifo, 0o600), 0)
        // The reader on a thread of its own, started before the writer opens the FIFO.
        let received = Mutex(Data())
        let done = DispatchSemaphore(value: 0)
        Thread {
            received.withLock { $0 = drainFIFO(fifo) }
            done.signal()
        }.start()
        let expected = String(repeating: "0123456789", count: 20_000)
        try OutputFile.write(expected, to: fifo)
        #expect(done.wait(timeout: .now() + 10) == .success, "the reader saw the end of the file")
        #expect(String(decoding: received.withLock { $0 }, as: UTF8.self) == expected)
        expectEqual(kind(fifo), S_IFIFO)
        expectEqual(entries(directory), ["pipe"])
    }

    /// A link to a file of ours: the file is written, the link stays a link.
    @Test func aLinkToOurFileWritesTheFile() throws {
        let directory = temporaryDirectory("courier-output")
        let target = directory + "/real.xml"
        FileManager.default.createFile(atPath: target, contents: Data("old".utf8))
        chmod(target, 0o640)
        let link = directory + "/junit.xml"
        expectEqual(symlink("real.xml", link), 0)
        try OutputFile.write("new", to: link)
        expectEqual(kind(link), S_IFLNK)
        expectEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real.xml")
        expectEqual(contents(target), "new")
        expectEqual(mode(target), 0o640)
        expectEqual(entries(directory), ["junit.xml", "real.xml"])
    }

    /// A link to another user's file, to a directory, nowhere, or one another user made, is
    /// refused, naming the link and where it points; nothing there changes.
    @Test func otherLinksAreRefusedNamingTheLinkAndItsTarget() throws {
        let directory = temporaryDirectory("courier-output")
        let theirs = directory + "/theirs"
        FileManager.default.createFile(atPath: theirs, contents: Data("theirs".utf8))
        #expect(chown(theirs, 65534, 65534) == 0, "the tests run as root")
        let toTheirs = directory + "/report.html"
        symlink(theirs, toTheirs)
        #expect {
            try OutputFile.write("x", to: toTheirs)
        } throws: { error in
            let text = "\(error)"
            return text.contains("cannot write \(toTheirs): it is a symbolic link to \(theirs), a file owned by another user (uid 65534)")
        }
        #expect(contents(theirs) == "theirs" && kind(toTheirs) == S_IFLNK)

        let toDirectory = directory + "/dir.xml"
        symlink(directory, toDirectory)
        #expect {
            try OutputFile.write("x", to: toDirectory)
        } throws: { "\($0)".contains("it is a symbolic link to \(directory), a directory") }

        let dangling = directory + "/dangling.xml"
        symlink(directory + "/nowhere", dangling)
        #expect {
            try OutputFile.write("x", to: dangling)
        } throws: { "\($0)".contains("it is a symbolic link to \(directory)/nowhere, which cannot be followed") }
        #expect(!FileManager.default.fileExists(atPath: directory + "/nowhere"))

        let ours = directory + "/ours"
        FileManager.default.createFile(atPath: ours, contents: Data("ours".utf8))
        let planted = directory + "/planted.xml"
        symlink(ours, planted)
        expectEqual(lchown(planted, 65534, 65534), 0)
        #expect {
            try OutputFile.write("x", to: planted)
        } throws: { "\($0)".contains("made by another user (uid 65534)") }
        expectEqual(contents(ours), "ours")

        #expect {
            try OutputFile.write("x", to: directory)
        } throws: { "\($0)" == "cannot write \(directory): it is a directory, not a file Courier writes" }
        #expect(!entries(directory).contains { $0.hasSuffix(".part") })
    }

    @Test func onlyARegularFileCountsAsReplaced() throws {
        let directory = temporaryDirectory("courier-output")
        FileManager.default.createFile(atPath: directory + "/file", contents: Data())
        symlink(directory + "/file", directory + "/link")
        #expect(OutputFile.replacesAFile(at: directory + "/file"))
        #expect(OutputFile.replacesAFile(at: directory + "/link"))
        #expect(!OutputFile.replacesAFile(at: "/dev/null"))
        #expect(!OutputFile.replacesAFile(at: directory + "/missing"))
    }
}

/// Everything written into the FIFO at `path`: opening blocks until a writer opens it, and
/// reading ends when the last writer closes it.
private func drainFIFO(_ path: String) -> Data {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return Data() }
    defer { close(descriptor) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return data }
        data.append(contentsOf: buffer[0..<count])
    }
}
