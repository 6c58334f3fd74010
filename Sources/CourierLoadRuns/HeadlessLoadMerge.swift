import CourierFormatCore
import Foundation

/// `courier load merge FILE… [--json] [--report FILE]` without the argument parsing: reads the
/// runs `--json` wrote on several machines, merges them (``LoadMerge``) and prints the result
/// as `courier load` prints a run (or as JSON), with the HTML report on request. Returns the exit
/// status: 0 merged, 2 bad input (a file that is not a finished run with histograms, a report
/// it cannot write).
public struct HeadlessLoadMerge: Sendable {
    public var files: [String]
    public var json = false
    public var reportPath: String?

    public init(files: [String]) {
        self.files = files
    }

    public func run(output: (String) -> Void, errors: (String) -> Void) -> Int32 {
        guard !files.isEmpty else {
            errors("courier load merge: name the files courier load --json wrote")
            return 2
        }
        var sources: [LoadMerge.Source] = []
        for file in files {
            do {
                sources.append((file, try LoadBaseline.read(file)))
            } catch {
                errors("courier load merge: \(error.message)")
                return 2
            }
        }
        let merged: LoadResult
        do {
            merged = try LoadMerge.merge(sources)
        } catch {
            errors("courier load merge: \(error.description)")
            return 2
        }
        if json {
            output(String(decoding: (try? LoadResult.jsonData(merged)) ?? Data("{}".utf8), as: UTF8.self))
        } else {
            LoadReport.lines(for: merged).forEach(output)
        }
        if let reportPath {
            do {
                try OutputFile.write(LoadHTMLReport(result: merged, workspacePath: merged.workspace).html, to: reportPath)
            } catch {
                errors("courier load merge: \(error)")
                return 2
            }
        }
        return 0
    }
}
