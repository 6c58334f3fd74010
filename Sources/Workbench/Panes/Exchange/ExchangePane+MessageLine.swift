import CourierWorkspace
import Courier
import Foundation

/// The message line: while a WebSocket session or a client-streaming gRPC call is open, the
/// bottom row of the response, where `i` types a message and Enter sends it (it comes back
/// through the stream as a sent message, `→` in the transcript). A call's message is proto3
/// JSON, encoded by the method's schema: one that is not stays on the line, and the status
/// line says what is wrong at which field. Each request keeps its line and what it sent.
extension ExchangePane {
    /// The selected exchange while it is a session that takes messages and is in flight.
    var messageSession: Exchange? {
        guard let exchange = selection.selectedExchange, exchange.isInFlight, exchange.request.takesMessages else { return nil }
        return exchange
    }

    /// Why the message line does not open now; nil when it does.
    var messageLineRefusal: String? {
        guard messageSession == nil else { return nil }
        let key = KeyMap.keys(for: .typeMessage, in: scope).first.map(KeyMap.label(of:)) ?? "i"
        guard let exchange = selection.selectedExchange else {
            return "\(key) types a message to an open WebSocket session or streaming gRPC call: send one first"
        }
        if exchange.request.grpcCall != nil {
            guard exchange.isInFlight else { return "the call of \(exchange.name) has ended — send the request again to make another" }
            return "\(exchange.name)'s call takes no more messages (it is not client streaming, or it half-closed)"
        }
        guard exchange.request.takesMessages else {
            return "\(key) types a message to a WebSocket session or a streaming gRPC call: \(exchange.name) is neither"
        }
        return "the WebSocket session of \(exchange.name) has ended — send the request again to open another"
    }

    /// `i`: the selected session's message line takes the keys, the response shows its stream.
    func openMessageLine() {
        guard let exchange = messageSession else { return }
        inspection = nil
        section = .response
        if responseTab == .history { responseTab = .body }
        typing = .message(exchange.name)
    }

    /// A key on the message line: its own keys (send, history, leave), then the editor's.
    func handleMessageKey(_ key: Key, request name: String) {
        var line = messageLines[name, default: MessageLine()]
        switch KeyMap.ownAction(for: key, in: .messageLine) {
        case .sendMessage?: send(&line, request: name)
        case .olderMessage?: line.recall(older: true)
        case .newerMessage?: line.recall(older: false)
        case .cancelLine?: typing = nil
        default:
            switch line.editor.handle(key) {
            case .editing, .passed: break
            case .committed: send(&line, request: name)
            case .cancelled: typing = nil
            }
        }
        messageLines[name] = line
    }

    /// Sends the line's text on the request's session and empties the line; when the session
    /// refuses it, the text stays and the status line says why.
    private func send(_ line: inout MessageLine, request name: String) {
        let text = line.text
        guard !text.isEmpty else { return say("an empty line sends nothing: type a message first", .info) }
        guard let exchange = source.exchanges[name], exchange.isInFlight else {
            let what = source.exchanges[name]?.request.grpcCall != nil ? "call" : "WebSocket session"
            return say("not sent: the \(what) of \(name) has ended — send the request again to open another", .warning)
        }
        if exchange.request.grpcCall != nil, let call = exchange.request as? WorkspaceRequest {
            // A call's message is JSON its method's schema encodes; what is wrong stays on the line.
            let message: Data
            do { message = try call.encodedCallMessage(text) } catch { return say("not sent: \(error)", .warning, seconds: 8) }
            guard call.send(.binary(message)) else {
                return say("not sent: \(name)'s call has half-closed — send the request again to make another", .warning)
            }
        } else if !exchange.request.send(.text(text)) {
            return say("not sent: the WebSocket session of \(name) is not open (still connecting, or closing)", .warning)
        }
        line.sent()
        // The answer is what one waits for: the view goes to the newest messages.
        exchange.streamView?.follow()
    }

    /// The response's bottom row for `exchange`: the message line being typed, or while its
    /// session is open, where `i` types one; nil otherwise.
    func messageLineRow(_ exchange: Exchange, width: Int, row: Int, column: Int, frame: inout Frame) -> StyledLine? {
        let prompt = " \(StreamView.arrow(.sent, glyphs: glyphs)) "
        if case .message(let name)? = typing, name == exchange.name {
            var line = messageLines[name, default: MessageLine()]
            defer { messageLines[name] = line }
            return typingLine(prompt, &line.editor, width: width, row: row, column: column, frame: &frame)
        }
        guard exchange.isInFlight, exchange.request.takesMessages else { return nil }
        let draft = messageLines[exchange.name]?.text ?? ""
        return StyledLine.build { line in
            line.append(prompt, .dim)
            if draft.isEmpty {
                let key = KeyMap.keys(for: .typeMessage, in: scope).first.map(KeyMap.label(of:)) ?? "i"
                let cancel = KeyMap.keys(for: .cancel).first.map(KeyMap.label(of:)) ?? "x"
                line.append(exchange.request.grpcCall != nil ? "\(key) types a message (JSON) to the call · \(cancel) half-closes it"
                                                              : "\(key) types a message to the session", .dim)
            } else {
                line.append(draft, .dim)
            }
        }.truncated(to: width)
    }
}
