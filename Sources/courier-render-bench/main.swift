@preconcurrency import Glibc  // stdout, before any module that imports it
import Courier
import Foundation
import CourierWorkspace
import Workbench

// courier-render-bench [--json-mib N] [--requests N] [--records N] [--batch N] [--events N] [--cache-entries N] [--cookie-jar-mb N] [--frames N]
//
// What one frame of the workbench costs, without a terminal: the visible window of a large
// JSON body laid out and painted into an off-screen cell buffer, the Requests tree of a
// large workspace likewise (the whole screen, every pane), In flight over a large record
// table, the Events pane after a million events, the Cache pane over a large cache directory, and a
// 224 MB cookie jar read. Prints the median and p99 per
// frame; the target is 5 ms for each.

setvbuf(stdout, nil, _IOLBF, 0)
var settings: [String: String] = [:]
var words = CommandLine.arguments.dropFirst().makeIterator()
while let word = words.next(), word.hasPrefix("--") { settings[String(word.dropFirst(2))] = words.next() ?? "" }
let jsonBytes = (Int(settings["json-mib"] ?? "") ?? 20) * 1_000_000
let requestCount = Int(settings["requests"] ?? "") ?? 5_000
let frames = Int(settings["frames"] ?? "") ?? 300
let recordCount = Int(settings["records"] ?? "") ?? 10_000
let cacheEntryCount = Int(settings["cache-entries"] ?? "") ?? 10_000
let size = Size(columns: 120, rows: 40)

func milliseconds(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
}

func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// A JSON document of about `bytes` bytes: an API-like list of objects with nested parts.
func sampleJSON(bytes: Int) -> Data {
    var text = "{\"count\":0,\"items\":["
    var index = 0
    while text.utf8.count < bytes {
        if index > 0 { text += "," }
        text += "{\"id\":\(index),\"name\":\"Item \(index)\",\"tags\":[\"a\",\"b\"],\"price\":\(Double(index) * 1.25),"
        text += "\"active\":\(index % 2 == 0),\"note\":\(index % 7 == 0 ? "\"商品の説明\"" : "null"),\"size\":{\"w\":\(index % 100),\"h\":3}}"
        index += 1
    }
    return Data((text + "]}").utf8)
}

// MARK: - A very large cookie jar

/// A Netscape cookie file of about `bytes` bytes (the shape of the 224 MB jar a probe met: a
/// server setting a new cookie name on every response, for months), read as a workspace's jar
/// is: how long, what it kept, and the peak RSS it cost.
@MainActor func cookieJarFigures(bytes: Int) throws -> (seconds: Double, kept: Int, problems: Int, peakGrowth: Double) {
    let jarPath = FileManager.default.temporaryDirectory.appendingPathComponent("courier-render-bench-jar-\(getpid()).txt").path
    defer { unlink(jarPath) }
    guard let file = fopen(jarPath, "w") else { throw CocoaError(.fileWriteUnknown) }
    var written = 0, index = 0
    let expiry = Int(Date().timeIntervalSince1970) + 86_400 * 365
    while written < bytes {
        let line = "#HttpOnly_.shop\(index % 40).example.com\tTRUE\t/\tTRUE\t\(expiry + index % 86_400)\tsession_\(index)\t\(String(repeating: "v", count: 48))\(index)\n"
        fputs(line, file)
        written += line.utf8.count
        index += 1
    }
    fclose(file)
    // Read first, before anything large was resident, so that the peak it reaches is its own.
    let before = residentMiB("VmRSS:")
    let start = now()
    let jar = try CookieJar(file: jarPath)
    let seconds = now() - start
    let kept = jar.cookies.count
    let problems = jar.loadProblems.count
    return (seconds, kept, problems, residentMiB("VmHWM:") - before)
}

/// The process's resident memory (`VmRSS:`) or its peak since the last reset (`VmHWM:`), in MiB.
func residentMiB(_ field: String) -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix(field) } ?? ""
    return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
}

let jarBytes = Int(settings["cookie-jar-mb"] ?? "") ?? 224
let jarFigures = try cookieJarFigures(bytes: jarBytes * 1_000_000)
print("cookie jar: a \(jarBytes) MB Netscape file (a new cookie name on every line)")
print("  read in \(String(format: "%.2f s", jarFigures.seconds)), \(jarFigures.kept) cookies kept (\(CookieLimits.maximum) at most, \(CookieLimits.perDomain) a domain), \(jarFigures.problems) problem(s) told; peak RSS \(String(format: "%+.0f", jarFigures.peakGrowth)) MB over what was resident before")

// MARK: - The body

let data = sampleJSON(bytes: jsonBytes)
var started = now()
let firstScreen = FormattedBody.format(data, mimeType: "application/json", lineLimit: 200)
let firstScreenTime = now() - started
started = now()
let body = FormattedBody.format(data, mimeType: "application/json")
let formatTime = now() - started
var viewer = BodyViewer(body: body)
let painter = Painter(glyphs: .unicode)
var bodyFrames: [Double] = []
var random = SystemRandomNumberGenerator()
for _ in 0..<frames {
    viewer.moveCursor(by: Int.random(in: -body.lineCount / 4...body.lineCount / 4, using: &random))
    let begin = now()
    var frame = Frame(size: size)
    frame.panes = [PaneFrame(pane: .exchange, rect: Rect(row: 0, column: 0, width: 120, height: 39), title: "Response",
                             isFocused: true, lines: viewer.visibleLines(height: 37, width: 118, focused: true))]
    var buffer = CellBuffer(size: size)
    painter.paint(frame, over: nil, on: &buffer)
    bodyFrames.append(now() - begin)
}
print(String(format: "body: %.1f MB JSON, %d lines", Double(data.count) / 1e6, body.lineCount))
print("  first screen laid out in \(milliseconds(firstScreenTime)); the whole body in \(milliseconds(formatTime))")
print("  frame (visible window laid out + painted): median \(milliseconds(percentile(bodyFrames, 0.5))), p99 \(milliseconds(percentile(bodyFrames, 0.99)))")

// MARK: - The tree of a large workspace

var yaml = "name: big\nrequests:\n"
for index in 0..<requestCount {
    yaml += "  request-\(index):\n    method: \(["GET", "POST", "PUT", "DELETE"][index % 4])\n    url: http://127.0.0.1:9/items/\(index)\n"
}
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-render-bench-\(getpid())").path
try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }

let path = directory + "/big.yaml"
try yaml.write(toFile: path, atomically: true, encoding: .utf8)
let workspace = try Workspace.load(path: path)
let model = try AppModel(workspacePath: path, workspace: workspace, settings: WorkbenchSettings(), size: size,
                         mailbox: Mailbox(wake: {}))
var treeFrames: [Double] = []
var previous: Frame?
var buffer = CellBuffer(size: size)
for step in 0..<frames {
    let key: Key = step % 50 == 49 ? .pageDown : .down
    let begin = now()
    model.handle(key)
    let frame = model.frame()
    painter.paint(frame, over: previous, on: &buffer)
    treeFrames.append(now() - begin)
    previous = frame
}
print("tree: \(requestCount) requests")
print("  key → frame (model updated, whole screen laid out, changed panes painted): median \(milliseconds(percentile(treeFrames, 0.5))), p99 \(milliseconds(percentile(treeFrames, 0.99)))")

// MARK: - The In flight pane over a large record table

let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
var address = sockaddr_in()
address.sin_family = sa_family_t(AF_INET)
address.sin_addr.s_addr = inet_addr("127.0.0.1")
var length = socklen_t(MemoryLayout<sockaddr_in>.size)
_ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
listen(listener, 16)
_ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
let port = Int(UInt16(bigEndian: address.sin_port))
// A server that takes the connection and never answers: one request hangs, the rest queue.
let hangingPath = directory + "/hanging.yaml"
try "config: {maxConcurrent: 1, timeout: 600}\nrequests:\n  hang: {url: \"http://127.0.0.1:\(port)/\"}\n"
    .write(toFile: hangingPath, atomically: true, encoding: .utf8)
let hanging = try AppModel(workspacePath: hangingPath, workspace: try Workspace.load(path: hangingPath), settings: WorkbenchSettings(),
                           size: size, mailbox: Mailbox(wake: {}))
for _ in 0..<recordCount { hanging.perform(.send) }
hanging.perform(.focus(.inFlight))
hanging.perform(.zoom)
var refreshFrames: [Double] = []
var plainFrames: [Double] = []
previous = nil
for step in 0..<frames {
    let begin = now()
    if step % 2 == 0 { hanging.tick(now: Date(), force: true) }
    hanging.handle(.down)
    let frame = hanging.frame()
    painter.paint(frame, over: previous, on: &buffer)
    if step % 2 == 0 { refreshFrames.append(now() - begin) } else { plainFrames.append(now() - begin) }
    previous = frame
}
print("in flight: \(recordCount) requests in the record table (one hanging, the rest queued)")
print("  frame with the table read again: median \(milliseconds(percentile(refreshFrames, 0.5))), p99 \(milliseconds(percentile(refreshFrames, 0.99)))")
print("  frame between reads (at most ten reads a second): median \(milliseconds(percentile(plainFrames, 0.5))), p99 \(milliseconds(percentile(plainFrames, 0.99)))")
hanging.perform(.cancelAll)

// MARK: - The Runs pane over a batch of 10,000 requests

/// A batch of `count` requests to the server that never answers (one hangs, the rest queue),
/// started from the Requests tree and shown in Runs, zoomed: frames while the cursor moves
/// over its members, the batch's figures read on each.
@MainActor func runsFigures(count: Int) throws -> (frames: [Double], header: String) {
    var text = "config: {maxConcurrent: 1, timeout: 600}\nrequests:\n"
    for index in 0..<count { text += "  r-\(index): {url: \"http://127.0.0.1:\(port)/\(index)\"}\n" }
    text += "batches:\n  zzbatch:\n    requests: [" + (0..<count).map { "r-\($0)" }.joined(separator: ", ") + "]\n"
    let path = directory + "/batch.yaml"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let model = try AppModel(workspacePath: path, workspace: try Workspace.load(path: path), settings: WorkbenchSettings(), size: size,
                             mailbox: Mailbox(wake: {}))
    // The tree filtered to the batch, then Enter runs it.
    model.handle(.character("1"))
    model.handle(.character("/"))
    for character in "zzbatch" { model.handle(.character(character)) }
    model.handle(.enter)
    model.handle(.enter)
    model.applyUpdates()
    model.perform(.focus(.runs))
    model.perform(.zoom)
    model.handle(.enter)  // open the run: its members listed
    var keyFrames: [Double] = []
    var previous: Frame?
    for step in 0..<frames {
        let begin = now()
        if step % 10 == 0 { model.applyUpdates() }
        model.handle(step % 50 == 49 ? .pageDown : .down)
        let frame = model.frame()
        painter.paint(frame, over: previous, on: &buffer)
        keyFrames.append(now() - begin)
        previous = frame
    }
    model.handle(.home)
    let header = model.frame().panes.first { $0.pane == .runs }?.lines.first { $0.text.contains("zzbatch") }?.text ?? "the batch is not listed"
    model.perform(.cancelAll)
    return (keyFrames, header)
}

let batchSize = Int(settings["batch"] ?? "") ?? 10_000
let runs = try runsFigures(count: batchSize)
print("runs: a batch of \(batchSize) requests in the Runs pane (one hangs, the rest queue), zoomed, its members listed")
print("  shown: \(runs.header.trimmingCharacters(in: .whitespaces).prefix(80))")
print("  key → frame: median \(milliseconds(percentile(runs.frames, 0.5))), p99 \(milliseconds(percentile(runs.frames, 0.99)))")
close(listener)

// MARK: - The Events pane taking a million events

/// The Events log as the engine feeds it, one update at a time (a request started, then
/// stopped: two entries), `count` in all: what applying them costs (per event, at first and
/// once the log is full), and a frame after.
@MainActor func eventsFigures(count: Int) throws -> (first: Double, full: Double, frames: [Double]) {
    let mailbox = Mailbox(wake: {})
    let model = try AppModel(workspacePath: hangingPath, workspace: try Workspace.load(path: hangingPath),
                             settings: WorkbenchSettings(), size: size, mailbox: mailbox)
    model.perform(.focus(.events))
    model.perform(.zoom)
    let request = Request()
    var perEvent: [Double] = []
    let batch = 1_000
    for first in stride(from: 0, to: count, by: batch) {
        for index in first ..< min(count, first + batch) {
            mailbox.post(index % 2 == 0 ? .started(.request(request)) : .stopped(.request(request)))
        }
        let begin = now()
        model.applyUpdates()
        perEvent.append((now() - begin) / Double(batch))
    }
    var keyFrames: [Double] = []
    var previous: Frame?
    for step in 0..<frames {
        let begin = now()
        model.handle(step % 20 == 19 ? .pageUp : .up)
        let frame = model.frame()
        painter.paint(frame, over: previous, on: &buffer)
        keyFrames.append(now() - begin)
        previous = frame
    }
    return (perEvent.first ?? 0, percentile(Array(perEvent.suffix(max(1, perEvent.count / 2))), 0.5), keyFrames)
}

let eventCount = Int(settings["events"] ?? "") ?? 1_000_000
let events = try eventsFigures(count: eventCount)
print("events: \(eventCount) engine updates into the Events pane, a thousand at a time (it keeps the newest 5,000)")
print("  applying one: \(String(format: "%.2f µs", events.first * 1e6)) in the first thousand, \(String(format: "%.2f µs", events.full * 1e6)) once full (median)")
print("  key → frame after: median \(milliseconds(percentile(events.frames, 0.5))), p99 \(milliseconds(percentile(events.frames, 0.99)))")

// MARK: - The Cache pane over a large cache directory

/// `count` entries of the workspace's one cached request's kind, written as the engine
/// writes them (a body and its metadata), created over the last ten minutes.
func writeCacheEntries(_ count: Int, to directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    for index in 0..<count {
        let body = Data("{\"id\":\(index),\"name\":\"Item \(index)\"}".utf8)
        let metadata = CacheMetadata(version: index % 3, sensitiveDataDigest: nil, stringEncoding: "utf-8",
                                     creationDate: Date().addingTimeInterval(-Double(index % 600)), appVersion: "1.0",
                                     method: "GET", url: "http://127.0.0.1:9/items/\(index)", arguments: nil, statusCode: 200,
                                     contentType: "application/json", httpVersion: "HTTP/1.1", bodySize: body.count,
                                     bodyDigest: SHA256Hex.of(body))
        let name = SHA256Hex.of(Data("entry \(index)".utf8))
        try body.write(to: URL(fileURLWithPath: directory + "/" + name))
        try encoder.encode(metadata).write(to: URL(fileURLWithPath: directory + "/" + name + ".metadata"))
    }
}

let cacheDirectory = directory + "/cache"
try writeCacheEntries(cacheEntryCount, to: cacheDirectory)
let cachedPath = directory + "/cached.yaml"
try "config: {cacheDirectory: \"\(cacheDirectory)\"}\nrequests:\n  items: {url: \"http://127.0.0.1:9/items/1\", cache: {seconds: 600}}\n"
    .write(toFile: cachedPath, atomically: true, encoding: .utf8)
started = now()
let listed = DispatchSemaphore(value: 0)
let cached = try AppModel(workspacePath: cachedPath, workspace: try Workspace.load(path: cachedPath), settings: WorkbenchSettings(),
                          size: size, mailbox: Mailbox(wake: { listed.signal() }))
// The directory is read off the input loop; its result arrives through the mailbox.
while cached.isReadingCache, listed.wait(timeout: .now() + 60) == .success { cached.applyUpdates() }
let cacheReadTime = now() - started
cached.perform(.focus(.cache))
cached.perform(.zoom)
var cacheFrames: [Double] = []
previous = nil
let cacheStart = Date()
for step in 0..<frames {
    let begin = now()
    cached.handle(step % 50 == 49 ? .pageDown : .down)
    let at = cacheStart.addingTimeInterval(Double(step) / 60)
    cached.tick(now: at)
    let frame = cached.frame(now: at)
    painter.paint(frame, over: previous, on: &buffer)
    cacheFrames.append(now() - begin)
    previous = frame
}
print("cache: \(cacheEntryCount) entries on disk")
print("  the directory read and judged (on an event: a write, a delete, an expiry; off the input loop): \(milliseconds(cacheReadTime))")
print("  key → frame: median \(milliseconds(percentile(cacheFrames, 0.5))), p99 \(milliseconds(percentile(cacheFrames, 0.99)))")

let worst = max(percentile(bodyFrames, 0.5), percentile(treeFrames, 0.5), percentile(refreshFrames, 0.5), percentile(events.frames, 0.5),
                percentile(cacheFrames, 0.5), percentile(runs.frames, 0.5))
print(worst <= 0.005 ? "every median within the 5 ms target" : "OVER the 5 ms target")
