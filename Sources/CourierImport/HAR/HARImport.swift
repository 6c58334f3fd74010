import Courier
import Foundation
import CourierWorkspace

/// Imports an HTTP Archive (HAR 1.2, as browsers export it) as a workspace: each entry's
/// request becomes a workspace request, in order, and the batch `har` runs them all.
///
/// Secrets are not written into the file: cookies, bearer tokens, basic-auth passwords and
/// secret-looking headers and query parameters become variables, declared empty for the
/// user to fill in. The origin most entries use becomes the variable `origin`, so that the
/// requests can be sent elsewhere (`--var origin=http://localhost:8080`). Headers the engine
/// sets itself and browser-only headers are left out; responses are ignored.
public enum HARImport {
    /// `courier import har FILE.har`: each entry becomes a request, in order, as a batch.
    ///
    /// - Throws: ``ImportFailure`` when the file is not JSON (at its line and column) or has
    ///   no `log.entries` array (at that JSON path).
    public static func result(har: Data, file: String) throws(ImportFailure) -> ImportResult {
        var converter = try HARConverter(har: har, file: file)
        converter.convertEntries()
        return converter.finish()
    }

    /// What `courier record` writes of the traffic it recorded (a HAR with responses): one
    /// request per method and path template, path identifiers, origins and credentials as
    /// variables (``HARRecording``), each request expecting the status it got. `credentials`
    /// (every secret value of the traffic) are hidden in the comments.
    public static func recorded(har: Data, file: String, credentials: SecretMatcher) throws(ImportFailure) -> ImportResult {
        var converter = try HARConverter(har: har, file: file, recording: HARRecording(credentials: credentials))
        converter.convertEntries()
        return converter.finish()
    }
}

/// The state of one HAR file's import.
struct HARConverter {
    let file: String
    let entries: [JSONValue]
    var workspace = ImportedWorkspace()
    var report = ImportReport()
    var naming = ImportNaming()
    var secrets = HARSecretVariables()
    /// The origin (`scheme://host:port`) written as `{{origin}}`, when there is one.
    var mainOrigin: String?
    /// Page id → title, for the requests' comments.
    var pageTitles: [String: String] = [:]
    /// Header names left out, lower-cased, in order of first sight.
    var droppedHeaders: [String] = []
    /// Files multipart parts name.
    var files: [String] = []
    var sawResponses = false
    /// Set for `courier record`'s import.
    var recording: HARRecording?

    /// The origin variable's name.
    static let originVariable = "origin"

    init(har: Data, file: String, recording: HARRecording? = nil) throws(ImportFailure) {
        self.file = file
        self.recording = recording
        let document = try PostmanJSON.parse(har, file: file)
        let members = try PostmanJSON.object(document, file: file, expected: "a HAR file")
        guard let log = members["log"] else {
            throw ImportFailure(file: file, location: "$.log", "a HAR file has a \"log\" object; this file has none")
        }
        guard log.objectValue != nil else {
            throw ImportFailure(file: file, location: "$.log", "expected an object, found \(PostmanJSON.kind(of: log))")
        }
        guard let entries = log["entries"] else {
            throw ImportFailure(file: file, location: "$.log.entries", "a HAR log has an \"entries\" array; this file has none")
        }
        guard let list = entries.arrayValue else {
            throw ImportFailure(file: file, location: "$.log.entries", "expected an array of entries, found \(PostmanJSON.kind(of: entries))")
        }
        self.entries = list
        var header = "Imported from \(URL(fileURLWithPath: file).lastPathComponent) (HAR \(log.text("version") ?? "1.2")"
        if let creator = log["creator"]?.text("name") {
            header += ", created by \(creator)" + (log["creator"]?.text("version").map { " " + $0 } ?? "")
        }
        workspace.header = [(header + ")").asCommentLine]
        let pages = log.array("pages")
        for page in pages {
            if let id = page.text("id"), let title = page.text("title"), !title.isEmpty { pageTitles[id] = title }
        }
        if pages.count == 1, let title = pages[0].text("title"), !title.isEmpty { workspace.name = title }
        mainOrigin = Self.mostUsedOrigin(of: list)
        secrets.reserve(Self.originVariable)
        if recording != nil {
            secrets.referencePrefix = "secret."
            secrets.reserve(HARRecording.mainOriginVariable)
            if let mainOrigin { self.recording?.registerMainOrigin(mainOrigin) }
        }
    }

    /// The origin of the most entries (the first of those tied), if any entry has an
    /// http(s) URL.
    private static func mostUsedOrigin(of entries: [JSONValue]) -> String? {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for entry in entries {
            guard let url = entry["request"]?.text("url"), let parts = HARURL(url) else { continue }
            if counts[parts.origin] == nil { order.append(parts.origin) }
            counts[parts.origin, default: 0] += 1
        }
        return order.max { counts[$0]! < counts[$1]! || (counts[$0]! == counts[$1]! && order.firstIndex(of: $0)! > order.firstIndex(of: $1)!) }
    }

    /// Converts every entry, in order, and makes the batch `har`.
    mutating func convertEntries() {
        let batch = naming.unique(recording == nil ? "har" : "recorded")
        var names: [String] = []
        for (index, entry) in entries.enumerated() {
            if let name = convert(entry, index: index) { names.append(name) }
        }
        if !names.isEmpty {
            workspace.batches.append(.init(name: batch, requests: names,
                                           comments: [recording == nil ? "every entry of the HAR, in order" : "every request recorded, in order"]))
        }
    }

    /// The workspace with its variables declared and the report completed.
    mutating func finish() -> ImportResult {
        if let recording { return finishRecording(recording) }
        if let mainOrigin {
            workspace.variables.append((Self.originVariable, mainOrigin))
            report.notes.append("requests to \(mainOrigin) use {{\(Self.originVariable)}}: "
                                + "send them elsewhere with --var \(Self.originVariable)=http://host:port or an environment")
        }
        workspace.variables += secrets.variables
        if !secrets.secretNames.isEmpty {
            report.notes.append("cookies, tokens, passwords and secret-looking headers and query parameters are not written into the file: "
                                + "fill in these variables, empty now: " + secrets.secretNames.joined(separator: ", "))
        }
        if !droppedHeaders.isEmpty {
            report.notes.append("headers left out (the engine sets them itself, or only a browser sends them): "
                                + droppedHeaders.joined(separator: ", "))
        }
        if !files.isEmpty {
            report.notes.append("a HAR does not hold uploaded files' contents: put \(files.joined(separator: ", ")) "
                                + "in the workspace's folder before sending")
        }
        if sawResponses { report.notes.append("the responses recorded in the HAR are ignored") }
        if workspace.requests.isEmpty { report.notes.append("the HAR has no requests Courier can send") }
        workspace.defineMissingVariables()
        return ImportResult(workspace: workspace, report: report)
    }
}

/// The parts of an absolute http(s) URL a HAR import needs.
struct HARURL {
    /// `scheme://authority`, the scheme lower-cased.
    var origin: String
    /// The path, at least `/`.
    var path: String
    /// What follows `?`, without the fragment; nil without `?`.
    var query: String?

    /// `allowingWebSockets`: `ws://` and `wss://` too (a recording's upgrades).
    init?(_ url: String, allowingWebSockets: Bool = false) {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" || (allowingWebSockets && (scheme == "ws" || scheme == "wss")) else { return nil }
        var rest = url[schemeEnd.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        guard authorityEnd > rest.startIndex else { return nil }
        origin = scheme + "://" + rest[..<authorityEnd]
        let target = rest[authorityEnd...]
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = String(target[target.index(after: mark)...])
        } else {
            path = String(target)
        }
        if path.isEmpty { path = "/" }
    }
}
