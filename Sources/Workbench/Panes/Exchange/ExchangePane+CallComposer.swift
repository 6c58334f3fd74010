import CourierWorkspace
import Courier
import Foundation

/// The composer on a `grpc:` request: its Metadata in place of Params, its Message in place
/// of Body — the message(s) as proto3 JSON, checked against the method's schema each time the
/// file is read (after `e` and a save in the editor, the check shows at once, naming the field
/// and its line) — and a URL line that is the call's. Its method and server are in `grpc:`:
/// the URL line takes no edit.
extension ExchangePane {
    /// The `grpc:` of the request `draft` edits; nil for an HTTP request.
    func call(of draft: RequestDraft) -> GRPCDefinition? {
        source.effectiveDefinition(of: draft.name)?.grpc
    }

    /// A tab's title for a call: Metadata, Headers, Message, Auth, Options.
    static func callTabTitle(_ tab: ComposerState.Tab) -> String {
        switch tab {
        case .params: "Metadata"
        case .body: "Message"
        default: tab.title
        }
    }

    /// Why the URL line of a call takes no edit (`m`, `u`); nil for an HTTP request.
    func callURLRefusal(_ draft: RequestDraft) -> String? {
        guard call(of: draft) != nil else { return nil }
        return "a gRPC call's server, service and method are in its grpc: — e edits them in $EDITOR"
    }

    /// The call's URL as it would be sent; while its schema is not loaded, that it loads on send.
    func callURLText(_ draft: RequestDraft, request: WorkspaceRequest?) -> StyledLine {
        let rendered = (try? source.engine.scope.render(draft.url)) ?? draft.url
        var line = StyledLine(source.revealsSecrets ? rendered : source.engine.scope.redact(rendered))
        if request?.needsSchema == true {
            line.append("  schema not loaded yet: a send or B loads it", .dim)
        } else if let problem = request?.argumentsProblem() {
            line.append("  \(problem)", .failure)
        }
        return line
    }

    /// The Metadata tab: `metadata:` as written.
    func metadataLines(_ grpc: GRPCDefinition) -> [StyledLine] {
        guard !grpc.metadata.isEmpty else { return [StyledLine(" No metadata (metadata: in the file; e edits it).", .dim)] }
        let width = min(24, grpc.metadata.map { DisplayWidth.of($0.key) }.max() ?? 0)
        return [StyledLine(" Sent as request metadata with the headers — e edits it", .dim)] + grpc.metadata.map { entry in
            StyledLine.build { line in
                line.append(" " + DisplayWidth.padded(entry.key, to: width) + "  ", .syntaxKey)
                line.append(entry.value)
            }
        }
    }

    /// The Message tab: whether the message is one of the method's type by its schema (or
    /// what is wrong, where), then `message:` as JSON and the steps of `messages:`.
    func messageLines(_ grpc: GRPCDefinition, request: WorkspaceRequest?, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        if request?.needsSchema == true {
            lines.append(StyledLine(" The schema is not loaded yet: a send or B loads it, then the message is checked here.", .dim))
        } else if let problem = request?.argumentsProblem() {
            lines += Wrapping.lines(problem, width: max(10, width - 4)).enumerated().map { index, text in
                StyledLine((index == 0 ? " \(glyphs.failure) " : "   ") + text, .failure)
            }
        } else if let type = request?.callInputType {
            lines.append(StyledLine.build { line in
                line.append(" \(glyphs.success) ", .success)
                line.append("a \(type) by the schema", .dim)
                line.append(" — e edits it", .dim)
            })
        }
        if let message = grpc.message {
            lines += jsonLines(message.json)
        } else if grpc.steps.isEmpty {
            lines.append(StyledLine(" No message: an empty one is sent (every field at its default).", .dim))
        }
        if !grpc.steps.isEmpty {
            lines.append(StyledLine(" messages:", .syntaxKey))
            lines += grpc.steps.map { step in
                switch step {
                case .send(let message):
                    StyledLine.build { line in
                        line.append("   send ", .accent)
                        line.append(String(decoding: message.json.serialized(), as: UTF8.self))
                    }.truncated(to: width)
                case .expect(let condition, let timeout):
                    StyledLine("   expect \(condition.text)" + (timeout == 5 ? "" : " within \(YAMLScalar.seconds(timeout)) s"), .plain)
                        .truncated(to: width)
                case .wait(let seconds): StyledLine("   wait \(YAMLScalar.seconds(seconds)) s", .dim)
                case .close: StyledLine("   close", .dim)
                }
            }
            if !grpc.steps.contains(.close) {
                lines.append(StyledLine(" then the call stays open: i types more messages, x half-closes it", .dim))
            }
        }
        return lines
    }
}
