import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `courier run --junit/--report`, `courier history --har` and `courier import -o` where the
/// named path is a device, a FIFO or a symbolic link (issue #41). The devices are nodes made
/// in the sandbox (`mknod`, as root: the tests run as root), so a fault replaces one of the
/// test's, never `/dev/null` or `/dev/full`.
@Suite(.serialized) struct OutputFileEndToEndTests {
    private let cli = CommandLineTests()

    private func workspace(_ sandbox: EndToEndTests.Sandbox) throws -> String {
        let path = sandbox.directory + "/out.yaml"
        try """
        config: {baseUrl: "{{demo}}"}
        requests:
          one: {url: /get}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func device(_ path: String, minor: UInt) throws -> String {
        guard mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | minor)) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
        }
        return path
    }

    private func kind(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    /// `--junit devnull` left a regular file where the device was.
    @Test func aDeviceStaysADevice() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let null = try device(sandbox.directory + "/devnull", minor: 3)
        let run = try await cli.courier(["run", try workspace(sandbox), "one", "--no-history", "--junit", null, "--report", null],
                                        environment: sandbox.environment)
        #expect(run.status == 0, "\(run.errors)")
        expectEqual(kind(null), S_IFCHR)
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).filter { $0.hasSuffix(".part") || $0.contains("devnull") }
        #expect(left == ["devnull"], "\(left)")
    }

    /// `/dev/full` said nothing and exited 0 (or, as root, was replaced by a regular file).
    @Test func aFullDeviceIsAnErrorWithStatus2() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let full = try device(sandbox.directory + "/full", minor: 7)
        let run = try await cli.courier(["run", try workspace(sandbox), "one", "--no-history", "--junit", full],
                                        environment: sandbox.environment)
        expectEqual(run.status, 2)
        #expect(run.errors.contains("courier run: cannot write \(full): No space left on device"), "\(run.errors)")
        expectEqual(kind(full), S_IFCHR)
    }

    /// A FIFO with a reader draining it gets the report, and stays a FIFO.
    @Test func aFIFOGetsTheReport() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let fifo = sandbox.directory + "/junit.fifo"
        expectEqual(mkfifo(fifo, 0o600), 0)
        async let drained = offThePool { drainFIFO(fifo) }
        let run = try await cli.courier(["run", try workspace(sandbox), "one", "--no-history", "--junit", fifo],
                                        environment: sandbox.environment)
        #expect(run.status == 0, "\(run.errors)")
        let received = String(decoding: try await drained, as: UTF8.self)
        #expect(received.contains("<testsuites") && received.contains("</testsuites>"), "\(received.prefix(200))")
        expectEqual(kind(fifo), S_IFIFO)
    }

    /// A link to a file of ours is written through; links elsewhere are refused, naming the
    /// link and its target, with status 2 — and, for `--har` and `-o`, the same helper.
    @Test func linksAreFollowedOnlyToOurOwnFiles() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let path = try workspace(sandbox)
        let mine = sandbox.directory + "/mine.xml"
        FileManager.default.createFile(atPath: mine, contents: Data("old".utf8))
        symlink(mine, sandbox.directory + "/junit.xml")
        let written = try await cli.courier(["run", path, "one", "--junit", sandbox.directory + "/junit.xml"], environment: sandbox.environment)
        #expect(written.status == 0, "\(written.errors)")
        expectEqual(kind(sandbox.directory + "/junit.xml"), S_IFLNK)
        #expect(((try? String(contentsOfFile: mine, encoding: .utf8)) ?? "").contains("<testsuites"))

        let theirs = sandbox.directory + "/theirs.html"
        FileManager.default.createFile(atPath: theirs, contents: Data("theirs".utf8))
        expectEqual(chown(theirs, 65534, 65534), 0)
        let link = sandbox.directory + "/report.html"
        symlink(theirs, link)
        let refused = try await cli.courier(["run", path, "one", "--no-history", "--report", link], environment: sandbox.environment)
        expectEqual(refused.status, 2)
        #expect(refused.errors.contains("cannot write \(link): it is a symbolic link to \(theirs), a file owned by another user (uid 65534)"),
                "\(refused.errors)")
        expectEqual((try? String(contentsOfFile: theirs, encoding: .utf8)), "theirs")

        let toDirectory = sandbox.directory + "/export.har"
        symlink(sandbox.directory + "/files", toDirectory)
        let har = try await cli.courier(["history", "--har", toDirectory], environment: sandbox.environment)
        expectEqual(har.status, 2)
        #expect(har.errors.contains("cannot write \(toDirectory): it is a symbolic link to \(sandbox.directory)/files, a directory"),
                "\(har.errors)")
    }

    /// `courier history --har` into a FIFO: streamed through, the FIFO stays.
    @Test func aHARGoesThroughAFIFO() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let run = try await cli.courier(["run", try workspace(sandbox), "one"], environment: sandbox.environment)
        #expect(run.status == 0, "\(run.errors)")
        let fifo = sandbox.directory + "/har.fifo"
        expectEqual(mkfifo(fifo, 0o600), 0)
        async let drained = offThePool { drainFIFO(fifo) }
        let har = try await cli.courier(["history", "--har", fifo], environment: sandbox.environment)
        #expect(har.status == 0, "\(har.errors)")
        let document = try JSONSerialization.jsonObject(with: try await drained) as? [String: Any]
        expectEqual(((document?["log"] as? [String: Any])?["entries"] as? [Any])?.count, 1)
        expectEqual(kind(fifo), S_IFIFO)
    }

    /// `courier import … -o devnull` needs no --force (nothing is overwritten) and leaves the device.
    @Test func importWritesThroughADeviceWithoutForce() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let http = sandbox.directory + "/a.http"
        try "GET http://127.0.0.1:1/x\n".write(toFile: http, atomically: true, encoding: .utf8)
        let null = try device(sandbox.directory + "/devnull", minor: 3)
        let imported = try await cli.courier(["import", "http", http, "-o", null], environment: sandbox.environment)
        #expect(imported.status == 0, "\(imported.errors)")
        expectEqual(kind(null), S_IFCHR)
        let existing = sandbox.directory + "/existing.yaml"
        FileManager.default.createFile(atPath: existing, contents: Data("keep".utf8))
        let guarded = try await cli.courier(["import", "http", http, "-o", existing], environment: sandbox.environment)
        #expect(guarded.status == 2 && guarded.errors.contains("exists; pass --force"), "\(guarded.errors)")
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
