import Courier
import Foundation
import CourierWorkspace

/// The collection's `item` tree: folders become batches, requests become workspace
/// requests, and what a request inherits (auth) comes down from its folders.
extension PostmanConverter {
    /// Converts `items` (at JSON path `path`) inside `folders`; returns the names their
    /// enclosing batch runs: requests, and the batches of subfolders.
    mutating func walk(_ items: [JSONValue], at path: String, folders: [String], auth: PostmanAuth?) -> [String] {
        var members: [String] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard item.objectValue != nil else {
                report.dropped.append("\(itemPath): expected a request or a folder, found \(PostmanJSON.kind(of: item)); left out")
                continue
            }
            if let children = item["item"]?.arrayValue {
                members += folder(item, children: children, at: itemPath, folders: folders + [item.text("name") ?? ""], auth: auth)
            } else if item["request"] != nil {
                if let name = request(item, at: itemPath, folders: folders, auth: auth) { members.append(name) }
            } else {
                report.dropped.append("\(itemPath) (\"\(item.text("name") ?? "")\"): neither a request nor a folder; left out")
            }
        }
        return members
    }

    /// A folder's batch (none when it holds no requests); returns its name for the parent.
    private mutating func folder(_ item: JSONValue, children: [JSONValue], at path: String, folders: [String], auth: PostmanAuth?) -> [String] {
        let display = folders.map { $0.isEmpty ? "(unnamed)" : $0 }.joined(separator: " / ")
        let place = "folder \"\(ImportedNames.shown(display))\""
        let batchName = ImportedNames.unique(folders.joined(separator: " "), fallback: "folder", place: place, naming: &naming, report: &report)
        let position = workspace.batches.count
        scripts(item["event"], at: place)
        mergeVariables(item.array("variable"), at: place)
        let own = PostmanAuth(item["auth"], convert: { dynamic.convert($0, at: place) })
        let members = walk(children, at: path + ".item", folders: folders, auth: own?.inherited(from: place) ?? auth)
        guard !members.isEmpty else {
            report.notes.append("\(place) has no requests: no batch for it")
            return []
        }
        var comments = ["folder \"\(display)\"".asCommentLine]
        if let description = Self.description(item["description"]) {
            comments += description.split(separator: "\n").prefix(5).map { String($0).asCommentLine.trimmingCharacters(in: .whitespaces) }
        }
        workspace.batches.insert(.init(name: batchName, requests: members, comments: comments), at: position)
        return [batchName]
    }

    /// Converts one request item; returns its workspace name, or nil when it is left out.
    private mutating func request(_ item: JSONValue, at path: String, folders: [String], auth inherited: PostmanAuth?) -> String? {
        let title = item.text("name") ?? ""
        let display = (folders + [title]).map { $0.isEmpty ? "(unnamed)" : $0 }.joined(separator: " / ")
        let place = "request \"\(ImportedNames.shown(display))\""
        func convert(_ text: String) -> String { dynamic.convert(text, at: place) }
        let source = item["request"]!
        let methodText = source.text("method") ?? "GET"
        guard let method = HTTPMethod(normalizing: methodText) else {
            report.dropped.append("\(place): \"\(methodText)\" is not an HTTP method (an RFC 9110 token); left out")
            return nil
        }
        let url = PostmanURL(source.text != nil ? source : source["url"], convert: convert)
        guard !url.text.isEmpty else {
            report.dropped.append("\(place) (\(path)): no URL; left out")
            return nil
        }
        let name = ImportedNames.unique((folders + [title]).joined(separator: " "), fallback: "request", place: place,
                                        naming: &naming, report: &report)
        var definition = RequestDefinition(name: name, location: SourceLocation(file: "", line: 0, column: 0))
        definition.method = method
        definition.url = url.text
        definition.description = Self.description(source["description"]) ?? Self.description(item["description"])
        for variable in url.unsetPathVariables {
            report.notes.append("\(place): path variable :\(variable) has no value; the URL uses {{\(variable)}}")
        }
        for key in url.switchedOffQuery { report.notes.append("\(place): query parameter \"\(key)\" is switched off in Postman and left out") }
        if url.addedScheme { report.notes.append("\(place): the URL has no scheme; http:// put in front, as Postman does") }

        var (headers, switchedOff) = Self.headers(source["header"], convert: convert)
        let behaviour = item["protocolProfileBehavior"]
        let body = PostmanBody(source["body"], method: method, headers: &headers,
                               keepsGetBody: behaviour?.isTrue("disableBodyPruning") ?? false, convert: convert)
        definition.headers = headers
        definition.body = body.body
        report.dropped += body.dropped.map { "\(place): \($0)" }
        report.notes += body.notes.map { "\(place): \($0)" }
        files += body.files.filter { !files.contains($0) }

        let own = PostmanAuth(source["auth"], convert: convert)
        if let problem = (own ?? inherited)?.apply(to: &definition) { report.dropped.append("\(place): \(problem)") }
        let merged = ImportedHeaders.merged(definition.headers)
        definition.headers = merged.headers
        for header in merged.repeated { report.notes.append("\(place): repeated header \(header) merged into one") }
        // Kept as in the collection (an escape sequence there is most likely an attack, but the
        // import does not guess); every place Courier prints or copies it makes it inert.
        for header in definition.headers
        where header.value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value) }) {
            report.notes.append("\(place): header \(header.name) holds control characters (\(ImportedNames.shown(header.value))); "
                                + "kept, and shown as ^[, ^G… wherever Courier prints or copies it")
        }

        scripts(item["event"], at: place)
        mergeVariables(item.array("variable"), at: place)
        unsupportedSettings(of: item, source: source, at: place)
        let responses = item.array("response").count
        if responses > 0 { examples = (examples.responses + responses, examples.requests + 1) }

        var comments = ["from Postman: " + display.asCommentLine]
        if title.isEmpty { comments.append("(the request has no name in the collection)") }
        workspace.requests.append(.init(definition, comments: comments, disabledHeaders: switchedOff, folders: folders))
        return name
    }

    /// `header`: `[{key, value, disabled}]`, or a string of `Key: value` lines (a line
    /// starting with `//` is switched off, as in Postman's bulk editor).
    static func headers(_ value: JSONValue?, convert: (String) -> String)
        -> (on: [(name: String, value: String)], off: [(name: String, value: String)]) {
        var on: [(name: String, value: String)] = []
        var off: [(name: String, value: String)] = []
        switch value {
        case .array(let entries)?:
            for entry in entries {
                guard let key = entry.text("key"), !key.isEmpty else { continue }
                let header = (name: key, value: convert(entry.text("value") ?? ""))
                if entry.isTrue("disabled") { off.append(header) } else { on.append(header) }
            }
        case .string(let text)?:
            for line in text.split(whereSeparator: \.isNewline) {
                var line = line.trimmingCharacters(in: .whitespaces)
                let isOff = line.hasPrefix("//")
                if isOff { line = String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
                guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { continue }
                let header = (name: String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                              value: convert(String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
                if isOff { off.append(header) } else { on.append(header) }
            }
        default:
            break
        }
        return (on, off)
    }

    /// Lists each pre-request and test script (non-empty, switched on) as not run.
    mutating func scripts(_ events: JSONValue?, at place: String) {
        for event in events?.arrayValue ?? [] where !event.isTrue("disabled") {
            let exec = event["script"]?["exec"]
            let code = exec?.text ?? exec?.arrayValue?.compactMap(\.text).joined(separator: "\n") ?? ""
            guard !code.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
            let kind = switch event.text("listen") {
            case "prerequest"?: "pre-request script"
            case "test"?: "test script"
            case let other?: "\(other) script"
            case nil: "script"
            }
            report.dropped.append("\(place): \(kind) not run")
        }
    }

    /// A folder's or request's own `variable`s join the workspace's variables; one that the
    /// collection already defines otherwise is left out.
    private mutating func mergeVariables(_ entries: [JSONValue], at place: String) {
        guard !entries.isEmpty else { return }
        let list = PostmanVariableList(entries, place: place, dynamic: &dynamic)
        for (name, value) in list.variables {
            if let existing = workspace.variables.first(where: { $0.name == name }) {
                if existing.value != value { report.dropped.append("\(place): variable \"\(name)\" left out: the collection gives it another value") }
            } else {
                workspace.variables.append((name, value))
            }
        }
        if !list.secrets.isEmpty { secrets.append((place, list.secrets)) }
    }

    /// Request settings Courier does not carry over: `protocolProfileBehavior` (but body
    /// pruning, which the body follows), a proxy, a client certificate.
    private mutating func unsupportedSettings(of item: JSONValue, source: JSONValue, at place: String) {
        for (key, value) in (item["protocolProfileBehavior"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            if key == "disableBodyPruning" || value == .object([:]) { continue }
            report.dropped.append("\(place): setting \(key) (protocolProfileBehavior) not carried over")
        }
        if let proxy = source["proxy"], !proxy.isNull { report.dropped.append("\(place): proxy setting not carried over") }
        if let certificate = source["certificate"], !certificate.isNull {
            report.dropped.append("\(place): client certificate not carried over")
        }
    }
}
