import Courier
import CourierFormatCore
import CourierMock
import CourierWorkspace
import Foundation

/// What `courier mock` prints: the routes when it listens, a line per call, the verdicts.
enum MockOutput {
    static func listening(_ server: MockServer, workspace: String) -> String {
        let service = server.service
        var lines = ["courier mock: \(workspace) on \(server.baseURL) — \(service.routes.count) routes"
                     + (service.documentedOnly.isEmpty ? "" : ", \(service.documentedOnly.count) more from the OpenAPI document")]
        if let caFile = server.caFile { lines.append("  TLS: trust \(caFile) (curl --cacert, REQUESTS_CA_BUNDLE)") }
        let width = max(6, service.routes.map(\.method.count).max() ?? 0)
        for route in service.routes {
            lines.append("  " + route.method.padding(toLength: width, withPad: " ", startingAt: 0) + " " + route.path
                         + (route.requestName.map { "  (\($0))" } ?? ""))
        }
        for name in service.documentedOnly { lines.append("  " + name + "  (openapi)") }
        lines.append("Ctrl-C stops it.")
        return lines.joined(separator: "\n") + "\n"
    }

    static func listeningJSON(_ server: MockServer) -> String {
        var object: [String: JSONValue] = [
            "event": "listening", "url": .string(server.baseURL), "port": .int(server.port),
            "routes": .array(server.service.routes.map { route in
                .object(["route": .string(route.name), "request": route.requestName.map(JSONValue.string) ?? .null])
            }),
            "documented": .array(server.service.documentedOnly.map(JSONValue.string)),
        ]
        if let caFile = server.caFile { object["caFile"] = .string(caFile) }
        return String(decoding: JSONValue.object(object).serialized(), as: UTF8.self) + "\n"
    }

    /// `12:00:01.123  GET /pets/7  200  mock  GET /pets/{id} (getPet)  212 ms`.
    static func line(_ call: MockCall) -> String {
        let time = timeFormat.string(from: call.date)
        let target = call.path + (call.query.isEmpty ? "" : "?" + call.query)
        var parts = [time, "\(call.method) \(TerminalText.neutralized(target))", String(call.status), call.sourceText]
        if let route = call.route { parts.append(route + (call.request.map { " (\($0))" } ?? "")) }
        if call.delayMilliseconds > 0 { parts.append(String(format: "%.0f ms", call.delayMilliseconds)) }
        if let warning = call.warning { parts.append("warning: " + TerminalText.neutralized(warning)) }
        return parts.joined(separator: "  ")
    }

    static func jsonLine(_ call: MockCall) -> String {
        guard case .object(var members)? = try? JSONValue(encoding: call, encoder: encoder) else { return "{}" }
        members["event"] = "call"
        return String(decoding: JSONValue.object(members).serialized(), as: UTF8.self)
    }

    static func verdicts(_ verdicts: [MockVerdict]) -> String {
        guard !verdicts.isEmpty else { return "" }
        let failed = verdicts.filter { !$0.isMet }.count
        var lines = ["expected calls: " + (failed == 0 ? "all \(verdicts.count) met" : "\(failed) of \(verdicts.count) not met")]
        for verdict in verdicts {
            lines.append("  \(verdict.isMet ? "ok  " : "FAIL") \(name(of: verdict.expectation)): \(verdict.count) call\(verdict.count == 1 ? "" : "s"), "
                         + "expected \(verdict.expectation.expected)  (\(verdict.expectation.location))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func verdictsJSON(_ verdicts: [MockVerdict], signal: Int32) -> String {
        let items: [JSONValue] = verdicts.map { verdict in
            .object(["expected": .string(name(of: verdict.expectation)), "count": .int(verdict.count),
                     "wanted": .string(verdict.expectation.expected), "met": .bool(verdict.isMet)])
        }
        let object: JSONValue = .object(["event": "stopped", "signal": .int(Int(signal)), "verdicts": .array(items),
                                         "met": .bool(verdicts.allSatisfy(\.isMet))])
        return String(decoding: object.serialized(), as: UTF8.self) + "\n"
    }

    private static func name(of expectation: CallExpectation) -> String {
        switch expectation.target {
        case .request(let name): return "request \(name)"
        case .route(let method, let path): return "\(method) \(path)"
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let timeFormat: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss.SSS"
        return formatter
    }()
}
