import ArgumentParser
import Courier
import Foundation

/// `courier download URL PATH`: a resumable download through the engine. Run it again after
/// an interruption and it resumes where the last attempt stopped.
struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download URL to PATH (a file or a directory), resuming an interrupted attempt.",
        usage: "courier download <url> <path> [<options>]"
    )

    @Argument(help: "The URL to fetch.")
    var url: String

    @Argument(help: "Destination file, or a directory to save into under the URL's name.")
    var path: String

    @Option(help: "Retries, resuming each time, after a transient failure.")
    var retries = 0

    @Flag(help: "Print the process's peak resident memory when done.")
    var reportMemory = false

    @Flag(help: "No progress line.")
    var quiet = false

    func run() async throws {
        let request = ConfigurableRequest(url)
        request.definition.resumableDownloadPath = path
        request.definition.responseSerializer = .raw
        request.definition.timeoutInterval = 30
        if retries > 0 { request.definition.retryPolicy = RetryPolicy(retryLimit: retries, exponentialBackoffScale: 0.2) }
        let standardError = FileHandle.standardError
        if !quiet {
            request.downloadProgressHandler = { report in
                let percent = report.fraction.map { String(format: "%5.1f%%", $0 * 100) } ?? "     "
                let line = "\r\(percent) \(report.completed) / \(report.expected.map(String.init) ?? "?") bytes  \(Int(report.bytesPerSecond / 1_048_576)) MiB/s"
                standardError.write(Data(line.utf8))
            }
        }
        do {
            try await request.run()
            if !quiet { standardError.write(Data("\n".utf8)) }
            let status = request.responseStatusCode
            print("saved \(request.downloadedFileURL?.path ?? path) (HTTP \(status)\(status == 206 ? ", resumed" : ""))")
        } catch let error as RequestError {
            if !quiet { standardError.write(Data("\n".utf8)) }
            printLine("download failed: \(error.message) — run the same command again to resume")
            if reportMemory { print(Self.peakMemoryLine()) }
            throw ExitCode(1)
        }
        if reportMemory { print(Self.peakMemoryLine()) }
    }

    /// `VmHWM` from /proc/self/status: the most resident memory this process ever had.
    static func peakMemoryLine() -> String {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? "VmHWM: unknown"
        return "peak RSS " + line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces)
    }
}
