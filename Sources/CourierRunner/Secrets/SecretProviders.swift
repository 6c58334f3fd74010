import Courier
import CourierFormat
import CourierFormatCore
import Foundation

/// Fetching one secret from its provider (``SecretDefinition/Provider``). A failure says which
/// secret, which provider and why — the exit status and the provider's first line of standard
/// error, cut and without control characters — and never holds the value.
enum SecretProviders {
    struct Failure: Error {
        var message: String
    }

    /// The longest value kept (a token, a key, a certificate's password).
    static let maximumBytes = 64 * 1024

    static func fetch(_ secret: SecretDefinition, environment: [String: String]) throws(Failure) -> String {
        func failure(_ reason: String) -> Failure {
            // The one rule set over it all: a command may carry a password in a URL or a `token=`.
            Failure(message: Redaction.redact("secret \(secret.name) (\(secret.providerDescription), \(secret.location.shortDescription)) \(reason)"))
        }
        switch secret.provider {
        case .command(let command):
            return try run(command, timeout: secret.timeout, failure: failure)
        case .keyring(let service, let account):
            // libsecret's own command line: the Secret Service over D-Bus (GNOME Keyring, KeePassXC…).
            let quoted = [service, account].map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            return try run("secret-tool lookup service \(quoted[0]) account \(quoted[1])", timeout: secret.timeout, failure: failure)
        case .file(let path):
            let expanded = path.hasPrefix("~/") ? NSHomeDirectory() + String(path.dropFirst()) : path
            guard let data = FileManager.default.contents(atPath: expanded) else {
                throw failure(FileManager.default.fileExists(atPath: expanded) ? "cannot be read" : "is not there")
            }
            guard data.count <= maximumBytes else { throw failure("is longer than \(maximumBytes) bytes; it is not used") }
            return try checked(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), failure: failure)
        case .env(let variable):
            guard let value = environment[variable] else { throw failure("is not set") }
            return try checked(value, failure: failure)
        }
    }

    /// A command's first line of output.
    private static func run(_ command: String, timeout: Double, failure: (String) -> Failure) throws(Failure) -> String {
        let outcome: ShellCommand.Outcome
        do {
            outcome = try ShellCommand.run(command, timeout: timeout, outputLimit: maximumBytes + 4096)
        } catch .couldNotStart(let reason) {
            throw failure("could not start: \(reason)")
        } catch {
            throw failure("did not finish within \(YAMLScalar.seconds(timeout)) s")
        }
        let stderr = String(decoding: outcome.errors, as: UTF8.self)
        // Redacted by the one rule set: a provider may echo a URL with a password or a `token=`.
        let firstError = stderr.split(whereSeparator: \.isNewline).first
            .map { ": " + Redaction.redact(TokenValue.printable($0.prefix(300))) } ?? ""
        guard outcome.status == 0 else { throw failure("failed with exit status \(outcome.status)\(firstError)") }
        guard !outcome.outputOverflowed else { throw failure("printed more than \(maximumBytes) bytes; it is not used") }
        // `pass show` prints the password on its first line and notes after it.
        let first = String(decoding: outcome.output, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return try checked(first.trimmingCharacters(in: .whitespaces), failure: failure, hint: firstError)
    }

    /// A value that can be sent: not empty, no control characters.
    private static func checked(_ value: String, failure: (String) -> Failure, hint: String = "") throws(Failure) -> String {
        guard !value.isEmpty else { throw failure("gave nothing\(hint)") }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw failure("gave a value with a control character; it is not used")
        }
        return value
    }
}
