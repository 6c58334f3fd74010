#if WebSockets
import Courier
import CourierFormat
import CourierFormatCore
import CourierWebSocket
import Foundation

/// A `ws://`/`wss://` request's transport, from its `messages:` and `subprotocols:`: each step
/// rendered with the request's variables, an `expect:` evaluated on the server's messages as
/// `until:` is on events. With a script, the session closes (1000) after its last step unless
/// a step closed it; without one it stays open until the server closes it, the request is
/// ended (`x`) or its deadline passes. Only with the WebSockets trait (on by default); without
/// it a `ws://` request reaches libcurl, which says it does not support the protocol.
enum WebSocketSession {
    static func transport(_ definition: WebSocketDefinition, render: (String) throws(TemplateError) -> String,
                          renderJSON: (JSONValue) throws(TemplateError) -> JSONValue) throws(TemplateError) -> WebSocketTransport {
        var script: [WebSocketStep] = []
        for step in definition.steps {
            switch step {
            case .send(let text): script.append(.text(try render(text)))
            case .sendJSON(let value): script.append(.text(String(decoding: try renderJSON(value).serialized(), as: UTF8.self)))
            case .binary(let data): script.append(.binary(data))
            case .ping(let text): script.append(.ping(Data(try render(text).utf8)))
            case .wait(let seconds): script.append(.wait(seconds))
            case .expect(let condition, let timeout):
                script.append(.expect(WebSocketExpectation(condition.text, timeout: timeout) { message in
                    condition.holds { StreamDefinition.value(of: $0, in: message) }
                }))
            case .close(let code, let reason): script.append(.close(code: UInt16(code), reason: try reason.map(render)))
            }
        }
        let closes = !script.isEmpty && !script.contains { if case .close = $0 { true } else { false } }
        return WebSocketTransport(script: script, closesAfterScript: closes, subprotocols: definition.subprotocols)
    }
}
#endif
