import Courier
import CourierFormat
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

    /// Runs the command with its timeout, to the shell's exit (``ShellCommand``); its
    /// trimmed output, or a parameter error that says why not (exit status and the first
    /// line of standard error, a timeout, no output, a token too long or with a control
    /// character: ``TokenValue``).
    private static func run(_ command: TokenCommand) throws -> String {
        func failure(_ reason: String) -> RequestError {
            RequestError(family: .parameter, code: .invalidParameters,
                         message: "Invalid parameters: \(command.location): auth.command `\(command.command)` \(reason)")
        }
        let outcome: ShellCommand.Outcome
        do {
            // Room for the longest token and the whitespace around it.
            outcome = try ShellCommand.run(command.command, timeout: command.timeout, outputLimit: TokenValue.maximumBytes + 4096)
        } catch .couldNotStart(let reason) {
            throw failure("could not start: \(reason)")
        } catch {
            throw failure("did not finish within \(YAMLScalar.seconds(command.timeout)) s")
        }
        let stdout = String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let stderr = String(decoding: outcome.errors, as: UTF8.self)
        let firstError = stderr.split(whereSeparator: \.isNewline).first.map { ": " + TokenValue.printable($0.prefix(300)) } ?? ""
        guard outcome.status == 0 else {
            throw failure("failed with exit status \(outcome.status)\(firstError)")
        }
        guard !outcome.outputOverflowed else {
            throw failure("printed a token that is too long: more than the \(TokenValue.maximumBytes) bytes (64 KiB) a token may have; "
                + "it is not used or kept")
        }
        guard !stdout.isEmpty else { throw failure("printed no token\(firstError)") }
        if let problem = TokenValue.problem(stdout) { throw failure("printed a token that " + problem) }
        return stdout
    }
}
