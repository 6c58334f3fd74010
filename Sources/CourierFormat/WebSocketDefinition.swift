import Courier
import CourierChecks
import CourierFormatCore
import Foundation

/// `messages:` and `subprotocols:` on a `ws://` or `wss://` request: what the session does
/// once open, in order. `courier run` closes it after the last step (1000) unless a step
/// closed it; the workbench keeps it open for messages typed in.
///
/// ```yaml
/// ws-echo:
///   url: "{{demoWS}}/ws"
///   subprotocols: [courier.v1]
///   messages:
///     - send: hello                          # text
///     - send: {type: subscribe, id: 1}       # a mapping or list is sent as JSON text
///     - expect: $.type == "ack"              # the `when:` syntax, on the server's next messages
///     - {expect: 'data == "hello"', timeout: 2}
///     - binary: AAEC/w==                     # base64
///     - ping: hi
///     - wait: 0.5
///     - close: {code: 4000, reason: done}    # or close: 1000
/// ```
///
/// `expect:` reads `data` (the message as text), `event` (`text` or `binary`), `sequence` and
/// `$.PATH` (the message parsed as JSON); it waits up to `timeout` seconds (5) for a message
/// since the previous `expect:`, and the run fails when none meets it.
public struct WebSocketDefinition: Sendable, Hashable {
    package enum Step: Sendable, Hashable {
        case send(String)
        case sendJSON(JSONValue)
        case binary(Data)
        case ping(String)
        case wait(Double)
        case expect(Condition, timeout: Double)
        case close(code: Int, reason: String?)
    }

    package var steps: [Step] = []
    public var subprotocols: [String] = []

    public init() {}

    static let stepKinds = ["send", "binary", "ping", "wait", "expect", "close"]

    init(messages: YAMLValue?, subprotocols: YAMLValue?) throws(WorkspaceError) {
        if let subprotocols {
            self.subprotocols = try subprotocols.list(expected: "a list of subprotocol names").map { item throws(WorkspaceError) in
                try item.string(expected: "a subprotocol name")
            }
        }
        guard let messages else { return }
        for item in try messages.list(expected: "a list of steps: send, binary, ping, wait, expect, close") {
            steps.append(try Self.step(item))
        }
    }

    private static func step(_ item: YAMLValue) throws(WorkspaceError) -> Step {
        let map = try item.mapping(allowed: stepKinds + ["timeout"], expected: "a step: {send: …}, {expect: …}, {wait: S}, {close: CODE}, …")
        let kinds = map.entries.filter { stepKinds.contains($0.name) }
        guard kinds.count == 1, let entry = kinds.first else {
            throw item.error(.invalidValue, "a step has one of send, binary, ping, wait, expect, close (found \(kinds.count))")
        }
        if map["timeout"] != nil, entry.name != "expect" {
            throw item.error(.invalidValue, "timeout: belongs to an expect: step")
        }
        let value = entry.value
        switch entry.name {
        case "send":
            if case .scalar = value.node { return .send(try value.string(expected: "a message: text, or a mapping sent as JSON")) }
            return .sendJSON(try value.json())
        case "binary":
            let text = try value.string(expected: "base64 bytes")
            guard let data = Data(base64Encoded: text) else { throw value.error(.invalidValue, "not base64: \"\(text.prefix(40))\"") }
            return .binary(data)
        case "ping":
            return .ping(try value.string(expected: "a ping's payload (text)"))
        case "wait":
            return .wait(try value.double(in: 0...3_600, "seconds to wait"))
        case "expect":
            let condition = try StreamDefinition.eventCondition(value, key: "expect")
            let timeout = try map["timeout"]?.double(in: 0.001...3_600, "seconds to wait for the message") ?? 5
            return .expect(condition, timeout: timeout)
        default:
            return try close(value)
        }
    }

    private static func close(_ value: YAMLValue) throws(WorkspaceError) -> Step {
        let codes = "a close code: 1000, or 3000–4999"
        if case .scalar = value.node {
            let code = try value.int(in: 1000...4999, codes)
            return .close(code: code, reason: nil)
        }
        let map = try value.mapping(allowed: ["code", "reason"], expected: "{code: 1000, reason: TEXT}")
        let code = try map["code"]?.int(in: 1000...4999, codes) ?? 1000
        return .close(code: code, reason: try map["reason"]?.string(expected: "a reason (text)"))
    }
}
