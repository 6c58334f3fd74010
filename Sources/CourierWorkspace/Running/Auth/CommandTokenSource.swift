import Courier
import Foundation

/// A token a shell command prints (`/bin/sh -c`), its standard output trimmed, reused for the
/// command's TTL (or the whole session without one). Kept in memory only: the command is the
/// store (`gh auth token` reads gh's own).
actor CommandTokenSource {
    private let command: TokenCommand
    private var token: (value: String, until: Date?)?
    private var pending: Task<String, any Error>?

    init(command: TokenCommand) {
        self.command = command
    }

    /// The cached token while its TTL lasts, else the command's output now.
    func token() async throws -> String {
        if let token, token.until.map({ Date() < $0 }) ?? true { return token.value }
        if let pending { return try await pending.value }
        let task = Task { [command] in
            // Off the cooperative pool: the command may take up to its timeout.
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(with: Result { try Self.run(command) }) }
            }
        }
        pending = task
        defer { pending = nil }
        let value = try await task.value
        token = (value, command.ttl.map { Date().addingTimeInterval(TimeInterval($0)) })
        return value
    }

    /// Forgets the token `stale` (the server refused it), so the next request runs the command.
    func forget(_ stale: String) {
        if token?.value == stale { token = nil }
    }

    /// Runs the command with its timeout; its trimmed output, or a parameter error that says
    /// why not (exit status and the first line of standard error, a timeout, no output).
    private static func run(_ command: TokenCommand) throws -> String {
        func failure(_ reason: String) -> RequestError {
            RequestError(family: .parameter, code: .invalidParameters,
                         message: "Invalid parameters: \(command.location): auth.command `\(command.command)` \(reason)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command.command]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw failure("could not start: \(error.localizedDescription)")
        }
        // Read while it runs, so a command printing more than a pipe holds is not stuck.
        let outputData = ReadAll(output.fileHandleForReading), errorData = ReadAll(errors.fileHandleForReading)
        if finished.wait(timeout: .now() + command.timeout) == .timedOut {
            // Not waiting for the end: Foundation reports it only once every process holding the
            // output pipe has exited (a child of the shell's may go on).
            kill(process.processIdentifier, SIGKILL)
            throw failure("did not finish within \(YAMLScalar.seconds(command.timeout)) s")
        }
        let stdout = String(decoding: outputData.wait(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let stderr = String(decoding: errorData.wait(), as: UTF8.self)
        let firstError = stderr.split(whereSeparator: \.isNewline).first.map { ": " + $0 } ?? ""
        guard process.terminationStatus == 0 else {
            throw failure("failed with exit status \(process.terminationStatus)\(firstError)")
        }
        guard !stdout.isEmpty else { throw failure("printed no token\(firstError)") }
        return stdout
    }
}

/// Everything a file handle gives until its end, read on a thread of its own.
private final class ReadAll: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
